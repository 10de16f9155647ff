/**
 * The config module's browser face (environment, shop settings, production readiness, delivery
 * region): the part pages may run in the browser. Reaches no Drizzle, database driver, node:
 * module or other server package (checked by .dependency-cruiser-browser.cjs;
 * docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './production.ts';
export * from './promo-text.ts';
export * from './public-configuration.ts';
export * from './readiness.ts';
export * from './return-settings.ts';
export * from './seller.ts';
export * from './settings.ts';
export * from './site-brand.ts';
