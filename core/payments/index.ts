/**
 * The payments module's face (Datatrans, sandbox, QR-bill matching (camt.054), webhooks, refunds
 * at the provider): what other modules and layers import of it; its other files are inner
 * (docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './attention.ts';
export * from './camt054.ts';
export * from './checkout.ts';
export * from './manual.ts';
export * from './pain001.ts';
export * from './pay-now.ts';
export * from './refund-transfers.ts';
export * from './refunds.ts';
export * from './sandbox.ts';
