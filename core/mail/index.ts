/**
 * The mail module's face (the outbox, mail templates in 15 languages, SMTP delivery): what other
 * modules and layers import of it; its other files are inner (docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export { shopMailAddress } from './addresses.ts';
export * from './compose.ts';
export * from './expire.ts';
export { registerMailHandlers } from './handlers.ts';
export * from './job-mails.ts';
export * from './layout.ts';
export * from './order-mails.ts';
export * from './order-summary.ts';
export * from './service.ts';
export * from './templates.ts';
export * from './test-mail.ts';
