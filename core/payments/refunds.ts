/**
 * Refunds: full or partial money back for a paid order. Money in Rappen.
 *
 * Checks, with the order row locked: the amount against what was paid and not yet refunded (a
 * pending refund counts as refunded), returned units against what was ordered and not yet
 * returned. Recording a refund writes it with its credit-note number, a payment movement
 * (negative amount, status `refund`), returned units back into stock with a history entry when
 * the admin says so, the influencer bonus reversal, `refunded` for a fully refunded order, an
 * audit entry, and the customer's e-mail with the credit note PDF (sent after commit).
 *
 * Bank transfer and sandbox (no provider call): all of it in ONE transaction.
 * Datatrans: the credit call never runs inside a database transaction, so a later failure cannot
 * hide money that has left. (1) a short transaction checks and writes the refund `pending` with
 * its idempotency key; (2) `POST /v1/transactions/{id}/credit` with that key as `refno` and a
 * timeout; (3) a second transaction records it as above (`succeeded`), or the refund becomes
 * `failed` with Datatrans' message when Datatrans refused. A timeout, network error or a failing
 * second transaction leaves it `pending`: the admin sees it on the order page, checks with
 * Datatrans, and retries (same key; a credit id already received is not asked for again) or
 * resolves it by hand.
 *
 * This file chooses the path; the checks and what a recorded refund writes are in
 * ./refund-ledger.ts, the Datatrans steps in ./refund-provider.ts.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { orders, refunds, type Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import type { RefundRow } from '../orders/index.ts';
import type { Shop } from '../shop-type.ts';
import { applyRefund, lockAndCheck, nextCreditNoteNumber, type RefundInput } from './refund-ledger.ts';
import { reserveRefundInTx, settleRefund, type SettleOptions } from './refund-provider.ts';

export type { RefundInput } from './refund-ledger.ts';
export { reserveRefundInTx, resolvePendingRefund, retryRefund, settleRefund, type SettleOptions } from './refund-provider.ts';

/**
 * Refunds (part of) an order. See the module comment for what happens; a bank-transfer or
 * sandbox order in one transaction, a Datatrans order in the three steps.
 * @returns the refund row (`succeeded`).
 * @throws {DomainError} `not_found`; `invalid` (amount not a positive integer or above what can
 *   be refunded, more units than ordered/left, unknown line); `conflict` (order not paid; key
 *   `refundProviderRefused` when Datatrans refused: the refund is `failed`, nothing else changed;
 *   key `refundPending` when the outcome is unknown or recording failed: the refund stays `pending`).
 */
export async function refundOrder(
  shop: Shop,
  orderId: string,
  input: RefundInput,
  adminId: string,
  now = new Date(),
  opts: SettleOptions = {},
): Promise<RefundRow> {
  const [o] = await shop.db.select({ method: orders.paymentMethod }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!o) throw new DomainError('not_found', 'Order not found', { key: 'orderNotFound' });
  if (o.method === 'datatrans') {
    const pending = await shop.db.transaction((tx) => reserveRefundInTx(tx, orderId, input, adminId, { now }));
    return settleRefund(shop, pending, adminId, { ...opts, now });
  }
  return shop.db.transaction((tx) => refundOrderInTx(tx, shop, orderId, input, adminId, { now }));
}

/**
 * A bank-transfer or sandbox refund (no provider call) inside a caller's transaction (an
 * accepted return refunds and records its decision in one transaction). It emits
 * `refund.recorded` (core/mail mails the credit note after the commit); `opts.byReturn` marks the
 * refund of an accepted return, whose own mail carries the credit note. A Datatrans order is refused here: its credit call
 * must not run inside a transaction (use {@link reserveRefundInTx} and {@link settleRefund}).
 * @throws {DomainError} as {@link refundOrder}; `conflict` (key `refundNeedsProvider`) for a Datatrans order.
 */
export async function refundOrderInTx(
  tx: Db,
  shop: Shop,
  orderId: string,
  input: RefundInput,
  adminId: string,
  opts: { now?: Date; byReturn?: boolean },
): Promise<RefundRow> {
  const actor = `admin:${adminId}`;
  const now = opts.now ?? new Date();
  const { order, full, lines } = await lockAndCheck(tx, orderId, input);
  if (order.paymentMethod === 'datatrans')
    throw new DomainError('conflict', 'A Datatrans refund cannot be made inside a transaction', { key: 'refundNeedsProvider' });
  const id = randomUUID();
  const [row] = await tx
    .insert(refunds)
    .values({
      id,
      orderId: order.id,
      amount: input.amount,
      reason: input.reason?.trim() || null,
      restock: input.restock,
      lines,
      provider: order.paymentMethod === 'qr-bill' ? 'bank' : order.paymentMethod,
      providerRef: `refund-${id}`,
      creditNoteNumber: await nextCreditNoteNumber(tx, order),
      actor,
      status: 'succeeded',
      createdAt: now,
    })
    .returning();
  await applyRefund(tx, order, full, row, actor, { now, byReturn: opts.byReturn });
  return row;
}
