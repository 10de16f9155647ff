/**
 * The accounts module's browser face (registration, log-in, sessions and their cookies, roles,
 * two-factor (TOTP), first-run setup, privacy exports, retention purges): the part pages may run
 * in the browser. Reaches no Drizzle, database driver, node: module or other server package
 * (checked by .dependency-cruiser-browser.cjs; docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './age.ts';
export * from './cookies.ts';
export * from './roles.ts';
export * from './validation.ts';
