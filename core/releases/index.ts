/**
 * The releases module's face (release day: a product announced for a release time, a limit per
 * customer and the payment its orders accept): what other modules and layers import of it; its
 * other files are inner (docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './browser.ts';
export * from './service.ts';
