/**
 * "Pay now" on an unpaid card order: a customer whose card payment was abandoned (the provider's
 * page closed, the phone locked, no answer from the provider) starts a new payment for the same
 * order, which still holds its stock until it expires; no new order, no second reservation.
 */
import { DomainError } from '../errors.ts';
import { getOrderFor, type OrderRow } from '../orders/index.ts';
import type { Shop } from '../shop-type.ts';
import { startPayment } from './checkout.ts';

/** The payment methods paid on a provider's hosted page (a bank transfer is paid with its QR-bill). */
const HOSTED_PAYMENT_METHODS: readonly string[] = ['sandbox', 'datatrans'];

/**
 * Whether the customer may start a new payment for `order` now: still awaiting payment, nothing
 * paid yet, paid on a provider's page, and not past its reservation (`expiresAt`; the expiry job
 * may not have run yet). A declined or cancelled payment cancels the order (core/payments
 * `recordPaymentFailure`), so what stays open is the abandoned one.
 */
export function mayPayNow(order: Pick<OrderRow, 'status' | 'paymentMethod' | 'paidAmount' | 'expiresAt'>, now = new Date()): boolean {
  return (
    order.status === 'pending_payment' &&
    order.paidAmount === 0 &&
    HOSTED_PAYMENT_METHODS.includes(order.paymentMethod) &&
    (!order.expiresAt || order.expiresAt.getTime() > now.getTime())
  );
}

/**
 * Starts a new payment with the order's provider for an unpaid card order of the viewer (the same
 * order and amount; a late answer for an older attempt cannot cancel it, recordPaymentFailure).
 * @param origin the shop's origin for the provider's return URLs.
 * @returns the provider's hosted payment page to send the customer to.
 * @throws {DomainError} `not_found` for someone else's order; `conflict` (key `orderNotPayable`)
 *   when the order is paid, cancelled, expired, a bank transfer, or partly paid.
 */
export async function payNow(
  shop: Shop,
  orderIdOrCode: string,
  viewer: { userId: string; role: string },
  origin: string,
  now = new Date(),
): Promise<{ redirectUrl: string }> {
  const order = await getOrderFor(shop, orderIdOrCode, viewer);
  if (!mayPayNow(order, now))
    throw new DomainError('conflict', 'This order no longer awaits payment', { key: 'orderNotPayable', params: { status: order.status } });
  const start = await startPayment(shop, order.id, viewer, origin);
  if (!('redirectUrl' in start))
    throw new DomainError('conflict', 'This order no longer awaits payment', { key: 'orderNotPayable', params: { status: order.status } });
  return { redirectUrl: start.redirectUrl };
}
