/**
 * The db module's browser face (the data layer: Drizzle client, every table (schema/), content
 * version, backups, data-dir lock): the part pages may run in the browser. Reaches no Drizzle,
 * database driver, node: module or other server package (checked by .dependency-cruiser-
 * browser.cjs; docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './schema/box-snapshot.ts';
export * from './schema/values.ts';
