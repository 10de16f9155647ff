/**
 * The mails of the contact form and of the scheduled jobs, made from their events (core/events):
 * the contact message to the shop's address (in English, as the owner reads the form), the
 * payment reminder with the QR-bill again and the expiry notice to the customer in the order's
 * language, the low-stock alert to the shop in its mail language. Each has its text part as
 * before and an HTML part on the one frame (./queue.ts withHtml).
 */
import { eq } from 'drizzle-orm';
import { invoicePhotos } from '../catalogue/index.ts';
import { publicOrigin } from '../config/browser.ts';
import { getSettings } from '../config/index.ts';
import { contactMessages, orders, products, users, type Db, type OrderRow } from '../db/index.ts';
import type { EventBus, EventContext, EventOf } from '../events/index.ts';
import { storedLocale } from '../i18n/browser.ts';
import { invoicePdf } from '../invoices/index.ts';
import type { Shop } from '../shop-type.ts';
import { customerOrderUrl, orderWithLines, shopMailAddress } from './addresses.ts';
import { renderLowStock, renderOrderExpired, renderPaymentReminder, type OrderForMail } from './job-mails.ts';
import { queueForEvent, withHtml } from './queue.ts';

/** The contact message to the shop's address (setting `email`), with the sender, the subject and the message id. */
async function contactMail(shop: Shop, ctx: EventContext<Db>, e: EventOf<'contact.messageReceived'>): Promise<void> {
  const [m] = await ctx.tx.select().from(contactMessages).where(eq(contactMessages.id, e.messageId)).limit(1);
  if (!m) return;
  const settings = await getSettings(ctx.tx);
  const mail = {
    to: settings.email,
    subject: `Contact form: ${m.subject || m.name}`,
    text: [`From: ${m.name} <${m.email}>`, `Subject: ${m.subject || '-'}`, `Message id: ${m.id}`, '', m.message].join('\n'),
  };
  await queueForEvent(shop, ctx, withHtml('en', mail, settings, shop.env));
}

function forMail(o: OrderRow): OrderForMail {
  return {
    code: o.code,
    locale: storedLocale(o.locale),
    total: o.total,
    paidAmount: o.paidAmount,
    expiresAt: o.expiresAt ?? new Date(),
    paymentReference: o.paymentReference,
    firstName: o.address.firstName,
  };
}

async function customerEmail(tx: Db, userId: string): Promise<string | undefined> {
  const [u] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return u?.email;
}

/** The payment reminder of an unpaid bank-transfer order, with its QR-bill attached again; none once the order is no longer awaiting payment. */
async function paymentReminder(shop: Shop, ctx: EventContext<Db>, e: EventOf<'order.paymentReminderDue'>): Promise<void> {
  const order = await orderWithLines(ctx.tx, e.orderId);
  if (!order || order.status !== 'pending_payment') return;
  const to = await customerEmail(ctx.tx, order.userId);
  if (!to) return;
  const settings = await getSettings(ctx.tx);
  const pdf = await invoicePdf(order, settings, {
    withQrBill: true,
    date: order.createdAt,
    photos: await invoicePhotos({ db: ctx.tx, env: shop.env }, order.lines),
  });
  const mail = renderPaymentReminder(to, forMail(order), {
    shop: settings.companyName,
    timeZone: settings.timeZone,
    iban: settings.iban,
    payee: [settings.companyName, `${settings.street} ${settings.buildingNumber}`.trim(), `${settings.postalCode} ${settings.city}`].join(', '),
    orderUrl: customerOrderUrl(shop.env, order.code),
    attached: true,
  });
  const attachments = [{ filename: `qr-bill-${order.code}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }];
  await queueForEvent(shop, ctx, { ...withHtml(forMail(order).locale, mail, settings, shop.env), attachments });
}

/** The notice that an unpaid order's reservation lapsed. */
async function expiryNotice(shop: Shop, ctx: EventContext<Db>, e: EventOf<'order.expiryNoticeDue'>): Promise<void> {
  const [order] = await ctx.tx.select().from(orders).where(eq(orders.id, e.orderId)).limit(1);
  const to = order && (await customerEmail(ctx.tx, order.userId));
  if (!to) return;
  const settings = await getSettings(ctx.tx);
  const mail = renderOrderExpired(to, forMail(order), { shop: settings.companyName, shopUrl: `${publicOrigin(shop.env)}/`, timeZone: settings.timeZone });
  await queueForEvent(shop, ctx, withHtml(forMail(order).locale, mail, settings, shop.env));
}

/** The low-stock alert for one product to the shop, in its mail language, linking to the product's stock in the admin. */
async function lowStock(shop: Shop, ctx: EventContext<Db>, e: EventOf<'product.lowStock'>): Promise<void> {
  const [p] = await ctx.tx
    .select({ id: products.id, name: products.name, sku: products.sku, threshold: products.lowStockThreshold })
    .from(products)
    .where(eq(products.id, e.productId))
    .limit(1);
  if (!p) return;
  const settings = await getSettings(ctx.tx);
  const lang = storedLocale(settings.shopMailLocale);
  const mail = renderLowStock(
    shopMailAddress(settings),
    lang,
    { name: p.name, sku: p.sku, stock: e.stock, threshold: p.threshold },
    { adminUrl: `${publicOrigin(shop.env)}/admin/product/add?id=${encodeURIComponent(p.id)}#stock` },
  );
  await queueForEvent(shop, ctx, withHtml(lang, mail, settings, shop.env));
}

/** Registers the contact and job mails' handlers on `bus`. */
export function registerShopMails(shop: Shop, bus: EventBus<Db>): void {
  bus.on('contact.messageReceived', (e, ctx) => contactMail(shop, ctx, e));
  bus.on('order.paymentReminderDue', (e, ctx) => paymentReminder(shop, ctx, e));
  bus.on('order.expiryNoticeDue', (e, ctx) => expiryNotice(shop, ctx, e));
  bus.on('product.lowStock', (e, ctx) => lowStock(shop, ctx, e));
}
