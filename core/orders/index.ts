/**
 * The orders module's face (checkout, order codes, status changes, refunds, fulfilment, hoarding
 * rules): what other modules and layers import of it; its other files are inner
 * (docs/decisions/018-module-faces.md).
 */
export { adminOrderDetails, lineWithBox, orderFilterFromParams, ordersCsv, packingList, searchOrders, shipOrder } from './admin.ts';
export { bankTransferDetails } from './bank-transfer.ts';
export { freeingExpiredUnits } from './expired-units.ts';
export { createOrder } from './checkout.ts';
export { alertShopOfMailRetries, orderMailPending, pendingOrderMails, retryOrderMails } from './mail-retries.ts';
export { PAYMENT_ATTEMPT_HOLD_S } from './payment-hold.ts';
export { availablePaymentMethods, PAYMENT_METHODS, sandboxEnabled } from './payment-methods.ts';
export { normalizeReference } from './payment-reference.ts';
export { creditNoteFor, refundsOfOrder, returnedUnits, type RefundRow } from './refunds.ts';
export { findOrder, getOrderFor, listOrdersOfUser, orderEventsOf, type OrderRow, type OrderWithLines } from './queries.ts';
export { adminTransition, expireDueOrders, transitionOrder } from './status-changes.ts';
