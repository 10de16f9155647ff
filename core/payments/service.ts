/**
 * Recording payments. Idempotent: `(provider, provider_ref)` is unique, so a
 * provider's transaction id or a bank entry reference is recorded once; a replayed webhook or a
 * re-imported bank file never pays twice. Currency and amount are checked against the order.
 * An order becomes `paid` only when the full amount has arrived; partial bank payments add up;
 * money that matches no order, or arrives for an order no longer awaiting it, or exceeds what is
 * due, is kept and listed for the admin. Money in Rappen.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { cartItems, orderEvents, orderLines, orders, paymentAttempts, payments } from '../db/index.ts';
import { clearBoxLines } from '../custom-box/index.ts';
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { emit } from '../events/index.ts';
import { transitionOrder, type OrderRow } from '../orders/index.ts';
import type { Shop } from '../shop-type.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** A payment as a provider or the bank reports it. */
export type IncomingPayment = {
  /** `sandbox`, `datatrans`, `bank` (camt.054). */
  provider: string;
  /** The provider's transaction id or the bank's entry reference. */
  providerRef: string;
  /** Order id or code the provider names (card payments), if any. */
  orderRef?: string | null;
  /** QR / creditor reference (bank transfers), if any. */
  reference?: string | null;
  /** Rappen. */
  amount: number;
  currency: string;
  /**
   * Card providers charge exactly the order total: anything else is refused and changes nothing.
   * Bank transfers may be partial (they add up) or too much (listed as an over-payment).
   */
  exactAmount: boolean;
  raw?: unknown;
  /** Who the order's `paid` transition names; default `provider:<provider>` (the admin's manual payment: `admin:<id>`). */
  actor?: string;
};

/** What {@link recordPayment} did. */
export type PaymentOutcome =
  { result: 'duplicate'; payment: PaymentRow } | { result: 'recorded'; payment: PaymentRow; order: OrderRow | null; orderPaid: boolean };

async function lockOrder(tx: Db, p: IncomingPayment): Promise<OrderRow | undefined> {
  const cond = p.orderRef
    ? /^[0-9A-Z]{8}$/.test(p.orderRef)
      ? eq(orders.code, p.orderRef)
      : eq(orders.id, p.orderRef)
    : p.reference
      ? eq(orders.paymentReference, p.reference)
      : undefined;
  if (!cond) return undefined;
  const [o] = await tx.select().from(orders).where(cond).for('update').limit(1);
  return o;
}

/**
 * Records one payment, at most once.
 *
 * - Already recorded (same provider and reference): nothing changes, `duplicate`.
 * - `exactAmount` (card providers): the order must exist, the currency be CHF and the amount equal
 *   the order total, else {@link DomainError} `invalid` and nothing changes.
 * - Bank: an unknown reference or a foreign currency is kept as `unmatched`; money for an order
 *   not awaiting payment, or beyond its total, is kept as `overpaid` (to be returned by the admin).
 * - When the order's received amount reaches its total it becomes `paid` (actor `provider:<name>`),
 *   gets its invoice number, the customer is mailed the invoice, and the ordered products leave
 *   the customer's cart.
 * @throws {DomainError} `invalid` (400) for a card payment that does not match its order.
 */
export async function recordPayment(shop: Shop, p: IncomingPayment, now = new Date()): Promise<PaymentOutcome> {
  return shop.db.transaction((tx) => recordPaymentIn(tx, shop, p, now));
}

/**
 * {@link recordPayment} inside the caller's transaction `tx`, so a caller can write more in the
 * same transaction (the admin's manual payment writes its audit entry beside it). Its mails follow
 * its events after the commit (core/mail).
 * @throws {DomainError} as {@link recordPayment}.
 */
export async function recordPaymentIn(tx: Db, shop: Shop, p: IncomingPayment, now = new Date()): Promise<PaymentOutcome> {
  const order = await lockOrder(tx, p);
  const [existing] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, p.provider), eq(payments.providerRef, p.providerRef)))
    .limit(1);
  if (existing) return { result: 'duplicate', payment: existing };
  assertPaymentMatches(p, order);
  const status = paymentStatusFor(p, order);
  const payment = await insertPayment(tx, p, status === 'unmatched' ? null : order!.id, status, now);
  if (!payment) {
    const [again] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, p.provider), eq(payments.providerRef, p.providerRef)));
    return { result: 'duplicate', payment: again };
  }
  if (!order || status === 'unmatched') return { result: 'recorded', payment, order: order ?? null, orderPaid: false };
  const credited = await creditOrder(tx, order, p, now);
  return { result: 'recorded', payment, ...credited };
}

/** Refuses a payment no order could take: a non-positive amount, or a card payment not for its order's exact total in CHF (400). */
function assertPaymentMatches(p: IncomingPayment, order: OrderRow | undefined): void {
  if (!Number.isInteger(p.amount) || p.amount <= 0) throw new DomainError('invalid', 'The payment amount is invalid', { key: 'paymentMismatch' });
  if (p.exactAmount) {
    if (!order) throw new DomainError('invalid', 'The payment names an unknown order', { key: 'paymentMismatch' });
    if (p.currency !== 'CHF' || p.amount !== order.total)
      throw new DomainError('invalid', `The payment (${p.currency} ${p.amount}) does not match the order (CHF ${order.total})`, { key: 'paymentMismatch' });
  }
}

/**
 * How a payment is kept: `unmatched` without an order or in a foreign currency; `overpaid` for an
 * order no longer awaiting payment or beyond its total (the admin returns it); else `captured`.
 */
function paymentStatusFor(p: IncomingPayment, order: OrderRow | undefined): string {
  if (!order || p.currency !== 'CHF') return 'unmatched';
  if (order.status !== 'pending_payment') return 'overpaid';
  return order.paidAmount + p.amount > order.total ? 'overpaid' : 'captured';
}

/** Inserts the payment; undefined when a concurrent request recorded the same provider reference first. */
async function insertPayment(tx: Db, p: IncomingPayment, orderId: string | null, status: string, now: Date) {
  const [payment] = await tx
    .insert(payments)
    .values({
      id: randomUUID(),
      orderId,
      provider: p.provider,
      providerRef: p.providerRef,
      amount: p.amount,
      currency: p.currency,
      status,
      reference: p.reference ?? p.orderRef ?? null,
      raw: (p.raw ?? null) as never,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return payment;
}

/** Adds the payment to the order's received amount; reaching the total of an unpaid order pays it ({@link markOrderPaid}). */
async function creditOrder(tx: Db, order: OrderRow, p: IncomingPayment, now: Date): Promise<{ order: OrderRow; orderPaid: boolean }> {
  const paidAmount = order.paidAmount + p.amount;
  const full = paidAmount >= order.total;
  const [updated] = await tx
    .update(orders)
    .set({ paidAmount, paymentStatus: full ? 'paid' : 'partial', updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  if (!full || order.status !== 'pending_payment') return { order: updated, orderPaid: false };
  return { order: await markOrderPaid(tx, order, p, now), orderPaid: true };
}

/**
 * A fully paid order: its invoice number, the `paid` transition (actor `provider:<name>`), its
 * goods out of the customer's cart (a card order kept them until paid), and the customer due the
 * payment-received notice with the invoice (core/mail makes it in this transaction).
 */
async function markOrderPaid(tx: Db, order: OrderRow, p: IncomingPayment, now: Date): Promise<OrderRow> {
  await tx
    .update(orders)
    .set({ invoiceNumber: `${now.getUTCFullYear()}-${order.code}` })
    .where(eq(orders.id, order.id));
  const paid = await transitionOrder(tx, order.id, 'paid', p.actor ?? `provider:${p.provider}`, `payment ${p.providerRef}`, now);
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  if (order.paymentMethod !== 'qr-bill') await removePaidGoodsFromCart(tx, order.userId, lines);
  await emit(tx, { type: 'order.noticeDue', orderId: order.id, notice: 'payment_received' });
  return paid;
}

/** The ordered products and custom boxes leave the customer's cart; other cart lines stay. */
async function removePaidGoodsFromCart(tx: Db, userId: string, lines: { productId: string; box: unknown }[]): Promise<void> {
  if (lines.length)
    await tx.delete(cartItems).where(
      and(
        eq(cartItems.cartKey, userId),
        inArray(
          cartItems.productId,
          lines.map((l) => l.productId),
        ),
      ),
    );
  await clearBoxLines(
    tx,
    userId,
    lines.filter((l) => l.box).map((l) => l.productId),
  );
}

/**
 * Remembers that a payment attempt (a provider transaction) was started for an order, so that
 * failures of older attempts can be told apart ({@link recordPaymentFailure}) and the customer's
 * cancel waits while it may still pay (checkout.ts `openPaymentAttempt`).
 */
export async function recordAttempt(db: Db, provider: string, providerRef: string, orderId: string): Promise<void> {
  await db.insert(paymentAttempts).values({ provider, providerRef, orderId }).onConflictDoNothing();
}

/**
 * A provider reports that the customer's payment failed or was cancelled: an unpaid order is
 * cancelled and gives its stock back (the customer's cart was kept, so they can retry).
 * Only the order's latest attempt with that provider can cancel it: a
 * late "canceled" for an older transaction, while a newer one may still pay, is recorded as an
 * order note and changes nothing; so is a failure for an order already paid.
 * @param providerRef the failing transaction's id ('' when unknown: then only the state decides).
 * @returns whether the order was cancelled.
 */
export async function recordPaymentFailure(shop: Pick<Shop, 'db'>, provider: string, orderRef: string, reason: string, providerRef = ''): Promise<boolean> {
  return shop.db.transaction(async (tx) => {
    const o = await lockOrder(tx, { provider, providerRef: '', orderRef, amount: 0, currency: 'CHF', exactAmount: true });
    if (!o) return false;
    const note = (text: string) =>
      tx.insert(orderEvents).values({ id: randomUUID(), orderId: o.id, fromStatus: o.status, toStatus: o.status, actor: `provider:${provider}`, note: text });
    if (o.status !== 'pending_payment' || o.paidAmount > 0) {
      if (o.status === 'paid' || o.paidAmount > 0) await note(`late ${reason} of transaction ${providerRef || '?'} ignored: the order is already paid`);
      return false;
    }
    if (providerRef) {
      const [latest] = await tx
        .select({ providerRef: paymentAttempts.providerRef })
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.orderId, o.id), eq(paymentAttempts.provider, provider)))
        .orderBy(desc(paymentAttempts.startedAt))
        .limit(1);
      if (latest && latest.providerRef !== providerRef) {
        await note(`${reason} of an older transaction ${providerRef} ignored: transaction ${latest.providerRef} may still pay`);
        return false;
      }
    }
    await transitionOrder(tx, o.id, 'cancelled', `provider:${provider}`, reason);
    return true;
  });
}

/** Payments that need the admin: unmatched bank credits and over-payments, newest first. */
export async function paymentsNeedingAttention(db: Db): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(or(inArray(payments.status, ['unmatched', 'overpaid']), isNull(payments.orderId)))
    .orderBy(desc(payments.createdAt))
    .limit(200);
}
