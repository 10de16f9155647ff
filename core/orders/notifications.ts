/**
 * Order e-mails in the customer's language (texts `mail:order.*`), queued in the outbox inside the
 * transaction that causes them: "order received" (with the QR-bill for bank transfer) and
 * "payment received" (with the invoice PDF).
 */
import type { ShopSettings } from '../config/browser.ts';
import type { Db } from '../db/index.ts';
import { resolveLocale, type Locale } from '../i18n/browser.ts';
import { swissDate } from '../i18n/browser.ts';
import { textIn } from '../i18n/index.ts';
import { invoicePhotos } from '../catalogue/index.ts';
import { invoicePdf } from '../invoices/index.ts';
import { queueMail } from '../mail/index.ts';
import { rappenToDecimalString } from '../pricing/browser.ts';
import type { Shop } from '../shop.ts';
import type { OrderRow, OrderWithLines } from './service.ts';
import { publicOrigin } from '../config/browser.ts';
import { orderReceivedDetails } from './order-mail-text.ts';

function orderUrl(shop: Shop, order: OrderWithLines): string {
  return `${publicOrigin(shop.env)}/client/historydetails?id=${order.code}`;
}

/**
 * The plain text of a mail to an order's customer in `lang`: the greeting with the delivery
 * address's first name, the paragraphs (a blank line between each; one paragraph may hold several
 * lines), then the regards and the shop's company name. Every customer mail about an order
 * (received, paid, shipped, refunded, returns) has this frame.
 */
export function customerMailText(lang: Locale, order: Pick<OrderRow, 'address'>, paragraphs: string[], companyName: string): string {
  const hello = textIn(lang, 'mail:order.hello', { name: order.address.firstName });
  return [hello, ...paragraphs, `${textIn(lang, 'mail:order.regards')}\n${companyName}`].join('\n\n');
}

/**
 * Queues "order received": the order (items, discount, shipping, total, delivery address) and,
 * for a bank transfer, the payment data as text with the invoice and its QR-bill attached.
 * @returns the outbox id.
 */
export async function queueOrderReceivedMail(tx: Db, shop: Shop, order: OrderWithLines, to: string, settings: ShopSettings): Promise<string> {
  const lang = resolveLocale({ stored: order.locale });
  const total = rappenToDecimalString(order.total);
  const details = orderReceivedDetails(lang, order, settings);
  const paragraphs = [textIn(lang, 'mail:order.orderReceived', { code: order.code, total }), ...details.order];
  const attachments = [];
  if (order.paymentMethod === 'qr-bill') {
    paragraphs.push(textIn(lang, 'mail:order.bankTransfer', { total, date: order.expiresAt ? swissDate(order.expiresAt, settings.timeZone) : '' }));
    paragraphs.push(...details.payment);
    const pdf = await invoicePdf(order, settings, {
      withQrBill: true,
      date: order.createdAt,
      photos: await invoicePhotos({ db: tx, env: shop.env }, order.lines),
    });
    attachments.push({ filename: `qr-bill-${order.code}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') });
  }
  paragraphs.push(textIn(lang, 'mail:order.follow', { url: orderUrl(shop, order) }));
  return queueMail(
    tx,
    {
      to,
      subject: textIn(lang, 'mail:order.orderReceivedSubject', { code: order.code }),
      text: customerMailText(lang, order, paragraphs, settings.companyName),
      attachments,
    },
    Boolean(shop.env.SMTP_URL),
  );
}

/**
 * Queues "payment received" with the invoice PDF.
 * @returns the outbox id.
 */
export async function queuePaymentReceivedMail(tx: Db, shop: Shop, order: OrderWithLines, to: string, settings: ShopSettings): Promise<string> {
  const lang = resolveLocale({ stored: order.locale });
  const total = rappenToDecimalString(order.total);
  const paragraphs = [
    textIn(lang, 'mail:order.paymentReceived', { code: order.code, total }),
    textIn(lang, 'mail:order.follow', { url: orderUrl(shop, order) }),
  ];
  const pdf = await invoicePdf(order, settings, { withQrBill: false, photos: await invoicePhotos({ db: tx, env: shop.env }, order.lines) });
  return queueMail(
    tx,
    {
      to,
      subject: textIn(lang, 'mail:order.paymentReceivedSubject', { code: order.code }),
      text: customerMailText(lang, order, paragraphs, settings.companyName),
      attachments: [{ filename: `invoice-${order.invoiceNumber ?? order.code}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
    },
    Boolean(shop.env.SMTP_URL),
  );
}
