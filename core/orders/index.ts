/**
 * The orders module's face (checkout, order codes, status changes, refunds, fulfilment, hoarding
 * rules): what other modules and layers import of it; its other files are inner
 * (docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './admin.ts';
export * from './bank-transfer.ts';
export * from './expired-units.ts';
export * from './browser.ts';
export * from './mail-retries.ts';
export * from './notifications.ts';
export * from './payment-hold.ts';
export * from './payment-reference.ts';
export * from './refunds.ts';
export * from './service.ts';
export * from './shop-mail.ts';
