/**
 * The pricing module's browser face (integer Rappen, discounts rounded to 5 Rappen, VAT contained,
 * shipping): the part pages may run in the browser. Reaches no Drizzle, database driver, node:
 * module or other server package (checked by .dependency-cruiser-browser.cjs;
 * docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './money.ts';
export * from './pricing.ts';
export * from './shipping.ts';
