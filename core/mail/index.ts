/**
 * The mail module's face (the outbox, mail templates in 15 languages, SMTP delivery): what other
 * modules and layers import of it; its other files are inner (docs/decisions/018-module-faces.md).
 */
export { shopMailAddress } from './addresses.ts';
export { expireLinkBodies } from './expire.ts';
export { registerMailHandlers } from './handlers.ts';
export { deliverOutbox, listOutbox, releaseOutboxOnly } from './service.ts';
export { sendTestMail } from './test-mail.ts';
