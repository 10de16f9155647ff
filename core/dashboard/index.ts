/**
 * The dashboard module's face (the admin dashboard's figures): what other modules and layers
 * import of it; its other files are inner (docs/decisions/018-module-faces.md).
 */
export { dashboard, userCounts } from './service.ts';
