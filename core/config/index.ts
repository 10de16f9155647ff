/**
 * The config module's face (environment, shop settings, production readiness, delivery region):
 * what other modules and layers import of it; its other files are inner
 * (docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './browser.ts';
export * from './env.ts';
export * from './region.ts';
export * from './service.ts';
export { getSettings as getCachedSettings, invalidateSettings } from './settings-cache.server.ts';
