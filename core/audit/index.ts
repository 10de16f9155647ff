/**
 * The audit module's face (the admin audit log): what other modules and layers import of it; its
 * other files are inner (docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './readable.ts';
export * from './service.ts';
