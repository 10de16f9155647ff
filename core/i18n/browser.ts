/**
 * The i18n module's browser face (locales and the translation engine shared by pages, mails and
 * errors): the part pages may run in the browser. Reaches no Drizzle, database driver, node:
 * module or other server package (checked by .dependency-cruiser-browser.cjs;
 * docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './dates.ts';
export * from './locales.ts';
