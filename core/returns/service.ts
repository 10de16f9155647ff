/**
 * Cancellations and returns (docs/api.md, "Running the shop day to day"). Money in Rappen.
 *
 * - Cancel: the customer cancels their own order while it is unpaid; through transitionOrder,
 *   in one transaction, the stock, the promo use and the influencer bonus are given back exactly
 *   as when an unpaid order expires. Once money has arrived it is a refund, done by the shop (409).
 * - Return: the shop's terms accept two reasons only, damaged goods and a wrong item, up to
 *   {@link RETURN_WINDOW_DAYS} days after delivery. An order counts as delivered when it was
 *   marked delivered, or else {@link ASSUMED_DELIVERY_DAYS} days after it was shipped. The
 *   customer names the lines (default: everything not yet returned), writes a message and may add
 *   up to {@link MAX_RETURN_PHOTOS} photos; a bank-transfer order needs the IBAN to refund to.
 *   One open return per order. The admin accepts (a refund through the refund path,
 *   core/payments/refunds.ts, with its credit note, restocking if asked) or refuses with a reason.
 *   The customer gets a mail at each step, in the order's language.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { users } from '../db/index.ts';
import { isEffectiveAdmin } from '../accounts/browser.ts';
import { recordAudit } from '../audit/index.ts';
import { MAX_PHOTO_PIXELS, photoStore, readPhotoHeader, tooManyPixels } from '../catalogue/index.ts';
import { getSettings } from '../config/index.ts';
import { publicOrigin } from '../config/browser.ts';
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { creditNotePdf } from '../invoices/index.ts';
import { storedLocale } from '../i18n/browser.ts';
import { swissDate } from '../i18n/browser.ts';
import { textIn } from '../i18n/index.ts';
import { deliverOutbox, queueMail, type MailMessage } from '../mail/index.ts';
import { trackingUrl } from '../orders/browser.ts';
import { refundsOfOrder, returnedUnits, type RefundRow } from '../orders/index.ts';
import { orderEvents, orders, refunds, type OrderRow, type OrderWithLines } from '../db/index.ts';
import { customerMailText, findOrder, transitionOrder } from '../orders/index.ts';
import { openPaymentAttempt, refundOrderInTx, reserveRefundInTx, settleRefund, type SettleOptions } from '../payments/index.ts';
import { rappenToDecimalString } from '../pricing/browser.ts';
import type { Shop } from '../shop.ts';
import { checkRefundIban, displayIban } from './iban.ts';
import { returnInstructionLines } from './instructions.ts';
import { adminOrderUrl, shopMailAddress } from '../orders/index.ts';
import { orderReturns, RETURN_REASONS, type ReturnLine, type ReturnPhoto, type ReturnReason, type ReturnRow } from '../db/index.ts';

export { RETURN_REASONS, type ReturnReason, type ReturnRow, type ReturnStatus } from '../db/index.ts';

import { ASSUMED_DELIVERY_DAYS, MAX_RETURN_MESSAGE, MAX_RETURN_PHOTO_BYTES, MAX_RETURN_PHOTOS, RETURN_WINDOW_DAYS } from './limits.ts';
export * from './limits.ts';
/** Image formats accepted for return photos (sharp's format names). */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Stored photos are re-encoded (upright, no metadata such as GPS) at most this wide/high. */
const PHOTO_MAX_SIDE = 2000;
const DAY_MS = 86_400_000;

function invalid(field: string, key: string, message: string, params?: Record<string, unknown>): DomainError {
  return new DomainError('invalid', message, { key: `returns.${key}`, params, fields: { [field]: { key: `returns.${key}`, params } } });
}

async function queueCustomerMail(
  tx: Db,
  shop: Shop,
  order: OrderRow,
  subject: 'cancelledSubject' | 'requestedSubject' | 'acceptedSubject' | 'refusedSubject',
  lines: string[],
  attachments: MailMessage['attachments'] = [],
) {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  if (!user) return null;
  const settings = await getSettings(tx);
  const lang = storedLocale(order.locale);
  const url = `${publicOrigin(shop.env)}/client/historydetails?id=${order.code}`;
  const text = customerMailText(lang, order, [lines.join('\n'), textIn(lang, 'mail:returns.orderPage', { url })], settings.companyName);
  return queueMail(
    tx,
    { to: user.email, subject: textIn(lang, `mail:returns.${subject}`, { code: order.code }), text, attachments },
    Boolean(shop.env.SMTP_URL),
  );
}

/**
 * Queues the shop's mail about a new return request (to the shop's order address, in the shop's
 * mail language): order, customer, reason, items, the customer's message, photos, whether the
 * refund IBAN is known, and the link to the order in the admin, where the return is decided.
 */
async function queueShopReturnMail(tx: Db, shop: Shop, order: OrderRow, r: ReturnRow): Promise<string> {
  const settings = await getSettings(tx);
  const lang = storedLocale(settings.shopMailLocale);
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  const a = order.address;
  const text = [
    textIn(lang, 'mail:returns.shopRequested', {
      code: order.code,
      customer: `${a.firstName} ${a.lastName}`,
      email: user?.email ?? '',
      reason: textIn(lang, `mail:returns.${r.reason}`),
    }),
    '',
    ...r.lines.map((l) => `${l.count} × ${l.name} (${l.sku})`),
    '',
    `${textIn(lang, 'mail:returns.shopMessage')}: ${r.message}`,
    textIn(lang, 'mail:returns.shopPhotos', { count: r.photos.length }),
    ...(order.paymentMethod === 'qr-bill' ? [r.iban ? textIn(lang, 'mail:returns.shopIbanGiven') : textIn(lang, 'mail:returns.shopIbanMissing')] : []),
    '',
    textIn(lang, 'mail:returns.shopDecide', { url: adminOrderUrl(shop.env, order.id) }),
  ].join('\n');
  return queueMail(
    tx,
    { to: shopMailAddress(settings), subject: textIn(lang, 'mail:returns.shopRequestedSubject', { code: order.code }), text },
    Boolean(shop.env.SMTP_URL),
  );
}

async function deliver(shop: Shop, ids: (string | null)[], what: string): Promise<void> {
  const list = ids.filter((x): x is string => Boolean(x));
  if (list.length) await deliverOutbox(shop, list).catch((err) => shop.log.warn({ err }, `${what} mail delivery failed`));
}

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
  const mailIds: (string | null)[] = [];
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
    await recordAudit(tx, {
      actor: `user:${userId}`,
      action: 'order.cancel',
      entity: 'order',
      entityId: order.id,
      before: { status: order.status },
      after: { status: 'cancelled' },
    });
    mailIds.push(await queueCustomerMail(tx, shop, row, 'cancelledSubject', [textIn(storedLocale(row.locale), 'mail:returns.cancelled', { code: row.code })]));
    return order.id;
  });
  await deliver(shop, mailIds, 'cancellation');
  return (await findOrder(shop.db, id))!;
}

/**
 * When an order counts as delivered: the time it was marked delivered, else
 * {@link ASSUMED_DELIVERY_DAYS} days after it was shipped; null when it has not been shipped.
 */
export async function deliveredAt(db: Db, order: Pick<OrderRow, 'id' | 'shippedAt'>): Promise<Date | null> {
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
export type ReturnableLine = { lineId: string; sku: string; name: string; left: number };

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

/** A photo as uploaded: its bytes. */
export type ReturnPhotoUpload = { bytes: Uint8Array; name?: string };

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
 * Checks and re-encodes the photos (upright, metadata stripped, at most 2000 px) as JPEG. Every
 * photo is checked first (count, bytes, format and pixels, from its header) and only then are
 * they decoded, one after the other and after the photos of other requests in this process
 * ({@link oneDecodeAtATime}): a refused photo costs no decoding of the others.
 * @throws {DomainError} `invalid`, field `photos`: too many, too large, not JPEG/PNG/WebP, more
 *   than {@link MAX_PHOTO_PIXELS} pixels (`returns.photoTooManyPixels`), undecodable.
 */
async function preparePhotos(uploads: ReturnPhotoUpload[]): Promise<{ photo: ReturnPhoto; body: Buffer }[]> {
  const given = uploads.filter((u) => u.bytes.byteLength > 0);
  if (given.length > MAX_RETURN_PHOTOS) throw invalid('photos', 'photoTooMany', `At most ${MAX_RETURN_PHOTOS} photos`, { max: MAX_RETURN_PHOTOS });
  const notImage = (name: string) => invalid('photos', 'photoNotImage', `The file ${name} is not a JPEG, PNG or WebP photo`, { name });
  for (const u of given) {
    const name = u.name ?? '';
    if (u.bytes.byteLength > MAX_RETURN_PHOTO_BYTES)
      throw invalid('photos', 'photoTooLarge', `The photo ${name} is too large (15 MB at most)`, { name, max: MAX_RETURN_PHOTO_BYTES / 1024 / 1024 });
    const header = await readPhotoHeader(u.bytes);
    if (!header || !PHOTO_FORMATS.has(header.format)) throw notImage(name);
    if (tooManyPixels(header)) {
      const mp = MAX_PHOTO_PIXELS / 1_000_000;
      throw invalid('photos', 'photoTooManyPixels', `The photo ${name} has more than ${mp} megapixels`, { name, mp });
    }
  }
  return given.length ? oneDecodeAtATime(() => decodePhotos(given)) : [];
}

/**
 * The tail of the queue of return photo decodes in this process: a request's photos are decoded
 * after the previous request's, so that parallel requests cost one decode's memory at a time (a
 * 40-megapixel PNG takes about 0.4 CPU-seconds and 120 MB while it is decoded) instead of one each.
 */
let decodeQueue: Promise<unknown> = Promise.resolve();

/** Runs `job` once every decode queued before it has ended (successfully or not). */
function oneDecodeAtATime<T>(job: () => Promise<T>): Promise<T> {
  const run = decodeQueue.then(job, job);
  decodeQueue = run.catch(() => undefined);
  return run;
}

/** Decodes checked photos one after the other (see {@link preparePhotos}). */
async function decodePhotos(given: ReturnPhotoUpload[]): Promise<{ photo: ReturnPhoto; body: Buffer }[]> {
  const notImage = (name: string) => invalid('photos', 'photoNotImage', `The file ${name} is not a JPEG, PNG or WebP photo`, { name });
  const out: { photo: ReturnPhoto; body: Buffer }[] = [];
  for (const u of given) {
    let body: Buffer;
    try {
      body = await sharp(u.bytes, { limitInputPixels: MAX_PHOTO_PIXELS })
        .rotate()
        .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
    } catch {
      throw notImage(u.name ?? '');
    }
    out.push({ photo: { id: randomUUID(), contentType: 'image/jpeg', ext: 'jpg' }, body });
  }
  return out;
}

/** The store key of a return photo. */
function photoKey(returnId: string, photo: Pick<ReturnPhoto, 'id' | 'ext'>): string {
  return `returns/${returnId}/${photo.id}.${photo.ext}`;
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
  const mailIds: (string | null)[] = [];
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
      const lang = storedLocale(order.locale);
      const text = [textIn(lang, 'mail:returns.requested', { code: order.code, reason: textIn(lang, `mail:returns.${r.reason}`) })];
      if (bank && !iban) text.push('', textIn(lang, 'mail:returns.ibanNeeded', { url: `${publicOrigin(shop.env)}/client/historydetails?id=${order.code}` }));
      // the item stays with the customer until the decision says whether and where it goes
      text.push('', textIn(lang, 'mail:returns.keepUntilDecided'));
      mailIds.push(await queueCustomerMail(tx, shop, order, 'requestedSubject', text));
      mailIds.push(await queueShopReturnMail(tx, shop, order, r));
      return r;
    });
    await deliver(shop, mailIds, 'return request');
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
  const mailIds: (string | null)[] = [];
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
      mail: false,
      complete: async (tx, done, ids) => {
        const queued: (string | null)[] = [];
        ret = await recordAcceptance(tx, shop, returnId, done, { ...input, restock: done.restock }, adminId, now, queued);
        for (const id of queued) if (id) ids.push(id);
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
      { now, mailIds: [], mail: false },
    );
    const ret = await recordAcceptance(tx, shop, r.id, refund, input, adminId, now, mailIds);
    return { ret, refund };
  });
  await deliver(shop, mailIds, 'return accepted');
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
  await recordAudit(tx, {
    actor: `admin:${adminId}`,
    action: decision.status === 'accepted' ? 'order.return.accept' : 'order.return.refuse',
    entity: 'order',
    entityId: r.orderId,
    before: { return: r.id, status: 'requested' },
    after: { return: r.id, status: decision.status, ...audited },
  });
  return row;
}

/** The decision part of accepting a return, in the transaction that records its refund. */
async function recordAcceptance(
  tx: Db,
  shop: Shop,
  returnId: string,
  refund: RefundRow,
  input: AcceptInput,
  adminId: string,
  now: Date,
  mailIds: (string | null)[],
): Promise<ReturnRow> {
  const r = await lockOpenReturn(tx, returnId);
  const ret = await recordDecision(
    tx,
    r,
    adminId,
    now,
    { status: 'accepted', refundId: refund.id, restock: input.restock, decisionNote: input.note?.trim() || null },
    { amount: refund.amount, creditNoteNumber: refund.creditNoteNumber, restock: input.restock },
  );
  const after = (await findOrder(tx, r.orderId))!;
  const lang = storedLocale(after.locale);
  const text = [textIn(lang, 'mail:returns.accepted', { code: after.code, amount: rappenToDecimalString(refund.amount) })];
  text.push(
    after.paymentMethod === 'qr-bill' ? textIn(lang, 'mail:returns.refundBank', { iban: displayIban(r.iban ?? '') }) : textIn(lang, 'mail:returns.refundCard'),
  );
  const settings = await getSettings(tx);
  text.push('', ...returnInstructionLines(settings, lang, after.code));
  const pdf = await creditNotePdf(after, refund, settings);
  mailIds.push(
    await queueCustomerMail(tx, shop, after, 'acceptedSubject', text, [
      { filename: `credit-note-${refund.creditNoteNumber}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
    ]),
  );
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
  const mailIds: (string | null)[] = [];
  const ret = await shop.db.transaction(async (tx) => {
    const r = await lockOpenReturn(tx, returnId);
    const row = await recordDecision(tx, r, adminId, now, { status: 'refused', decisionNote: why }, { note: why });
    const [order] = await tx.select().from(orders).where(eq(orders.id, r.orderId));
    mailIds.push(
      await queueCustomerMail(tx, shop, order, 'refusedSubject', [textIn(storedLocale(order.locale), 'mail:returns.refused', { code: order.code, note: why })]),
    );
    return row;
  });
  await deliver(shop, mailIds, 'return refused');
  return ret;
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

/**
 * One photo of a return for its customer or an admin.
 * @returns the JPEG bytes, or null (unknown return or photo, or someone else's).
 */
export async function readReturnPhoto(
  shop: Pick<Shop, 'db' | 'env'>,
  viewer: { userId: string; role: string },
  returnId: string,
  photoId: string,
): Promise<{ body: Buffer; contentType: string } | null> {
  if (!/^[0-9a-f-]{36}$/.test(returnId) || !/^[0-9a-f-]{36}$/.test(photoId)) return null;
  const [r] = await shop.db.select().from(orderReturns).where(eq(orderReturns.id, returnId));
  if (!r || (r.userId !== viewer.userId && !isEffectiveAdmin(viewer))) return null;
  const photo = r.photos.find((p) => p.id === photoId);
  if (!photo) return null;
  const body = await photoStore(shop.env).get(photoKey(r.id, photo));
  return body ? { body, contentType: photo.contentType } : null;
}

/** A downloadable document of an order: its invoice or a credit note, with the URL answering the PDF. */
export type OrderDocument = { kind: 'invoice' | 'credit_note'; number: string; url: string; createdAt: Date };

/**
 * The order's documents for its customer: the invoice once paid (also after a refund), and the
 * credit note of every refund. URLs are the shop's own (`/client/invoice`, `/client/creditnote`),
 * answered to the order's customer or an admin only.
 */
export async function orderDocuments(db: Db, order: OrderRow): Promise<OrderDocument[]> {
  const docs: OrderDocument[] = [];
  if (order.invoiceNumber && (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded'))
    docs.push({ kind: 'invoice', number: order.invoiceNumber, url: `/client/invoice?id=${order.code}`, createdAt: order.paidAt ?? order.createdAt });
  for (const r of await refundsOfOrder(db, order.id))
    docs.push({
      kind: 'credit_note',
      number: r.creditNoteNumber!,
      url: `/client/creditnote?no=${encodeURIComponent(r.creditNoteNumber!)}`,
      createdAt: r.createdAt,
    });
  return docs;
}

/** An order's parcel tracking: carrier, number and the carrier's tracking page, or null. */
export function orderTracking(order: Pick<OrderRow, 'carrier' | 'trackingNumber'>): { carrier: string; number: string; url: string | null } | null {
  if (!order.carrier || !order.trackingNumber) return null;
  return { carrier: order.carrier, number: order.trackingNumber, url: trackingUrl(order.carrier, order.trackingNumber) };
}
