/**
 * The jobs module's face (scheduled jobs (expiry, reminders, low stock, retention, outbox), once
 * across processes): what other modules and layers import of it; its other files are inner
 * (docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './browser.ts';
export * from './low-stock.ts';
export * from './runner.ts';
