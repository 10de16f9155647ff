/**
 * A Datatrans refund in three steps: (1) {@link reserveRefundInTx} writes it `pending` with its
 * idempotency key; (2) {@link settleRefund} asks Datatrans for the credit outside any
 * transaction; (3) a second transaction records it through the ledger (./refund-ledger.ts). A
 * pending refund is retried ({@link retryRefund}) or resolved by the admin
 * ({@link resolvePendingRefund}). Money in Rappen.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { recordAuditOn } from '../audit/index.ts';
import { orderReturns, orders, payments, refunds, type Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { findOrder, type RefundRow } from '../orders/index.ts';
import type { Shop } from '../shop-type.ts';
import { CREDIT_TIMEOUT_MS, datatransCredit } from './datatrans.ts';
import { applyRefund, lockAndCheck, nextCreditNoteNumber, type RefundInput } from './refund-ledger.ts';

/** Options of a Datatrans refund. */
export type SettleOptions = {
  now?: Date;
  /** How long the credit call may take, ms (default {@link CREDIT_TIMEOUT_MS}). */
  creditTimeoutMs?: number;
};

/**
 * Step 1 of a Datatrans refund: checks the request (order row locked) and writes the refund
 * `pending` with its idempotency key (`<order code>-R<n>`, sent as the credit's `refno`). Commit
 * before calling {@link settleRefund}.
 * @returns the pending refund.
 * @throws {DomainError} as {@link refundOrder}; `conflict` (key `refundNoProviderPayment`) when no
 *   captured Datatrans payment exists.
 */
export async function reserveRefundInTx(
  tx: Db,
  orderId: string,
  input: RefundInput,
  adminId: string,
  opts: { now?: Date; returnId?: string } = {},
): Promise<RefundRow> {
  const now = opts.now ?? new Date();
  const { order, lines } = await lockAndCheck(tx, orderId, input);
  await capturedTransaction(tx, order.id);
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(refunds)
    .where(eq(refunds.orderId, order.id));
  const [row] = await tx
    .insert(refunds)
    .values({
      id: randomUUID(),
      orderId: order.id,
      amount: input.amount,
      reason: input.reason?.trim() || null,
      restock: input.restock,
      lines,
      provider: 'datatrans',
      providerRef: null,
      creditNoteNumber: null,
      actor: `admin:${adminId}`,
      status: 'pending',
      idempotencyKey: `${order.code}-R${n + 1}`,
      returnId: opts.returnId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}

async function capturedTransaction(db: Db, orderId: string): Promise<string> {
  const [captured] = await db
    .select({ ref: payments.providerRef })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, 'datatrans'), eq(payments.status, 'captured')))
    .limit(1);
  if (!captured) throw new DomainError('conflict', 'No Datatrans payment found for this order', { key: 'refundNoProviderPayment' });
  return captured.ref;
}

/** Extra work of the completing transaction (an accepted return records its decision there). */
export type CompleteHook = (tx: Db, refund: RefundRow) => Promise<void>;

/**
 * Steps 2 and 3 of a Datatrans refund (also a retry of a pending one): asks Datatrans for the
 * credit outside any transaction, with the refund's idempotency key as `refno` (skipped when a
 * credit id was already received), stores the credit id at once, then records the refund in a
 * second transaction (`complete` runs there too; without it a refund for a return marks that
 * return accepted). Its events' mails go out after the commit.
 * @returns the refund, `succeeded`.
 * @throws {DomainError} `conflict`: key `refundProviderRefused` (the refund is now `failed`);
 *   key `refundPending` (outcome unknown, or Datatrans credited but recording failed: it stays
 *   `pending` with the reason in `providerMessage`); key `refundNotPending` (already settled).
 */
export async function settleRefund(
  shop: Shop,
  pending: RefundRow,
  adminId: string,
  opts: SettleOptions & { byReturn?: boolean; complete?: CompleteHook } = {},
): Promise<RefundRow> {
  if (pending.status !== 'pending' || !pending.idempotencyKey) throw new DomainError('conflict', 'This refund is not pending', { key: 'refundNotPending' });
  let creditId = pending.providerRef;
  if (!creditId) {
    const transactionId = await capturedTransaction(shop.db, pending.orderId);
    const outcome = await datatransCredit(shop, transactionId, pending.amount, pending.idempotencyKey, opts.creditTimeoutMs ?? CREDIT_TIMEOUT_MS);
    if (outcome.kind === 'refused') {
      await shop.db.transaction(async (tx) => {
        await tx
          .update(refunds)
          .set({ status: 'failed', providerMessage: outcome.message, updatedAt: new Date() })
          .where(and(eq(refunds.id, pending.id), eq(refunds.status, 'pending')));
        await recordAuditOn(tx, `admin:${adminId}`, 'order.refund.failed', pending.orderId, {
          after: { refund: pending.id, amount: pending.amount, key: pending.idempotencyKey, message: outcome.message },
        });
      });
      throw new DomainError('conflict', `Datatrans refused the refund: ${outcome.message}`, { key: 'refundProviderRefused' });
    }
    if (outcome.kind === 'unknown') {
      await shop.db.update(refunds).set({ providerMessage: outcome.message, updatedAt: new Date() }).where(eq(refunds.id, pending.id));
      throw new DomainError('conflict', `Datatrans did not answer (${outcome.message}); the refund is pending`, { key: 'refundPending' });
    }
    creditId = outcome.creditId;
    // recorded on its own first: if the completing transaction fails, the order page still shows
    // that Datatrans paid out, and a retry completes without a second credit
    await shop.db.update(refunds).set({ providerRef: creditId, updatedAt: new Date() }).where(eq(refunds.id, pending.id));
  }
  let done: RefundRow;
  try {
    done = await shop.db.transaction((tx) =>
      completeRefundInTx(tx, pending.id, creditId, adminId, { now: opts.now, byReturn: opts.byReturn, complete: opts.complete }),
    );
  } catch (err) {
    shop.log.error({ err, refund: pending.id, creditId }, 'refund credited at Datatrans but not recorded');
    const message = `credited at Datatrans (${creditId}); recording failed: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500);
    await shop.db
      .update(refunds)
      .set({ providerMessage: message, updatedAt: new Date() })
      .where(and(eq(refunds.id, pending.id), eq(refunds.status, 'pending')))
      .catch((e: unknown) => shop.log.error({ err: e }, 'could not note the failed recording'));
    if (err instanceof DomainError && err.opts.key === 'refundNotPending') throw err;
    throw new DomainError('conflict', 'Datatrans refunded the money but the shop could not record it; the refund is pending, retry it', {
      key: 'refundPending',
    });
  }
  return done;
}

/**
 * Records a pending Datatrans refund as `succeeded` with the credit's id and does everything a
 * refund does (see the module comment). Locks the order, then the refund.
 * @throws {DomainError} `not_found`; `conflict` (key `refundNotPending`) when it is not pending.
 */
async function completeRefundInTx(
  tx: Db,
  refundId: string,
  creditId: string,
  adminId: string,
  opts: { now?: Date; byReturn?: boolean; complete?: CompleteHook },
): Promise<RefundRow> {
  const now = opts.now ?? new Date();
  const actor = `admin:${adminId}`;
  const [ref] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
  if (!ref) throw new DomainError('not_found', 'Refund not found', { key: 'orderNotFound' });
  const [order] = await tx.select().from(orders).where(eq(orders.id, ref.orderId)).for('update');
  const [cur] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (cur.status !== 'pending') throw new DomainError('conflict', 'This refund is not pending', { key: 'refundNotPending' });
  const [row] = await tx
    .update(refunds)
    .set({ status: 'succeeded', providerRef: creditId, creditNoteNumber: await nextCreditNoteNumber(tx, order), providerMessage: null, updatedAt: now })
    .where(eq(refunds.id, refundId))
    .returning();
  const full = (await findOrder(tx, order.id))!;
  await applyRefund(tx, order, full, row, actor, { now, byReturn: opts.byReturn });
  if (opts.complete) await opts.complete(tx, row);
  else if (row.returnId)
    await tx
      .update(orderReturns)
      .set({ status: 'accepted', refundId: row.id, restock: row.restock, decidedBy: adminId, decidedAt: now, updatedAt: now })
      .where(and(eq(orderReturns.id, row.returnId), eq(orderReturns.status, 'requested')));
  return row;
}

/**
 * Retries a pending Datatrans refund from the order page, with the same idempotency key (see
 * {@link settleRefund}). The customer gets the refund mail with the credit note.
 * @throws {DomainError} `not_found`; as {@link settleRefund}.
 */
export async function retryRefund(shop: Shop, refundId: string, adminId: string, opts: SettleOptions = {}): Promise<RefundRow> {
  const [r] = await shop.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!r) throw new DomainError('not_found', 'Refund not found', { key: 'orderNotFound' });
  return settleRefund(shop, r, adminId, opts);
}

/**
 * The admin resolves a pending refund after checking with Datatrans: `refunded` records it as
 * succeeded (the credit id seen there, or the one already received) with credit note, stock and
 * mail; `not_refunded` marks it failed, which frees its amount and units. Audited.
 * @throws {DomainError} `not_found`; `conflict` (key `refundNotPending`).
 */
export async function resolvePendingRefund(
  shop: Shop,
  refundId: string,
  outcome: 'refunded' | 'not_refunded',
  adminId: string,
  opts: { now?: Date; creditId?: string } = {},
): Promise<RefundRow> {
  const now = opts.now ?? new Date();
  const [r] = await shop.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!r) throw new DomainError('not_found', 'Refund not found', { key: 'orderNotFound' });
  if (r.status !== 'pending') throw new DomainError('conflict', 'This refund is not pending', { key: 'refundNotPending' });
  if (outcome === 'refunded') {
    const creditId = opts.creditId?.trim() || r.providerRef || `checked:${r.idempotencyKey}`;
    return shop.db.transaction((tx) => completeRefundInTx(tx, r.id, creditId, adminId, { now }));
  }
  return shop.db.transaction(async (tx) => {
    const [row] = await tx
      .update(refunds)
      .set({ status: 'failed', providerMessage: 'not refunded at Datatrans (checked by the shop)', updatedAt: now })
      .where(and(eq(refunds.id, r.id), eq(refunds.status, 'pending')))
      .returning();
    if (!row) throw new DomainError('conflict', 'This refund is not pending', { key: 'refundNotPending' });
    await recordAuditOn(tx, `admin:${adminId}`, 'order.refund.resolve', r.orderId, {
      after: { refund: r.id, outcome, amount: r.amount, key: r.idempotencyKey },
    });
    return row;
  });
}
