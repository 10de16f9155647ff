/**
 * A payment the admin records by hand on a bank-transfer (QR-bill) order: money seen in the
 * e-banking, cash over the counter, TWINT to the shop's phone. It takes the same path as a
 * camt.054 bank credit ({@link recordPaymentIn}): partial payments add up, the order becomes
 * `paid` only when the full amount has been received, and then gets its invoice number, the
 * payment-received mail and the invoice, exactly as with a bank file. Unlike a bank line, a hand
 * entry is refused (with field messages) when it cannot be right: more than is still open, a day
 * in the future, an order that no longer awaits payment. Money in Rappen.
 */
import { eq, and } from 'drizzle-orm';
import { swissToday } from '../accounts/browser.ts';
import { recordAuditOn } from '../audit/index.ts';
import { getSettings } from '../config/index.ts';
import { rappenToDecimalString } from '../pricing/browser.ts';
import type { Db } from '../db/index.ts';
import { orders, payments } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import type { Shop } from '../shop-type.ts';
import { recordPaymentIn } from './service.ts';

/** How the money came in, as the admin's form offers it. */
export const MANUAL_PAYMENT_METHODS = ['bank_transfer', 'cash', 'twint', 'other'] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];

/** The `payments.provider` of a payment recorded by hand. */
const MANUAL_PROVIDER = 'manual';

/** Longest note kept with a manual payment, characters. */
export const MANUAL_NOTE_MAX = 300;

/** A payment recorded by hand. */
export type ManualPaymentInput = {
  orderId: string;
  /** Rappen, > 0 and at most what is still open. */
  amount: number;
  /** The day the money arrived, `YYYY-MM-DD` in the shop's time zone; not after today. */
  day: string;
  method: ManualPaymentMethod;
  note: string;
  /**
   * The form's one-time key (the page makes a new one each time it shows the form): the payment's
   * provider reference, so a form sent twice (a double tap, a resent POST) records one payment.
   */
  key: string;
};

/** What {@link recordManualPayment} did. Money in Rappen. */
export type ManualPaymentOutcome = {
  /** `duplicate`: this form was already recorded; nothing changed. */
  result: 'recorded' | 'duplicate';
  code: string;
  orderPaid: boolean;
  paidAmount: number;
  total: number;
};

/**
 * Today's day in the shop's time zone, `YYYY-MM-DD`: the form's default day and the latest day a
 * manual payment may carry. The one place the manual payment asks for the shop's calendar day.
 * @param timeZone the shop's time zone (settings `timeZone`, an IANA name).
 */
export function manualPaymentToday(timeZone: string, now = new Date()): string {
  return swissToday(now, timeZone);
}

const KEY = /^[A-Za-z0-9-]{16,64}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written `YYYY-MM-DD`. */
function isCalendarDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

const fieldError = (field: string, key: string, message: string, params?: Record<string, unknown>) =>
  new DomainError('invalid', message, { key: 'manualPaymentInvalid', fields: { [field]: { key: `adminshop:errors.${key}`, params } } });

/** Refuses input no order could take, before the order is read: amount, day, method, note, key. */
function assertInput(p: ManualPaymentInput, timeZone: string, now: Date): void {
  if (!KEY.test(p.key)) throw new DomainError('invalid', 'The form has expired: reload the page', { key: 'manualPaymentFormExpired' });
  if (!Number.isInteger(p.amount) || p.amount <= 0) throw fieldError('amount', 'manualPaymentAmount', 'Enter an amount above CHF 0.00');
  if (!isCalendarDay(p.day)) throw fieldError('day', 'manualPaymentDay', 'Enter the day the money arrived');
  if (p.day > manualPaymentToday(timeZone, now)) throw fieldError('day', 'manualPaymentFuture', 'The day lies in the future');
  if (!MANUAL_PAYMENT_METHODS.includes(p.method)) throw fieldError('method', 'manualPaymentMethod', 'Choose how the money came in');
  if (p.note.length > MANUAL_NOTE_MAX) throw fieldError('note', 'manualPaymentNote', 'The note is too long', { max: MANUAL_NOTE_MAX });
}

/**
 * Whether the admin's order page offers "record a payment" for an order: a bank-transfer
 * (QR-bill) order still awaiting payment with money still open.
 */
export function acceptsManualPayment(o: { paymentMethod: string; status: string; paidAmount: number; total: number }): boolean {
  return o.paymentMethod === 'qr-bill' && o.status === 'pending_payment' && o.paidAmount < o.total;
}

/** Refuses an order that cannot take a manual payment, saying what to do instead. */
function assertOrderAccepts(o: typeof orders.$inferSelect, amount: number): void {
  if (o.paymentMethod !== 'qr-bill') throw new DomainError('conflict', 'Only bank-transfer orders are paid by hand', { key: 'manualPaymentNotBank' });
  if (o.status === 'cancelled' || o.status === 'expired')
    throw new DomainError('conflict', `The order is ${o.status}: its goods went back into stock`, {
      key: o.status === 'cancelled' ? 'manualPaymentCancelled' : 'manualPaymentExpired',
    });
  if (o.status !== 'pending_payment' || o.paidAmount >= o.total)
    throw new DomainError('conflict', 'The order is already fully paid', { key: 'manualPaymentAlreadyPaid' });
  const open = o.total - o.paidAmount;
  if (amount > open) throw fieldError('amount', 'manualPaymentTooMuch', `At most ${open} Rappen are still open`, { open: rappenToDecimalString(open) });
}

/**
 * Records a payment by hand, in one transaction with its audit entry (`order.payment.record`,
 * actor `admin:<adminUserId>`, the order's received amount and status before and after). The
 * payment is kept with provider {@link MANUAL_PROVIDER} and the form's key as its reference, so
 * the same form sent twice records one payment (`duplicate`). When the received amount reaches
 * the total the order becomes `paid` (actor `admin:<id>`): invoice number, payment-received mail
 * with the invoice, as after a camt.054 credit (core/payments/service.ts).
 * @param now the clock (tests); the day may not be after its day in the shop's time zone.
 * @throws {DomainError} `invalid` with a field message (`amount`, `day`, `method`, `note`) for bad
 *   input or more than is still open; `not_found` for an unknown order; `conflict` for an order
 *   that is not a bank-transfer order, is cancelled or expired, or is already fully paid.
 */
export async function recordManualPayment(shop: Shop, p: ManualPaymentInput, adminUserId: string, now = new Date()): Promise<ManualPaymentOutcome> {
  assertInput(p, (await getSettings(shop.db)).timeZone, now);
  return shop.db.transaction(async (tx: Db): Promise<ManualPaymentOutcome> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, p.orderId)).for('update').limit(1);
    if (!order) throw new DomainError('not_found', 'Order not found', { key: 'orderNotFound' });
    const [earlier] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.provider, MANUAL_PROVIDER), eq(payments.providerRef, p.key)))
      .limit(1);
    const same = { code: order.code, paidAmount: order.paidAmount, total: order.total };
    if (earlier) return { result: 'duplicate', orderPaid: order.status !== 'pending_payment', ...same };
    assertOrderAccepts(order, p.amount);
    const actor = `admin:${adminUserId}`;
    const recorded = await recordPaymentIn(
      tx,
      shop,
      {
        provider: MANUAL_PROVIDER,
        providerRef: p.key,
        orderRef: order.id,
        reference: order.paymentReference,
        amount: p.amount,
        currency: 'CHF',
        exactAmount: false,
        raw: { method: p.method, day: p.day, note: p.note, by: actor },
        actor,
      },
      now,
    );
    if (recorded.result === 'duplicate') return { result: 'duplicate', orderPaid: order.status !== 'pending_payment', ...same };
    const after = recorded.order ?? order;
    await recordAuditOn(tx, actor, 'order.payment.record', order.id, {
      before: { paidAmount: order.paidAmount, paymentStatus: order.paymentStatus, status: order.status },
      after: {
        paidAmount: after.paidAmount,
        paymentStatus: after.paymentStatus,
        status: after.status,
        amount: p.amount,
        method: p.method,
        day: p.day,
        note: p.note || null,
      },
    });
    return { result: 'recorded', orderPaid: recorded.orderPaid, code: order.code, paidAmount: after.paidAmount, total: after.total };
  });
}
