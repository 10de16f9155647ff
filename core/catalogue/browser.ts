/**
 * The catalogue module's browser face (products, import, admin management, photos,
 * list/detail/home sections, live search, sitemap): the part pages may run in the browser. Reaches
 * no Drizzle, database driver, node: module or other server package (checked by .dependency-
 * cruiser-browser.cjs; docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './bulk-photos.ts';
export * from './csv-columns.ts';
export * from './fields.ts';
export * from './limits.ts';
export * from './packaging.ts';
export * from './product-texts.ts';
export * from './values.ts';
