/**
 * Refunds (issue 10, "Orders"): full or partial money back for a paid order.
 *
 * In ONE transaction, with the order row locked: the amount is checked against what was paid and
 * not yet refunded, returned units against what was ordered and not yet returned; an order paid
 * through Datatrans is credited there (`POST /v1/transactions/{id}/credit`) before anything is
 * written, so a refused credit changes nothing; the refund is recorded (with its credit-note
 * number) and as a payment movement (negative amount, status `refund`); returned units go back
 * into stock with a history entry when the admin says so; a fully refunded order becomes
 * `refunded`; the change is audited; the customer's e-mail with the credit note PDF is queued and
 * sent after commit. Money in Rappen.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { users } from '../accounts/schema.ts';
import { recordAudit } from '../audit/service.ts';
import { products } from '../catalogue/schema.ts';
import { stockMovements } from '../catalogue/stock-schema.ts';
import { getSettings } from '../config/service.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../errors.ts';
import { creditNotePdf } from '../invoices/credit-note.ts';
import { fulfilmentLabel } from '../invoices/fulfilment-labels.ts';
import { bonusOnRefund } from '../influencer/bonus.ts';
import { docLang, label } from '../invoices/labels.ts';
import { deliverOutbox, queueMail } from '../mail/service.ts';
import { orders, refunds, type OrderWithLines, type RefundLine } from '../orders/schema.ts';
import { returnedUnits, type RefundRow } from '../orders/refunds.ts';
import { findOrder, transitionOrder } from '../orders/service.ts';
import { TRANSITIONS } from '../orders/status.ts';
import { rappenToDecimalString } from '../pricing/money.ts';
import type { Shop } from '../shop.ts';
import { datatransCredit } from './datatrans.ts';
import { payments } from './schema.ts';

/** What an admin asks to refund. */
export type RefundInput = {
  /** Rappen to give back, 1..(paid − refunded). */
  amount: number;
  /** Units returned per order line (lines not named: none). */
  lines?: { lineId: string; count: number }[];
  /** Put the returned units back into stock. */
  restock: boolean;
  reason?: string;
};

/**
 * Refunds (part of) an order. See the module comment for what happens.
 * @returns the refund row.
 * @throws {DomainError} `not_found`; `invalid` (amount not a positive integer or above what can
 *   be refunded, more units than ordered/left, unknown line); `conflict` (order not paid, or
 *   Datatrans refused the credit).
 */
export async function refundOrder(shop: Shop, orderId: string, input: RefundInput, adminId: string, now = new Date()): Promise<RefundRow> {
  const mailIds: string[] = [];
  const refund = await shop.db.transaction((tx) => refundOrderInTx(tx, shop, orderId, input, adminId, { now, mailIds }));
  if (mailIds.length) await deliverOutbox(shop, mailIds).catch((err) => shop.log.warn({ err }, 'refund mail delivery failed'));
  return refund;
}

/**
 * {@link refundOrder} inside a caller's transaction (an accepted return refunds and records its
 * decision in one transaction). The refund mail's outbox id is pushed to `opts.mailIds` (send
 * it after commit); `opts.mail: false` queues none (the caller mails the credit note itself).
 * @throws {DomainError} as {@link refundOrder}.
 */
export async function refundOrderInTx(
  tx: Db,
  shop: Shop,
  orderId: string,
  input: RefundInput,
  adminId: string,
  opts: { now?: Date; mailIds: string[]; mail?: boolean },
): Promise<RefundRow> {
  const actor = `admin:${adminId}`;
  const now = opts.now ?? new Date();
  const { mailIds } = opts;
  {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
    if (!order) throw new DomainError('not_found', 'Order not found', { key: 'orderNotFound' });
    if (order.paidAmount <= 0) throw new DomainError('conflict', 'Nothing has been paid for this order', { key: 'refundNothingPaid' });
    const refundable = order.paidAmount - order.refundedAmount;
    if (!Number.isInteger(input.amount) || input.amount <= 0 || input.amount > refundable)
      throw new DomainError('invalid', `Enter an amount between CHF 0.01 and CHF ${rappenToDecimalString(refundable)}`, {
        key: 'refundAmountInvalid',
        params: { max: rappenToDecimalString(refundable) },
        fields: { amount: { key: 'adminshop:errors.refundAmountInvalid', params: { max: rappenToDecimalString(refundable) } } },
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
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(refunds)
      .where(eq(refunds.orderId, order.id));
    const creditNoteNumber = `${order.invoiceNumber ?? order.code}-C${n + 1}`;
    const id = randomUUID();

    let provider = order.paymentMethod === 'qr-bill' ? 'bank' : order.paymentMethod;
    let providerRef = `refund-${id}`;
    if (order.paymentMethod === 'datatrans') {
      const [captured] = await tx
        .select({ ref: payments.providerRef })
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.provider, 'datatrans'), eq(payments.status, 'captured')))
        .limit(1);
      if (!captured) throw new DomainError('conflict', 'No Datatrans payment found for this order', { key: 'refundNoProviderPayment' });
      providerRef = await datatransCredit(shop, captured.ref, input.amount, order.code);
      provider = 'datatrans';
    }

    const [row] = await tx
      .insert(refunds)
      .values({
        id,
        orderId: order.id,
        amount: input.amount,
        reason: input.reason?.trim() || null,
        restock: input.restock,
        lines,
        provider,
        providerRef,
        creditNoteNumber,
        actor,
        createdAt: now,
      })
      .returning();
    await tx.insert(payments).values({
      id: randomUUID(),
      orderId: order.id,
      provider,
      providerRef,
      amount: -input.amount,
      currency: 'CHF',
      status: 'refund',
      reference: creditNoteNumber,
      createdAt: now,
    });
    const refundedAmount = order.refundedAmount + input.amount;
    const fully = refundedAmount >= order.paidAmount;
    await tx
      .update(orders)
      .set({ refundedAmount, ...(fully ? { paymentStatus: 'refunded' as const } : {}), updatedAt: now })
      .where(eq(orders.id, order.id));
    // the influencer bonus follows the money: a partial refund takes back its share
    await bonusOnRefund(tx, { orderId: order.id, refundId: id, refundedAfter: refundedAmount, paid: order.paidAmount, now });
    if (fully && TRANSITIONS[order.status].includes('refunded')) await transitionOrder(tx, order.id, 'refunded', actor, `credit note ${creditNoteNumber}`, now);
    if (input.restock) {
      for (const l of lines) {
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
    await recordAudit(tx, {
      actor,
      action: 'order.refund',
      entity: 'order',
      entityId: order.id,
      before: { refundedAmount: order.refundedAmount, paymentStatus: order.paymentStatus, status: order.status },
      after: {
        refundedAmount,
        paymentStatus: fully ? 'refunded' : order.paymentStatus,
        amount: input.amount,
        creditNoteNumber,
        restock: input.restock,
        lines: lines.map((l) => `${l.sku}×${l.count}`),
      },
    });
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
    if (user && opts.mail !== false) mailIds.push(await queueRefundMail(tx, shop, { ...full, refundedAmount }, row, user.email));
    return row;
  }
}

async function queueRefundMail(tx: Db, shop: Shop, order: OrderWithLines, refund: RefundRow, to: string): Promise<string> {
  const settings = await getSettings(tx);
  const lang = docLang(order.locale);
  const amount = rappenToDecimalString(refund.amount);
  const text = [
    label(lang, 'hello', { name: order.address.firstName }),
    '',
    fulfilmentLabel(lang, 'refund', { code: order.code, amount }),
    fulfilmentLabel(lang, order.paymentMethod === 'qr-bill' ? 'refundBank' : 'refundCard'),
    '',
    label(lang, 'regards'),
    settings.companyName,
  ].join('\n');
  const pdf = await creditNotePdf(order, refund, settings);
  return queueMail(
    tx,
    {
      to,
      subject: fulfilmentLabel(lang, 'refundSubject', { code: order.code }),
      text,
      attachments: [{ filename: `credit-note-${refund.creditNoteNumber}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
    },
    Boolean(shop.env.SMTP_URL),
  );
}
