/**
 * The refund ledger: what recording a refund checks and writes, whichever way the money goes back
 * (see ./refunds.ts for the whole story). Money in Rappen. Checks with the order row locked;
 * records the payment movement, the order's refunded amount and status, the restock, the
 * influencer bonus reversal, the audit entry and the customer's mail with the credit note.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { recordAuditOn } from '../audit/index.ts';
import { orders, payments, products, refunds, stockMovements, type Db, type OrderWithLines, type RefundLine } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { bonusOnRefund } from '../influencer/index.ts';
import { emit } from '../events/index.ts';
import { findOrder, returnedUnits, transitionOrder, type RefundRow } from '../orders/index.ts';
import { TRANSITIONS } from '../orders/browser.ts';
import { rappenToDecimalString } from '../pricing/browser.ts';

/** What an admin asks to refund. */
export type RefundInput = {
  /** Rappen to give back, 1..(paid − refunded − pending). */
  amount: number;
  /** Units returned per order line (lines not named: none). */
  lines?: { lineId: string; count: number }[];
  /** Put the returned units back into stock. */
  restock: boolean;
  reason?: string;
};

type OrderRow = typeof orders.$inferSelect;

/** Locks the order row and checks the request; the refund's lines as recorded. */
export async function lockAndCheck(tx: Db, orderId: string, input: RefundInput): Promise<{ order: OrderRow; full: OrderWithLines; lines: RefundLine[] }> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  if (!order) throw new DomainError('not_found', 'Order not found', { key: 'orderNotFound' });
  if (order.paidAmount <= 0) throw new DomainError('conflict', 'Nothing has been paid for this order', { key: 'refundNothingPaid' });
  const refundable = order.paidAmount - order.refundedAmount - (await pendingAmount(tx, order.id));
  if (!Number.isInteger(input.amount) || input.amount <= 0 || input.amount > refundable)
    throw new DomainError('invalid', `Enter an amount between CHF 0.01 and CHF ${rappenToDecimalString(Math.max(0, refundable))}`, {
      key: 'refundAmountInvalid',
      params: { max: rappenToDecimalString(Math.max(0, refundable)) },
      fields: { amount: { key: 'adminshop:errors.refundAmountInvalid', params: { max: rappenToDecimalString(Math.max(0, refundable)) } } },
    });
  const full = (await findOrder(tx, order.id))!;
  const already = await returnedUnits(tx, order.id);
  const lines: RefundLine[] = [];
  for (const want of input.lines ?? []) {
    if (!want.count) continue;
    const line = full.lines.find((l) => l.id === want.lineId);
    if (!line) throw new DomainError('invalid', 'Unknown order line', { key: 'refundLineUnknown' });
    const left = line.count - (already.get(line.id) ?? 0);
    if (!Number.isInteger(want.count) || want.count < 0 || want.count > left)
      throw new DomainError('invalid', `At most ${left} of ${line.name} can be returned`, {
        key: 'refundTooManyUnits',
        params: { name: line.name, max: left },
        fields: { [`line-${line.id}`]: { key: 'atMost', params: { max: left } } },
      });
    lines.push({ lineId: line.id, sku: line.sku, name: line.name, count: want.count });
  }
  return { order, full, lines };
}

/** Rappen of an order's refunds whose Datatrans outcome is not settled yet. */
async function pendingAmount(db: Db, orderId: string): Promise<number> {
  const [{ sum }] = await db
    .select({ sum: sql<number>`coalesce(sum(${refunds.amount}), 0)::bigint` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'pending')));
  return Number(sum);
}

/** The next credit-note number of an order: `<invoice no. or order code>-C<n>`, counting refunds that have one. */
export async function nextCreditNoteNumber(tx: Db, order: OrderRow): Promise<string> {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(${refunds.creditNoteNumber})::int` })
    .from(refunds)
    .where(eq(refunds.orderId, order.id));
  return `${order.invoiceNumber ?? order.code}-C${n + 1}`;
}

/** Everything a recorded refund does besides its own row (module comment); `row` has its credit-note number. */
export async function applyRefund(
  tx: Db,
  order: OrderRow,
  full: OrderWithLines,
  row: RefundRow,
  actor: string,
  opts: { now: Date; byReturn?: boolean },
): Promise<void> {
  const { now } = opts;
  const creditNoteNumber = row.creditNoteNumber!;
  await tx.insert(payments).values({
    id: randomUUID(),
    orderId: order.id,
    provider: row.provider,
    providerRef: row.providerRef ?? `refund-${row.id}`,
    amount: -row.amount,
    currency: 'CHF',
    status: 'refund',
    reference: creditNoteNumber,
    createdAt: now,
  });
  const refundedAmount = order.refundedAmount + row.amount;
  const fully = refundedAmount >= order.paidAmount;
  await tx
    .update(orders)
    .set({ refundedAmount, ...(fully ? { paymentStatus: 'refunded' as const } : {}), updatedAt: now })
    .where(eq(orders.id, order.id));
  // the influencer bonus follows the money: a partial refund takes back its share
  await bonusOnRefund(tx, { orderId: order.id, refundId: row.id, refundedAfter: refundedAmount, paid: order.paidAmount, now });
  if (fully && TRANSITIONS[order.status].includes('refunded')) await transitionOrder(tx, order.id, 'refunded', actor, `credit note ${creditNoteNumber}`, now);
  if (row.restock) {
    for (const l of row.lines) {
      const line = full.lines.find((x) => x.id === l.lineId)!;
      const [p] = await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${l.count}`, updatedAt: sql`now()` })
        .where(eq(products.id, line.productId))
        .returning({ stock: products.stock });
      if (p)
        await tx.insert(stockMovements).values({
          id: randomUUID(),
          productId: line.productId,
          delta: l.count,
          stockAfter: p.stock,
          reason: 'refund',
          note: creditNoteNumber,
          actor,
          orderId: order.id,
          createdAt: now,
        });
    }
  }
  await recordAuditOn(tx, actor, 'order.refund', order.id, {
    before: { refundedAmount: order.refundedAmount, paymentStatus: order.paymentStatus, status: order.status },
    after: {
      refundedAmount,
      paymentStatus: fully ? 'refunded' : order.paymentStatus,
      amount: row.amount,
      creditNoteNumber,
      restock: row.restock,
      lines: row.lines.map((l) => `${l.sku}×${l.count}`),
      ...(row.idempotencyKey ? { key: row.idempotencyKey, providerRef: row.providerRef } : {}),
    },
  });
  // core/mail mails the customer the credit note (the return's own mail does, for a return)
  await emit(tx, { type: 'refund.recorded', refundId: row.id, byReturn: opts.byReturn ?? false });
}
