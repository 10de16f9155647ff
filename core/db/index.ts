/**
 * The db module's face (the data layer: Drizzle client, every table (schema/), content version,
 * backups, data-dir lock): what other modules and layers import of it; its other files are inner
 * (docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './backup.ts';
export * from './browser.ts';
export * from './client.ts';
export * from './content-version.ts';
export * from './data-dir.ts';
export * from './health.ts';
export * from './lock.ts';
export * from './prepared.ts';
export * from './schema/index.ts';
export * from './to-postgres.ts';
