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
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { users } from '../db/index.ts';
import { recordAudit } from '../audit/index.ts';
import { products } from '../db/index.ts';
import { stockMovements } from '../db/index.ts';
import { getSettings } from '../config/index.ts';
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { creditNotePdf } from '../invoices/index.ts';
import { bonusOnRefund } from '../influencer/index.ts';
import { storedLocale } from '../i18n/browser.ts';
import { textIn } from '../i18n/index.ts';
import { deliverOutbox, queueMail } from '../mail/index.ts';
import { orders, refunds, type OrderWithLines, type RefundLine } from '../db/index.ts';
import { returnedUnits, type RefundRow } from '../orders/index.ts';
import { customerMailText, findOrder, transitionOrder } from '../orders/index.ts';
import { TRANSITIONS } from '../orders/browser.ts';
import { orderReturns } from '../db/index.ts';
import { rappenToDecimalString } from '../pricing/browser.ts';
import type { Shop } from '../shop.ts';
import { CREDIT_TIMEOUT_MS, datatransCredit } from './datatrans.ts';
import { payments } from '../db/index.ts';

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

/** Options of a Datatrans refund. */
export type SettleOptions = {
  now?: Date;
  /** How long the credit call may take, ms (default {@link CREDIT_TIMEOUT_MS}). */
  creditTimeoutMs?: number;
};

type OrderRow = typeof orders.$inferSelect;

/** Locks the order row and checks the request; the refund's lines as recorded. */
async function lockAndCheck(tx: Db, orderId: string, input: RefundInput): Promise<{ order: OrderRow; full: OrderWithLines; lines: RefundLine[] }> {
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
async function nextCreditNoteNumber(tx: Db, order: OrderRow): Promise<string> {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(${refunds.creditNoteNumber})::int` })
    .from(refunds)
    .where(eq(refunds.orderId, order.id));
  return `${order.invoiceNumber ?? order.code}-C${n + 1}`;
}

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
  const mailIds: string[] = [];
  const refund = await shop.db.transaction((tx) => refundOrderInTx(tx, shop, orderId, input, adminId, { now, mailIds }));
  if (mailIds.length) await deliverOutbox(shop, mailIds).catch((err) => shop.log.warn({ err }, 'refund mail delivery failed'));
  return refund;
}

/**
 * A bank-transfer or sandbox refund (no provider call) inside a caller's transaction (an
 * accepted return refunds and records its decision in one transaction). The refund mail's
 * outbox id is pushed to `opts.mailIds` (send it after commit); `opts.mail: false` queues none
 * (the caller mails the credit note itself). A Datatrans order is refused here: its credit call
 * must not run inside a transaction (use {@link reserveRefundInTx} and {@link settleRefund}).
 * @throws {DomainError} as {@link refundOrder}; `conflict` (key `refundNeedsProvider`) for a Datatrans order.
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
  await applyRefund(tx, shop, order, full, row, actor, { now, mailIds: opts.mailIds, mail: opts.mail });
  return row;
}

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
export type CompleteHook = (tx: Db, refund: RefundRow, mailIds: string[]) => Promise<void>;

/**
 * Steps 2 and 3 of a Datatrans refund (also a retry of a pending one): asks Datatrans for the
 * credit outside any transaction, with the refund's idempotency key as `refno` (skipped when a
 * credit id was already received), stores the credit id at once, then records the refund in a
 * second transaction (`complete` runs there too; without it a refund for a return marks that
 * return accepted). Mails queued there are sent after commit.
 * @returns the refund, `succeeded`.
 * @throws {DomainError} `conflict`: key `refundProviderRefused` (the refund is now `failed`);
 *   key `refundPending` (outcome unknown, or Datatrans credited but recording failed: it stays
 *   `pending` with the reason in `providerMessage`); key `refundNotPending` (already settled).
 */
export async function settleRefund(
  shop: Shop,
  pending: RefundRow,
  adminId: string,
  opts: SettleOptions & { mail?: boolean; complete?: CompleteHook } = {},
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
        await recordAudit(tx, {
          actor: `admin:${adminId}`,
          action: 'order.refund.failed',
          entity: 'order',
          entityId: pending.orderId,
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
  const mailIds: string[] = [];
  let done: RefundRow;
  try {
    done = await shop.db.transaction((tx) =>
      completeRefundInTx(tx, shop, pending.id, creditId, adminId, { now: opts.now, mailIds, mail: opts.mail, complete: opts.complete }),
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
  if (mailIds.length) await deliverOutbox(shop, mailIds).catch((err) => shop.log.warn({ err }, 'refund mail delivery failed'));
  return done;
}

/**
 * Records a pending Datatrans refund as `succeeded` with the credit's id and does everything a
 * refund does (see the module comment). Locks the order, then the refund.
 * @throws {DomainError} `not_found`; `conflict` (key `refundNotPending`) when it is not pending.
 */
async function completeRefundInTx(
  tx: Db,
  shop: Shop,
  refundId: string,
  creditId: string,
  adminId: string,
  opts: { now?: Date; mailIds: string[]; mail?: boolean; complete?: CompleteHook },
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
  await applyRefund(tx, shop, order, full, row, actor, { now, mailIds: opts.mailIds, mail: opts.mail });
  if (opts.complete) await opts.complete(tx, row, opts.mailIds);
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
    const mailIds: string[] = [];
    const row = await shop.db.transaction((tx) => completeRefundInTx(tx, shop, r.id, creditId, adminId, { now, mailIds }));
    if (mailIds.length) await deliverOutbox(shop, mailIds).catch((err) => shop.log.warn({ err }, 'refund mail delivery failed'));
    return row;
  }
  return shop.db.transaction(async (tx) => {
    const [row] = await tx
      .update(refunds)
      .set({ status: 'failed', providerMessage: 'not refunded at Datatrans (checked by the shop)', updatedAt: now })
      .where(and(eq(refunds.id, r.id), eq(refunds.status, 'pending')))
      .returning();
    if (!row) throw new DomainError('conflict', 'This refund is not pending', { key: 'refundNotPending' });
    await recordAudit(tx, {
      actor: `admin:${adminId}`,
      action: 'order.refund.resolve',
      entity: 'order',
      entityId: r.orderId,
      after: { refund: r.id, outcome, amount: r.amount, key: r.idempotencyKey },
    });
    return row;
  });
}

/** Everything a recorded refund does besides its own row (module comment); `row` has its credit-note number. */
async function applyRefund(
  tx: Db,
  shop: Shop,
  order: OrderRow,
  full: OrderWithLines,
  row: RefundRow,
  actor: string,
  opts: { now: Date; mailIds: string[]; mail?: boolean },
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
  await recordAudit(tx, {
    actor,
    action: 'order.refund',
    entity: 'order',
    entityId: order.id,
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
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  if (user && opts.mail !== false) opts.mailIds.push(await queueRefundMail(tx, shop, { ...full, refundedAmount }, row, user.email));
}

async function queueRefundMail(tx: Db, shop: Shop, order: OrderWithLines, refund: RefundRow, to: string): Promise<string> {
  const settings = await getSettings(tx);
  const lang = storedLocale(order.locale);
  const amount = rappenToDecimalString(refund.amount);
  const refunded = textIn(lang, 'mail:fulfilment.refund', { code: order.code, amount });
  const how = textIn(lang, order.paymentMethod === 'qr-bill' ? 'mail:fulfilment.refundBank' : 'mail:fulfilment.refundCard');
  const text = customerMailText(lang, order, [`${refunded}\n${how}`], settings.companyName);
  const pdf = await creditNotePdf(order, refund, settings);
  return queueMail(
    tx,
    {
      to,
      subject: textIn(lang, 'mail:fulfilment.refundSubject', { code: order.code }),
      text,
      attachments: [{ filename: `credit-note-${refund.creditNoteNumber}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
    },
    Boolean(shop.env.SMTP_URL),
  );
}
