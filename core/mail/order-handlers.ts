/**
 * The mails about an order, made from the orders module's events (core/events): the shop's mail
 * about a new order (its mail language), the customer's "order received" (a bank transfer: the
 * payment data as text and the QR-bill attached) and "payment received" (the invoice attached),
 * "shipped" with the tracking link, and the shop's alert of order notices waiting for a retry.
 * Composed by ./order-mails.ts on the one frame, text and HTML.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { invoicePhotos } from '../catalogue/index.ts';
import { publicOrigin, type ShopSettings } from '../config/browser.ts';
import { getSettings } from '../config/index.ts';
import { orderMailRetries, orders, users, type Db, type OrderWithLines } from '../db/index.ts';
import type { EventBus, EventContext, EventOf } from '../events/index.ts';
import { storedLocale } from '../i18n/browser.ts';
import { textIn } from '../i18n/index.ts';
import { invoicePdf } from '../invoices/index.ts';
import { bankTransferDetails } from '../orders/index.ts';
import { trackingUrl } from '../orders/browser.ts';
import type { Shop } from '../shop-type.ts';
import { adminOrderUrl, customerOrderUrl, orderWithLines, shopMailAddress } from './addresses.ts';
import { shopForMail } from './compose.ts';
import { renderOrderReceived, renderPaymentReceived, renderShipped, renderShopNewOrder, type BankTransferForMail } from './order-mails.ts';
import { queueForEvent, withHtml } from './queue.ts';

async function emailOf(tx: Db, userId: string): Promise<string | undefined> {
  const [u] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return u?.email;
}

/** The payment data of a bank-transfer order as the mail writes it (core/orders bankTransferDetails). */
function bankTransferForMail(order: OrderWithLines, settings: ShopSettings): BankTransferForMail {
  const d = bankTransferDetails(order, settings);
  return { amount: d.amount, iban: d.iban, payee: [d.beneficiary, ...d.beneficiaryAddress].join(', '), reference: d.reference, dueAt: d.dueAt };
}

/**
 * The customer's notice with its PDF: "order received" (for a bank transfer with the payment data
 * and the QR-bill) or "payment received" with the invoice. Throws when the PDF cannot be drawn
 * (the emitter keeps the notice for a retry).
 */
async function orderNotice(shop: Shop, ctx: EventContext<Db>, e: EventOf<'order.noticeDue'>): Promise<void> {
  const order = await orderWithLines(ctx.tx, e.orderId);
  const to = order && (await emailOf(ctx.tx, order.userId));
  if (!order || !to) return;
  const settings = await getSettings(ctx.tx);
  const frame = shopForMail(settings, publicOrigin(shop.env));
  const photos = await invoicePhotos({ db: ctx.tx, env: shop.env }, order.lines);
  const orderUrl = customerOrderUrl(shop.env, order.code);
  if (e.notice === 'payment_received') {
    const pdf = await invoicePdf(order, settings, { withQrBill: false, photos });
    const filename = `invoice-${order.invoiceNumber ?? order.code}.pdf`;
    const mail = renderPaymentReceived(to, order, frame, { orderUrl });
    await queueForEvent(shop, ctx, { ...mail, attachments: [{ filename, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }] });
    return;
  }
  const qrBill = order.paymentMethod === 'qr-bill';
  const attachments = [];
  if (qrBill) {
    const pdf = await invoicePdf(order, settings, { withQrBill: true, date: order.createdAt, photos });
    attachments.push({ filename: `qr-bill-${order.code}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') });
  }
  const mail = renderOrderReceived(to, order, frame, { orderUrl, bankTransfer: qrBill ? bankTransferForMail(order, settings) : undefined });
  await queueForEvent(shop, ctx, { ...mail, attachments });
}

/** The shop's mail about a new order, to its order address in its mail language. */
async function shopNewOrder(shop: Shop, ctx: EventContext<Db>, e: EventOf<'order.placed'>): Promise<void> {
  const order = await orderWithLines(ctx.tx, e.orderId);
  if (!order) return;
  const settings = await getSettings(ctx.tx);
  const mail = renderShopNewOrder(shopMailAddress(settings), storedLocale(settings.shopMailLocale), order, shopForMail(settings, publicOrigin(shop.env)), {
    customerEmail: (await emailOf(ctx.tx, order.userId)) ?? '',
    adminUrl: adminOrderUrl(shop.env, order.id),
  });
  await queueForEvent(shop, ctx, mail);
}

/** "Shipped": the carrier and the tracking link, in the order's language. */
async function shipped(shop: Shop, ctx: EventContext<Db>, e: EventOf<'order.shipped'>): Promise<void> {
  const [order] = await ctx.tx.select().from(orders).where(eq(orders.id, e.orderId)).limit(1);
  const to = order && (await emailOf(ctx.tx, order.userId));
  if (!to) return;
  const settings = await getSettings(ctx.tx);
  const mail = renderShipped(to, order, shopForMail(settings, publicOrigin(shop.env)), { trackingUrl: trackingUrl(order.carrier, order.trackingNumber) ?? '' });
  await queueForEvent(shop, ctx, mail);
}

/** The shop's alert of order notices that could not be made (each with its order code and error), in its mail language. */
async function noticesFailing(shop: Shop, ctx: EventContext<Db>, e: EventOf<'order.noticesFailing'>): Promise<void> {
  if (e.orderIds.length === 0) return;
  const rows = await ctx.tx
    .select({ code: orders.code, lastError: orderMailRetries.lastError })
    .from(orderMailRetries)
    .innerJoin(orders, eq(orders.id, orderMailRetries.orderId))
    .where(and(inArray(orderMailRetries.orderId, e.orderIds)))
    .orderBy(orderMailRetries.createdAt);
  if (rows.length === 0) return;
  const settings = await getSettings(ctx.tx);
  const lang = storedLocale(settings.shopMailLocale);
  const origin = publicOrigin(shop.env);
  const text = [
    textIn(lang, 'mail:jobs.orderMailFailed.intro', { n: rows.length }),
    '',
    ...rows.map((r) => `  ${r.code}: ${r.lastError}`),
    '',
    textIn(lang, 'mail:jobs.orderMailFailed.retry'),
    '',
    `${textIn(lang, 'mail:jobs.orderMailFailed.settings')}: ${origin}/admin/settings`,
    `${textIn(lang, 'mail:jobs.orderMailFailed.dashboard')}: ${origin}/admin/home`,
    '',
  ].join('\n');
  const subject = textIn(lang, 'mail:jobs.orderMailFailed.subject', { n: rows.length, code: rows[0].code });
  await queueForEvent(shop, ctx, withHtml(lang, { to: shopMailAddress(settings), subject, text }, settings, shop.env));
}

/** Registers the order mails' handlers on `bus`. */
export function registerOrderMails(shop: Shop, bus: EventBus<Db>): void {
  bus.on('order.placed', (e, ctx) => shopNewOrder(shop, ctx, e));
  bus.on('order.noticeDue', (e, ctx) => orderNotice(shop, ctx, e));
  bus.on('order.shipped', (e, ctx) => shipped(shop, ctx, e));
  bus.on('order.noticesFailing', (e, ctx) => noticesFailing(shop, ctx, e));
}
