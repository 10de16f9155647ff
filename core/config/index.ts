/**
 * The config module's face (environment, shop settings, production readiness, delivery region):
 * what other modules and layers import of it; its other files are inner
 * (docs/decisions/018-module-faces.md).
 */
// Environment and production
export { EnvError, loadEnv, parseTrustProxy, type Env } from './env.ts';
export { secureTransport } from './production.ts';
// Shop settings
export { getSettings, updateSettings } from './service.ts';
export { getSettings as getCachedSettings, invalidateSettings } from './settings-cache.server.ts';
export { DEFAULT_SETTINGS, type ShopSettings } from './settings.ts';
export { MAX_LOGO_BYTES, siteBrand } from './site-brand.ts';
export { compactIban, isQrIban, normalizeIban } from './seller.ts';
// Delivery region
export { assertDeliveryRegion, regionContext, regionProblem, withRegionContext } from './region.ts';
