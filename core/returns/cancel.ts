/**
 * The customer cancels their own order while it is unpaid; through transitionOrder, in one
 * transaction, the stock, the promo use and the influencer bonus are given back exactly as when an
 * unpaid order expires. Once money has arrived it is a refund, done by the shop (409).
 */
import { eq } from 'drizzle-orm';
import { recordAuditOn } from '../audit/index.ts';
import { orders, type OrderWithLines } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { emit } from '../events/index.ts';
import { findOrder, transitionOrder } from '../orders/index.ts';
import { openPaymentAttempt } from '../payments/index.ts';
import type { Shop } from '../shop-type.ts';

/**
 * Cancels the customer's own unpaid order (stock, promo use and influencer bonus given back by
 * transitionOrder, in one transaction) and mails the customer. This also frees a place under the
 * cap on open unpaid orders (core/orders/hoarding.ts), which counts `pending_payment` orders.
 * @param idOrCode the order's id or code.
 * @returns the cancelled order.
 * @throws {DomainError} `not_found` (unknown or someone else's order); `conflict` once money has
 *   arrived (`returns.cancelPaid`: then it is a refund, done by the shop), when the order is no
 *   longer open (`returns.cancelClosed`), or while a card payment started in the last minutes may
 *   still pay (`returns.cancelPaymentOpen`, param `minutes`; core/payments `openPaymentAttempt`).
 */
export async function cancelOrderByCustomer(shop: Shop, idOrCode: string, userId: string, now = new Date()): Promise<OrderWithLines> {
  const id = await shop.db.transaction(async (tx) => {
    const found = await findOrder(tx, idOrCode);
    if (!found || found.userId !== userId) throw new DomainError('not_found', 'Order not found', { key: 'orderNotFound' });
    const [order] = await tx.select().from(orders).where(eq(orders.id, found.id)).for('update');
    if (
      order.paidAmount > 0 ||
      order.paymentStatus !== 'unpaid' ||
      (order.status !== 'pending_payment' && order.status !== 'cancelled' && order.status !== 'expired')
    )
      throw new DomainError('conflict', 'This order has been paid and can no longer be cancelled; please contact us for a refund', {
        key: 'returns.cancelPaid',
      });
    if (order.status !== 'pending_payment')
      throw new DomainError('conflict', 'This order is no longer open and cannot be cancelled', { key: 'returns.cancelClosed' });
    // a payment in flight would land on a cancelled order (a refund by hand): wait for its outcome
    const attempt = await openPaymentAttempt(tx, order.id, now);
    if (attempt) {
      const minutes = Math.max(1, Math.ceil(attempt.holdLeftS / 60));
      throw new DomainError(
        'conflict',
        `A card payment for this order is still in progress. If you do not complete it, you can cancel the order in ${minutes} minutes.`,
        {
          key: 'returns.cancelPaymentOpen',
          params: { minutes },
        },
      );
    }
    const row = await transitionOrder(tx, order.id, 'cancelled', `user:${userId}`, 'cancelled by the customer', now);
    await recordAuditOn(tx, `user:${userId}`, 'order.cancel', order.id, {
      before: { status: order.status },
      after: { status: 'cancelled' },
    });
    await emit(tx, { type: 'order.cancelledByCustomer', orderId: row.id });
    return order.id;
  });
  return (await findOrder(shop.db, id))!;
}
