/**
 * The orders module's browser face (checkout, order codes, status changes, refunds, fulfilment,
 * hoarding rules): the part pages may run in the browser. Reaches no Drizzle, database driver,
 * node: module or other server package (checked by .dependency-cruiser-browser.cjs;
 * docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './carriers.ts';
export * from './status.ts';
export * from './summary.ts';
