/**
 * The releases module's face (release day: a product announced for a release time, a limit per
 * customer and the payment its orders accept): what other modules and layers import of it; its
 * other files are inner (docs/decisions/018-module-faces.md).
 */
export type { ReleaseFigures } from './browser.ts';
export {
  cardOnlyRelease,
  checkReleaseOrder,
  getRelease,
  getReleaseCached,
  releaseAddRefusal,
  releaseFigures,
  releaseOpen,
  releaseSettings,
  removeRelease,
  saveRelease,
} from './service.ts';
