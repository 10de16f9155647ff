/**
 * The names admin.ts, mail-retries.ts and notifications.ts still import from this file, which
 * once held the whole order service; it now lives by concern in checkout.ts, status-changes.ts,
 * payment-methods.ts and queries.ts. Those three files import from there once they are next
 * edited, and this file goes.
 */
export { PAYMENT_METHODS } from './payment-methods.ts';
export { expireDueOrders, transitionOrder } from './status-changes.ts';
export { findOrder, orderEventsOf, type OrderRow, type OrderWithLines } from './queries.ts';
