/**
 * Returns (docs/api.md, "Running the shop day to day"). Money in Rappen. The customer's
 * cancellation of an unpaid order is in ./cancel.ts, return photos in ./photos.ts, the order's
 * documents in ./documents.ts, the module's mails in ./mails.ts.
 *
 * The shop's terms accept two reasons only, damaged goods and a wrong item, up to
 * {@link RETURN_WINDOW_DAYS} days after delivery. An order counts as delivered when it was
 * marked delivered, or else {@link ASSUMED_DELIVERY_DAYS} days after it was shipped. The
 * customer names the lines (default: everything not yet returned), writes a message and may add
 * up to {@link MAX_RETURN_PHOTOS} photos; a bank-transfer order needs the IBAN to refund to.
 * One open return per order. The admin accepts (a refund through the refund path,
 * core/payments/refunds.ts, with its credit note, restocking if asked) or refuses with a reason.
 * The customer gets a mail at each step, in the order's language.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { recordAuditOn } from '../audit/index.ts';
import { photoStore } from '../catalogue/index.ts';
import { getSettings } from '../config/index.ts';
import {
  orderEvents,
  orderReturns,
  orders,
  refunds,
  type Db,
  type OrderRow,
  type OrderWithLines,
  type ReturnLine,
  type ReturnReason,
  type ReturnRow,
  RETURN_REASONS,
} from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { emit } from '../events/index.ts';
import { swissDate } from '../i18n/browser.ts';
import { findOrder, returnedUnits, type RefundRow } from '../orders/index.ts';
import { refundOrderInTx, reserveRefundInTx, settleRefund, type SettleOptions } from '../payments/index.ts';
import type { Shop } from '../shop-type.ts';
import { checkRefundIban } from './iban.ts';
import { invalid } from './invalid.ts';
import { ASSUMED_DELIVERY_DAYS, MAX_RETURN_MESSAGE, RETURN_WINDOW_DAYS } from './limits.ts';
import { photoKey, preparePhotos, type ReturnPhotoUpload } from './photos.ts';

export { RETURN_REASONS, type ReturnRow } from '../db/index.ts';
export * from './limits.ts';
const DAY_MS = 86_400_000;

/**
 * When an order counts as delivered: the time it was marked delivered, else
 * {@link ASSUMED_DELIVERY_DAYS} days after it was shipped; null when it has not been shipped.
 */
async function deliveredAt(db: Db, order: Pick<OrderRow, 'id' | 'shippedAt'>): Promise<Date | null> {
  const [ev] = await db
    .select({ at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, 'delivered')))
    .orderBy(desc(orderEvents.createdAt))
    .limit(1);
  if (ev) return ev.at;
  if (order.shippedAt) return new Date(order.shippedAt.getTime() + ASSUMED_DELIVERY_DAYS * DAY_MS);
  const [shipped] = await db
    .select({ at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, 'shipped')))
    .limit(1);
  return shipped ? new Date(shipped.at.getTime() + ASSUMED_DELIVERY_DAYS * DAY_MS) : null;
}

/** A line the customer may still return: units ordered minus units already refunded. */
type ReturnableLine = { lineId: string; sku: string; name: string; left: number };

/** Whether a return may be requested now, why not, and until when. */
export type ReturnEligibility = {
  eligible: boolean;
  /** Why not: `notShipped`, `windowClosed`, `openReturn`, `nothingLeft`. */
  why: 'notShipped' | 'windowClosed' | 'openReturn' | 'nothingLeft' | null;
  /** When the order counts as delivered (null before shipping). */
  deliveredAt: Date | null;
  /** Last moment a return may be requested (null before shipping). */
  deadline: Date | null;
  lines: ReturnableLine[];
};

/**
 * The return rules applied to an order at `now` (see the module comment). Reads only.
 */
export async function returnEligibility(db: Db, order: OrderWithLines, now = new Date()): Promise<ReturnEligibility> {
  const [delivered, returned, [open]] = await Promise.all([
    deliveredAt(db, order),
    returnedUnits(db, order.id),
    db
      .select({ n: count() })
      .from(orderReturns)
      .where(and(eq(orderReturns.orderId, order.id), eq(orderReturns.status, 'requested'))),
  ]);
  const deadline = delivered ? new Date(delivered.getTime() + RETURN_WINDOW_DAYS * DAY_MS) : null;
  const lines = order.lines.map((l) => ({ lineId: l.id, sku: l.sku, name: l.name, left: l.count - (returned.get(l.id) ?? 0) })).filter((l) => l.left > 0);
  const shipped = order.status === 'shipped' || order.status === 'delivered' || (order.status === 'refunded' && delivered !== null);
  const why = !shipped || !deadline ? 'notShipped' : now > deadline ? 'windowClosed' : open.n > 0 ? 'openReturn' : lines.length === 0 ? 'nothingLeft' : null;
  return { eligible: why === null, why, deliveredAt: delivered, deadline, lines };
}

/**
 * Refuses a return of `order` at `now` unless the rules allow one (see {@link returnEligibility}),
 * with the message a return request gets. Reads only: a page checks this before it reads a
 * request's photos.
 * @returns the eligibility (eligible).
 * @throws {DomainError} `invalid` (field `_`): `returns.notShipped`, `returns.windowClosed`,
 *   `returns.openReturn`, `returns.nothingLeft`.
 */
export async function assertReturnable(db: Db, order: OrderWithLines, now = new Date()): Promise<ReturnEligibility> {
  const e = await returnEligibility(db, order, now);
  if (e.why === 'notShipped') throw invalid('_', 'notShipped', 'A return can be requested once the order has been shipped');
  if (e.why === 'windowClosed') {
    const ended = swissDate(e.deadline!, (await getSettings(db)).timeZone);
    throw invalid('_', 'windowClosed', `Returns are accepted up to ${RETURN_WINDOW_DAYS} days after delivery; that time ended on ${ended}`, {
      days: RETURN_WINDOW_DAYS,
      date: ended,
    });
  }
  if (e.why === 'openReturn') throw invalid('_', 'openReturn', 'A return for this order is already open; we will answer it soon');
  if (e.why === 'nothingLeft') throw invalid('_', 'nothingLeft', 'Every item of this order has already been returned');
  return e;
}

/** What {@link requestReturn} needs. */
export type ReturnRequest = {
  /** The order's id or code. */
  orderId: string;
  userId: string;
  reason: string;
  message: string;
  /** Lines and units returned, by order line id or SKU; default every unit not yet returned. */
  lines?: { lineId?: string; sku?: string; count: number }[];
  photos?: ReturnPhotoUpload[];
  /** Required for a bank-transfer order on the web page; an API client may give it later. */
  iban?: string;
  /** The web form asks for the IBAN of a bank-transfer order at once. */
  requireIban?: boolean;
  now?: Date;
};

function chooseLines(order: OrderWithLines, left: ReturnableLine[], wanted: ReturnRequest['lines']): ReturnLine[] {
  if (!wanted || wanted.length === 0) return left.map((l) => ({ lineId: l.lineId, sku: l.sku, name: l.name, count: l.left }));
  const out = new Map<string, ReturnLine>();
  for (const w of wanted) {
    if (!Number.isInteger(w.count) || w.count < 0) throw invalid('lines', 'lineCount', 'Give a whole number of units for each item');
    if (w.count === 0) continue;
    const line = w.lineId
      ? left.find((l) => l.lineId === w.lineId)
      : (left.find((l) => l.sku === w.sku && l.left - (out.get(l.lineId)?.count ?? 0) > 0) ?? left.find((l) => l.sku === w.sku));
    if (!line) {
      const ordered = order.lines.some((l) => l.id === w.lineId || l.sku === w.sku);
      throw ordered
        ? invalid('lines', 'lineReturned', 'This item has already been returned')
        : invalid('lines', 'lineUnknown', `This order has no item ${w.sku ?? w.lineId ?? ''}`, { sku: w.sku ?? '' });
    }
    const total = (out.get(line.lineId)?.count ?? 0) + w.count;
    if (total > line.left) throw invalid('lines', 'lineTooMany', `At most ${line.left} of ${line.name} can be returned`, { name: line.name, max: line.left });
    out.set(line.lineId, { lineId: line.lineId, sku: line.sku, name: line.name, count: total });
  }
  if (out.size === 0) throw invalid('lines', 'lineNone', 'Choose at least one item to return');
  return [...out.values()];
}

/**
 * The customer asks to return (part of) a delivered order. Checks the rules (see the module
 * comment), stores the photos under `returns/<return id>/` in the photo store, records the return
 * as `requested` and mails the customer the confirmation.
 * @returns the return.
 * @throws {DomainError} `not_found` (unknown or someone else's order); `invalid` with a field
 *   message for: not shipped yet, window closed, an open return, nothing left to return, a reason
 *   other than `damaged` / `wrong_item`, an empty or too long message, unknown lines or too many
 *   units, more than 3 photos, a photo above 15 MB, not JPEG/PNG/WebP or of more than
 *   {@link MAX_PHOTO_PIXELS} pixels, a missing or refused IBAN.
 */
export async function requestReturn(shop: Shop, input: ReturnRequest): Promise<ReturnRow> {
  const now = input.now ?? new Date();
  const order = await findOrder(shop.db, input.orderId.slice(0, 64));
  if (!order || order.userId !== input.userId) throw new DomainError('not_found', 'Order not found', { key: 'orderNotFound' });
  if (!RETURN_REASONS.includes(input.reason as ReturnReason))
    throw invalid('reason', 'reasonInvalid', 'Choose "goods damaged" or "wrong item": our terms accept returns for these reasons only');
  const message = input.message.trim();
  if (!message) throw invalid('message', 'messageRequired', 'Please describe what is wrong');
  if (message.length > MAX_RETURN_MESSAGE)
    throw invalid('message', 'messageTooLong', `At most ${MAX_RETURN_MESSAGE} characters, please`, { max: MAX_RETURN_MESSAGE });
  const bank = order.paymentMethod === 'qr-bill';
  const ibanGiven = (input.iban ?? '').trim();
  const iban = bank && (ibanGiven || input.requireIban) ? checkRefundIban(ibanGiven) : null;
  const check = async (db: Db, o: OrderWithLines) => chooseLines(o, (await assertReturnable(db, o, now)).lines, input.lines);
  await check(shop.db, order); // refuse before the photos are decoded
  const photos = await preparePhotos(input.photos ?? []);
  const id = randomUUID();
  const store = photoStore(shop.env);
  try {
    for (const p of photos) await store.put(photoKey(id, p.photo), p.body, p.photo.contentType);
    const row = await shop.db.transaction(async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update');
      const lines = await check(tx, (await findOrder(tx, order.id))!);
      const [r] = await tx
        .insert(orderReturns)
        .values({
          id,
          orderId: order.id,
          userId: input.userId,
          reason: input.reason as ReturnReason,
          message,
          lines,
          photos: photos.map((p) => p.photo),
          iban,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      // core/mail tells the customer (the IBAN still needed, keep the item until the decision) and the shop
      await emit(tx, { type: 'return.requested', returnId: r.id });
      return r;
    });
    return row;
  } catch (e) {
    if (photos.length) await store.removePrefix(`returns/${id}/`).catch(() => undefined);
    throw e;
  }
}

/**
 * The customer gives (or corrects) the IBAN of an open return of a bank-transfer order.
 * @throws {DomainError} `not_found` (unknown or someone else's return); `invalid` (field `iban`);
 *   `conflict` when the return has been decided.
 */
export async function setReturnIban(shop: Pick<Shop, 'db'>, returnId: string, userId: string, input: string): Promise<ReturnRow> {
  const iban = checkRefundIban(input);
  return shop.db.transaction(async (tx) => {
    const [r] = await tx.select().from(orderReturns).where(eq(orderReturns.id, returnId)).for('update');
    if (!r || r.userId !== userId) throw new DomainError('not_found', 'Return not found', { key: 'returns.notFound' });
    if (r.status !== 'requested') throw new DomainError('conflict', 'This return has already been decided', { key: 'returns.decided' });
    const [row] = await tx.update(orderReturns).set({ iban, updatedAt: new Date() }).where(eq(orderReturns.id, returnId)).returning();
    return row;
  });
}

/**
 * The refund an accepted return suggests, Rappen: everything still refundable when the return
 * covers every unit not yet returned (shipping included: the goods were damaged or wrong);
 * otherwise the returned lines' value after the promo discount and the bonus spent (the same share
 * of each franc), at most what is still refundable.
 */
export function suggestedRefund(order: OrderWithLines, lines: ReturnLine[], alreadyReturned: Map<string, number>): number {
  const refundable = Math.max(0, order.paidAmount - order.refundedAmount);
  const returning = new Map(lines.map((l) => [l.lineId, l.count]));
  const everything = order.lines.every((l) => (alreadyReturned.get(l.id) ?? 0) + (returning.get(l.id) ?? 0) >= l.count);
  if (everything) return refundable;
  const goods = lines.reduce((s, l) => {
    const line = order.lines.find((x) => x.id === l.lineId);
    return s + (line ? Math.round((line.lineTotal * l.count) / line.count) : 0);
  }, 0);
  const share = order.subtotal > 0 ? (order.subtotal - order.discount - order.bonus) / order.subtotal : 0;
  return Math.min(refundable, Math.round(goods * share));
}

/** What the admin decides when accepting. */
export type AcceptInput = {
  /** Rappen to refund; default {@link suggestedRefund}. */
  amount?: number;
  /** Put the returned units back into stock. */
  restock: boolean;
  note?: string;
};

async function lockOpenReturn(tx: Db, returnId: string): Promise<ReturnRow> {
  const [r] = await tx.select().from(orderReturns).where(eq(orderReturns.id, returnId)).for('update');
  if (!r) throw new DomainError('not_found', 'Return not found', { key: 'returns.notFound' });
  if (r.status !== 'requested') throw new DomainError('conflict', 'This return has already been decided', { key: 'returns.decided' });
  return r;
}

/**
 * The admin accepts a return. A bank-transfer (or sandbox) order: in ONE transaction the refund
 * is made through the refund path (a bank transfer the admin makes to the customer's IBAN), with
 * the credit note and the returned units back in stock when `restock`; the return becomes
 * `accepted`; the decision is audited. A Datatrans order: the refund is written `pending` first,
 * Datatrans is asked for the credit outside any transaction, and the refund and the decision are
 * recorded together in a second transaction (core/payments/refunds.ts); while the refund is
 * pending the return stays `requested`, and accepting again retries that same refund. The
 * customer's mail with the credit note PDF is sent after commit.
 * @returns the return and its refund.
 * @throws {DomainError} `not_found`; `conflict` (already decided; a bank-transfer order without
 *   the customer's IBAN; nothing paid; Datatrans refused, key `refundProviderRefused`; outcome
 *   unknown, key `refundPending`); `invalid` (amount out of range).
 */
export async function acceptReturn(
  shop: Shop,
  returnId: string,
  input: AcceptInput,
  adminId: string,
  now = new Date(),
  opts: SettleOptions = {},
): Promise<{ ret: ReturnRow; refund: RefundRow }> {
  const [head] = await shop.db.select({ orderId: orderReturns.orderId }).from(orderReturns).where(eq(orderReturns.id, returnId));
  if (!head) throw new DomainError('not_found', 'Return not found', { key: 'returns.notFound' });
  const [{ method }] = await shop.db.select({ method: orders.paymentMethod }).from(orders).where(eq(orders.id, head.orderId));
  if (method === 'datatrans') {
    const pending = await shop.db.transaction(async (tx) => {
      const r = await lockOpenReturn(tx, returnId);
      const [open] = await tx
        .select()
        .from(refunds)
        .where(and(eq(refunds.returnId, r.id), eq(refunds.status, 'pending')))
        .limit(1);
      if (open) return open;
      const order = (await findOrder(tx, r.orderId))!;
      const amount = input.amount ?? suggestedRefund(order, r.lines, await returnedUnits(tx, order.id));
      return reserveRefundInTx(
        tx,
        order.id,
        { amount, lines: r.lines.map((l) => ({ lineId: l.lineId, count: l.count })), restock: input.restock, reason: `Return: ${r.reason}` },
        adminId,
        { now, returnId: r.id },
      );
    });
    let ret: ReturnRow | undefined;
    const refund = await settleRefund(shop, pending, adminId, {
      ...opts,
      now,
      byReturn: true,
      complete: async (tx, done) => {
        ret = await recordAcceptance(tx, returnId, done, { ...input, restock: done.restock }, adminId, now);
      },
    });
    return { ret: ret!, refund };
  }
  const out = await shop.db.transaction(async (tx) => {
    const r = await lockOpenReturn(tx, returnId);
    const order = (await findOrder(tx, r.orderId))!;
    if (order.paymentMethod === 'qr-bill' && !r.iban)
      throw new DomainError('conflict', 'The customer has not given the IBAN for the refund yet', { key: 'returns.ibanMissing' });
    const amount = input.amount ?? suggestedRefund(order, r.lines, await returnedUnits(tx, order.id));
    const refund = await refundOrderInTx(
      tx,
      shop,
      order.id,
      { amount, lines: r.lines.map((l) => ({ lineId: l.lineId, count: l.count })), restock: input.restock, reason: `Return: ${r.reason}` },
      adminId,
      { now, byReturn: true },
    );
    const ret = await recordAcceptance(tx, r.id, refund, input, adminId, now);
    return { ret, refund };
  });
  return out;
}

/**
 * Writes the admin's decision on an open return `r` (locked by the caller): its status and the
 * decision's columns, who decided and when, and the audit entry `order.return.accept` or
 * `order.return.refuse` on the order (`audited` adds to the entry's "after").
 * @returns the updated return.
 */
async function recordDecision(
  tx: Db,
  r: ReturnRow,
  adminId: string,
  now: Date,
  decision: Pick<typeof orderReturns.$inferInsert, 'refundId' | 'restock' | 'decisionNote'> & { status: 'accepted' | 'refused' },
  audited: Record<string, unknown>,
): Promise<ReturnRow> {
  const [row] = await tx
    .update(orderReturns)
    .set({ ...decision, decidedBy: adminId, decidedAt: now, updatedAt: now })
    .where(eq(orderReturns.id, r.id))
    .returning();
  await recordAuditOn(tx, `admin:${adminId}`, decision.status === 'accepted' ? 'order.return.accept' : 'order.return.refuse', r.orderId, {
    before: { return: r.id, status: 'requested' },
    after: { return: r.id, status: decision.status, ...audited },
  });
  return row;
}

/**
 * The decision part of accepting a return, in the transaction that records its refund; core/mail
 * then mails the customer the amount, what to do with the item and the credit note.
 */
async function recordAcceptance(tx: Db, returnId: string, refund: RefundRow, input: AcceptInput, adminId: string, now: Date): Promise<ReturnRow> {
  const r = await lockOpenReturn(tx, returnId);
  const ret = await recordDecision(
    tx,
    r,
    adminId,
    now,
    { status: 'accepted', refundId: refund.id, restock: input.restock, decisionNote: input.note?.trim() || null },
    { amount: refund.amount, creditNoteNumber: refund.creditNoteNumber, restock: input.restock },
  );
  await emit(tx, { type: 'return.accepted', returnId: r.id, refundId: refund.id });
  return ret;
}

/**
 * The admin refuses a return with a reason the customer reads in the mail and on the order page.
 * @throws {DomainError} `invalid` (field `note`: empty or above 500 characters); `not_found`;
 *   `conflict` (already decided).
 */
export async function refuseReturn(shop: Shop, returnId: string, note: string, adminId: string, now = new Date()): Promise<ReturnRow> {
  const why = note.trim();
  if (!why) throw invalid('note', 'refuseNoteRequired', 'Tell the customer why the return is refused');
  if (why.length > 500) throw invalid('note', 'refuseNoteTooLong', 'At most 500 characters, please', { max: 500 });
  return shop.db.transaction(async (tx) => {
    const r = await lockOpenReturn(tx, returnId);
    const row = await recordDecision(tx, r, adminId, now, { status: 'refused', decisionNote: why }, { note: why });
    await emit(tx, { type: 'return.refused', returnId: r.id });
    return row;
  });
}

/** The returns of an order, newest first. */
export async function returnsOfOrder(db: Db, orderId: string): Promise<ReturnRow[]> {
  return db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId)).orderBy(desc(orderReturns.createdAt));
}

/** One open return for the dashboard. */
export type OpenReturn = { id: string; orderId: string; code: string; reason: ReturnReason; customer: string; createdAt: Date };

/**
 * Open returns (waiting for the shop's decision), oldest first, and how many there are.
 * @param limit rows returned (default 10).
 */
export async function openReturns(db: Db, limit = 10): Promise<{ n: number; latest: OpenReturn[] }> {
  const open = eq(orderReturns.status, 'requested');
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(orderReturns).where(open),
    db
      .select({
        id: orderReturns.id,
        orderId: orderReturns.orderId,
        code: orders.code,
        reason: orderReturns.reason,
        address: orders.address,
        createdAt: orderReturns.createdAt,
      })
      .from(orderReturns)
      .innerJoin(orders, eq(orders.id, orderReturns.orderId))
      .where(open)
      .orderBy(asc(orderReturns.createdAt))
      .limit(limit),
  ]);
  return { n, latest: rows.map(({ address, ...r }) => ({ ...r, customer: `${address.firstName} ${address.lastName}` })) };
}
