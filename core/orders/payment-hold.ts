/**
 * How long after a card payment was started its order is left alone, seconds (10 min): the
 * customer may still be on the provider's payment page, and a payment landing on a cancelled
 * order must be refunded by hand. Neither the customer's own cancel (core/payments
 * `openPaymentAttempt`) nor a new checkout replacing the customer's open card orders
 * (status-changes.ts `cancelOpenCardOrders`) cancels such an order; a failed or abandoned attempt
 * cancels the order itself or lets it expire.
 */
export const PAYMENT_ATTEMPT_HOLD_S = 10 * 60;
