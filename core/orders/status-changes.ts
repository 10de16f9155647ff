/**
 * Order status changes (docs/architecture.md, "Rules of the domain"): every change goes through
 * {@link transitionOrder}, which writes the status event and gives stock and the promo use back
 * when an unpaid order is cancelled or expires; unpaid orders expire on time
 * ({@link expireDueOrders}); a new card checkout replaces the customer's open card orders
 * ({@link cancelOpenCardOrders}); an admin's change is audited ({@link adminTransition}).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, lte, notExists, sql } from 'drizzle-orm';
import { products, orderEvents, orderLines, orders, paymentAttempts, type OrderRow, type OrderStatus } from '../db/index.ts';
import type { Db } from '../db/index.ts';
import { recordAuditOn } from '../audit/index.ts';
import { DomainError } from '../errors.ts';
import { releasePromoUse } from '../promos/index.ts';
import { bonusOnTransition } from '../influencer/index.ts';
import type { Shop } from '../shop-type.ts';
import { boxStockReturns } from '../custom-box/index.ts';
import { RELEASES_STOCK, transitionRefusal } from './status.ts';
import { PAYMENT_ATTEMPT_HOLD_S } from './payment-hold.ts';

/**
 * Moves an order to another state: the ONE place where order states change. Locks the order row,
 * checks the transition ({@link transitionRefusal}: allowed edge, full payment for `paid` and
 * beyond), records the change in `order_events` with time and actor, and gives stock and the promo
 * use back when an unpaid order is cancelled or expires. Call inside a transaction.
 * @param actor `user:<id>`, `admin:<id>`, `system` or `provider:<name>`.
 * @returns the updated order.
 * @throws {DomainError} `not_found`; `conflict` (409) when the transition is not allowed.
 */
export async function transitionOrder(tx: Db, orderId: string, to: OrderStatus, actor: string, note?: string, now = new Date()): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  if (!order) throw new DomainError('not_found', 'Order not found', { key: 'orderNotFound' });
  const refusal = transitionRefusal(order.status, to, order.paidAmount, order.total);
  if (refusal) throw new DomainError('conflict', refusal, { key: 'orderTransitionRefused', params: { from: order.status, to } });
  const [updated] = await tx
    .update(orders)
    .set({ status: to, updatedAt: now, ...(to === 'paid' ? { paidAt: now } : {}) })
    .where(eq(orders.id, orderId))
    .returning();
  await tx.insert(orderEvents).values({ id: randomUUID(), orderId, fromStatus: order.status, toStatus: to, actor, note: note ?? null, createdAt: now });
  await bonusOnTransition(tx, orderId, to, now);
  if (order.status === 'pending_payment' && RELEASES_STOCK.includes(to)) {
    const lines = await tx
      .select({ productId: orderLines.productId, count: orderLines.count, box: orderLines.box })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    for (const l of lines.flatMap(boxStockReturns))
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${l.count}`, updatedAt: sql`now()` })
        .where(eq(products.id, l.productId));
    if (order.promoCode) await releasePromoUse(tx, order.promoCode);
  }
  return updated;
}

/**
 * Expires every unpaid order whose time is up, giving its stock back. Runs periodically (server.ts)
 * and lazily before orders are created or shown. Each order in its own transaction; an order paid
 * meanwhile is left alone.
 * @returns how many orders expired.
 */
export async function expireDueOrders(shop: Pick<Shop, 'db'>, now = new Date()): Promise<number> {
  const due = await shop.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending_payment'), lte(orders.expiresAt, now)))
    .limit(200);
  let n = 0;
  for (const { id } of due) {
    const done = await shop.db.transaction(async (tx) => {
      const [o] = await tx.select({ status: orders.status, expiresAt: orders.expiresAt }).from(orders).where(eq(orders.id, id)).for('update');
      if (!o || o.status !== 'pending_payment' || !o.expiresAt || o.expiresAt > now) return false;
      await transitionOrder(tx, id, 'expired', 'system', 'payment not received in time', now);
      return true;
    });
    if (done) n++;
  }
  return n;
}

/**
 * Cancels a customer's other unpaid card orders when they start a new one, so retries do not hold
 * stock twice. Bank-transfer orders are left alone (the money may be on its way), and so is a card
 * order whose payment was started less than {@link PAYMENT_ATTEMPT_HOLD_S} ago: it may still pay
 * (the customer may have the provider's page open in another tab); it keeps its units until it
 * is paid, fails or expires.
 */
export async function cancelOpenCardOrders(tx: Db, userId: string, exceptOrderId: string | null, now = new Date()): Promise<void> {
  const heldSince = new Date(now.getTime() - PAYMENT_ATTEMPT_HOLD_S * 1000);
  const inFlight = tx
    .select({ one: sql`1` })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orders.id), gt(paymentAttempts.startedAt, heldSince)));
  const open = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'pending_payment'),
        inArray(orders.paymentMethod, ['sandbox', 'datatrans']),
        eq(orders.paidAmount, 0),
        notExists(inFlight),
      ),
    );
  for (const o of open) if (o.id !== exceptOrderId) await transitionOrder(tx, o.id, 'cancelled', `user:${userId}`, 'replaced by a new checkout');
}

/**
 * An admin changes an order's state (through {@link transitionOrder}).
 * @throws {DomainError} `not_found`, `conflict`.
 */
export async function adminTransition(shop: Pick<Shop, 'db'>, orderId: string, to: OrderStatus, adminId: string, note?: string): Promise<OrderRow> {
  return shop.db.transaction(async (tx) => {
    const [before] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).limit(1);
    const row = await transitionOrder(tx, orderId, to, `admin:${adminId}`, note);
    await recordAuditOn(tx, `admin:${adminId}`, 'order.status', orderId, {
      before: { status: before?.status ?? null },
      after: { status: to, ...(note ? { note } : {}) },
    });
    return row;
  });
}
