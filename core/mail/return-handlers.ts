/**
 * The mails of returns, refunds and a customer's cancellation, made from their events
 * (core/events): to the customer at each step in the order's language, in the frame of every
 * customer mail about an order (./order-mails.ts customerBlocks), and to the shop about a new
 * return request in its mail language. Texts `mail:returns.*`, `mail:fulfilment.refund*`. Money
 * in Rappen, shown as CHF.
 */
import { eq } from 'drizzle-orm';
import { friendlyFormatIBAN } from 'ibantools';
import { getSettings, type ShopSettings } from '../config/index.ts';
import { publicOrigin } from '../config/browser.ts';
import { boxModelName } from '../custom-box/index.ts';
import { orderReturns, refunds, users, type Db, type OrderRow, type OrderWithLines, type ReturnRow, type StoredAttachment } from '../db/index.ts';
import type { EventBus, EventContext, EventOf } from '../events/index.ts';
import { storedLocale, type Locale } from '../i18n/browser.ts';
import { textIn } from '../i18n/index.ts';
import { creditNotePdf } from '../invoices/index.ts';
import { rappenToDecimalString } from '../pricing/browser.ts';
import type { Shop } from '../shop-type.ts';
import { adminOrderUrl, customerOrderUrl, orderWithLines, shopMailAddress } from './addresses.ts';
import { composeMail, shopForMail } from './compose.ts';
import { customerBlocks } from './order-mails.ts';
import { queueForEvent } from './queue.ts';
import { returnInstructionLines } from './return-instructions.ts';

type ReturnSubject = 'cancelledSubject' | 'requestedSubject' | 'acceptedSubject' | 'refusedSubject';

/**
 * Queues a mail to the order's customer (none when the account is gone): the paragraphs, then the
 * link to the order page, in the customer's frame.
 */
async function customerMail(
  shop: Shop,
  ctx: EventContext<Db>,
  order: OrderRow,
  subject: ReturnSubject | 'refund',
  paragraphs: string[],
  attachments: StoredAttachment[] = [],
): Promise<void> {
  const [user] = await ctx.tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  if (!user) return;
  const settings = await getSettings(ctx.tx);
  const lang = storedLocale(order.locale);
  const title =
    subject === 'refund' ? textIn(lang, 'mail:fulfilment.refundSubject', { code: order.code }) : textIn(lang, `mail:returns.${subject}`, { code: order.code });
  const blocks = subject === 'refund' ? paragraphs : [...paragraphs, textIn(lang, 'mail:returns.orderPage', { url: customerOrderUrl(shop.env, order.code) })];
  const mail = composeMail(lang, user.email, title, customerBlocks(lang, order, blocks, settings.companyName), shopForMail(settings, publicOrigin(shop.env)));
  await queueForEvent(shop, ctx, { ...mail, attachments });
}

async function returnAndOrder(tx: Db, returnId: string): Promise<{ r: ReturnRow; order: OrderWithLines } | undefined> {
  const [r] = await tx.select().from(orderReturns).where(eq(orderReturns.id, returnId)).limit(1);
  const order = r && (await orderWithLines(tx, r.orderId));
  return order ? { r, order } : undefined;
}

/**
 * The shop's mail about a new return request (to the shop's order address, in its mail language):
 * order, customer, reason, items (a custom box by its model in that language), the customer's
 * message, photos, whether the refund IBAN is known, and the link to the order in the admin.
 */
async function shopReturnMail(shop: Shop, ctx: EventContext<Db>, order: OrderWithLines, r: ReturnRow, settings: ShopSettings): Promise<void> {
  const lang = storedLocale(settings.shopMailLocale);
  const [user] = await ctx.tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  const a = order.address;
  const intro = textIn(lang, 'mail:returns.shopRequested', {
    code: order.code,
    customer: `${a.firstName} ${a.lastName}`,
    email: user?.email ?? '',
    reason: textIn(lang, `mail:returns.${r.reason}`),
  });
  const items = r.lines.map((l) => {
    const box = order.lines.find((x) => x.id === l.lineId)?.box;
    return `${l.count} × ${box ? boxModelName({ name: l.name, capacity: box.capacity }, lang) : l.name} (${l.sku})`;
  });
  const facts = [
    `${textIn(lang, 'mail:returns.shopMessage')}: ${r.message}`,
    textIn(lang, 'mail:returns.shopPhotos', { count: r.photos.length }),
    ...(order.paymentMethod === 'qr-bill' ? [r.iban ? textIn(lang, 'mail:returns.shopIbanGiven') : textIn(lang, 'mail:returns.shopIbanMissing')] : []),
  ];
  const blocks = [intro, items.join('\n'), facts.join('\n'), textIn(lang, 'mail:returns.shopDecide', { url: adminOrderUrl(shop.env, order.id) })];
  const subject = textIn(lang, 'mail:returns.shopRequestedSubject', { code: order.code });
  await queueForEvent(shop, ctx, composeMail(lang, shopMailAddress(settings), subject, blocks, shopForMail(settings, publicOrigin(shop.env))));
}

/** A return was asked for: the customer's confirmation (keep the item until the decision; the IBAN still needed) and the shop's mail. */
async function returnRequested(shop: Shop, ctx: EventContext<Db>, e: EventOf<'return.requested'>): Promise<void> {
  const found = await returnAndOrder(ctx.tx, e.returnId);
  if (!found) return;
  const { r, order } = found;
  const lang = storedLocale(order.locale);
  const text = [textIn(lang, 'mail:returns.requested', { code: order.code, reason: textIn(lang, `mail:returns.${r.reason}`) })];
  if (order.paymentMethod === 'qr-bill' && !r.iban) text.push(textIn(lang, 'mail:returns.ibanNeeded', { url: customerOrderUrl(shop.env, order.code) }));
  // the item stays with the customer until the decision says whether and where it goes
  text.push(textIn(lang, 'mail:returns.keepUntilDecided'));
  await customerMail(shop, ctx, order, 'requestedSubject', text);
  await shopReturnMail(shop, ctx, order, r, await getSettings(ctx.tx));
}

const creditNote = (refund: { creditNoteNumber: string | null }, pdf: Buffer): StoredAttachment => ({
  filename: `credit-note-${refund.creditNoteNumber}.pdf`,
  contentType: 'application/pdf',
  contentBase64: pdf.toString('base64'),
});

/** A return was accepted: the amount, where the money goes, what to do with the item, the credit note attached. */
async function returnAccepted(shop: Shop, ctx: EventContext<Db>, e: EventOf<'return.accepted'>): Promise<void> {
  const found = await returnAndOrder(ctx.tx, e.returnId);
  const [refund] = await ctx.tx.select().from(refunds).where(eq(refunds.id, e.refundId)).limit(1);
  if (!found || !refund) return;
  const { r, order } = found;
  const lang: Locale = storedLocale(order.locale);
  const settings = await getSettings(ctx.tx);
  const money = [
    textIn(lang, 'mail:returns.accepted', { code: order.code, amount: rappenToDecimalString(refund.amount) }),
    order.paymentMethod === 'qr-bill'
      ? textIn(lang, 'mail:returns.refundBank', { iban: friendlyFormatIBAN(r.iban ?? '') ?? r.iban ?? '' })
      : textIn(lang, 'mail:returns.refundCard'),
  ].join('\n');
  const item = returnInstructionLines(settings, lang, order.code)
    .join('\n')
    .split(/\n{2,}/);
  await customerMail(shop, ctx, order, 'acceptedSubject', [money, ...item], [creditNote(refund, await creditNotePdf(order, refund, settings))]);
}

/** A refund outside a return: the amount, card or bank, the credit note attached. */
async function refundRecorded(shop: Shop, ctx: EventContext<Db>, e: EventOf<'refund.recorded'>): Promise<void> {
  if (e.byReturn) return;
  const [refund] = await ctx.tx.select().from(refunds).where(eq(refunds.id, e.refundId)).limit(1);
  const order = refund && (await orderWithLines(ctx.tx, refund.orderId));
  if (!order) return;
  const lang = storedLocale(order.locale);
  const refunded = textIn(lang, 'mail:fulfilment.refund', { code: order.code, amount: rappenToDecimalString(refund.amount) });
  const how = textIn(lang, order.paymentMethod === 'qr-bill' ? 'mail:fulfilment.refundBank' : 'mail:fulfilment.refundCard');
  const pdf = await creditNotePdf(order, refund, await getSettings(ctx.tx));
  await customerMail(shop, ctx, order, 'refund', [`${refunded}\n${how}`], [creditNote(refund, pdf)]);
}

/** Registers the returns, refund and cancellation mails' handlers on `bus`. */
export function registerReturnMails(shop: Shop, bus: EventBus<Db>): void {
  bus.on('return.requested', (e, ctx) => returnRequested(shop, ctx, e));
  bus.on('return.accepted', (e, ctx) => returnAccepted(shop, ctx, e));
  bus.on('return.refused', async (e, ctx) => {
    const found = await returnAndOrder(ctx.tx, e.returnId);
    if (!found) return;
    const { r, order } = found;
    await customerMail(shop, ctx, order, 'refusedSubject', [
      textIn(storedLocale(order.locale), 'mail:returns.refused', { code: order.code, note: r.decisionNote ?? '' }),
    ]);
  });
  bus.on('order.cancelledByCustomer', async (e, ctx) => {
    const order = await orderWithLines(ctx.tx, e.orderId);
    if (order) await customerMail(shop, ctx, order, 'cancelledSubject', [textIn(storedLocale(order.locale), 'mail:returns.cancelled', { code: order.code })]);
  });
  bus.on('refund.recorded', (e, ctx) => refundRecorded(shop, ctx, e));
}
