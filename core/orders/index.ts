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
export { createOrder } from './checkout.ts';
export * from './mail-retries.ts';
export * from './payment-hold.ts';
export { availablePaymentMethods, PAYMENT_METHODS, sandboxEnabled } from './payment-methods.ts';
export * from './payment-reference.ts';
export * from './refunds.ts';
export { findOrder, getOrderFor, listOrdersOfUser, orderEventsOf, type OrderRow, type OrderWithLines } from './queries.ts';
export { adminTransition, expireDueOrders, transitionOrder } from './status-changes.ts';
