/**
 * The pricing module's face (integer Rappen, discounts rounded to 5 Rappen, VAT contained,
 * shipping): what other modules and layers import of it; its other files are inner
 * (docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './browser.ts';
