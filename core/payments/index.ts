/**
 * The payments module's face (Datatrans, sandbox, QR-bill matching (camt.054), webhooks, refunds
 * at the provider): what other modules and layers import of it; its other files are inner
 * (docs/decisions/018-module-faces.md).
 */
export { paymentsNeedingAttentionWithCodes } from './attention.ts';
export { Camt054Error, importCamt054, type ImportedCredit, type ImportSummary } from './camt054.ts';
export { openPaymentAttempt, receiveWebhook, startPayment } from './checkout.ts';
export { acceptsManualPayment, MANUAL_NOTE_MAX, MANUAL_PAYMENT_METHODS, manualPaymentToday, recordManualPayment, type ManualPaymentMethod } from './manual.ts';
export { mayPayNow, payNow } from './pay-now.ts';
export { exportRefundsToPay, markRefundsPaid, refundsToPay } from './refund-transfers.ts';
export { refundOrder, refundOrderInTx, reserveRefundInTx, resolvePendingRefund, retryRefund, settleRefund, type SettleOptions } from './refunds.ts';
export { checkSandboxPageToken, SANDBOX_SIGNATURE_HEADER, sandboxWebhook } from './sandbox.ts';
