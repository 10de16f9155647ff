/**
 * Order e-mails in the customer's language, queued in the outbox inside the
 * transaction that causes them: "order received" (with the QR-bill for bank transfer) and
 * "payment received" (with the invoice PDF).
 */
import type { ShopSettings } from '../config/browser.ts';
import type { Db } from '../db/index.ts';
import { docLang, label, swissDate } from '../invoices/browser.ts';
import { invoicePhotos } from '../catalogue/index.ts';
import { invoicePdf } from '../invoices/index.ts';
import { queueMail } from '../mail/index.ts';
import { rappenToDecimalString } from '../pricing/browser.ts';
import type { Shop } from '../shop.ts';
import type { OrderWithLines } from './service.ts';
import { publicOrigin } from '../config/browser.ts';

function orderUrl(shop: Shop, order: OrderWithLines): string {
  return `${publicOrigin(shop.env)}/client/historydetails?id=${order.code}`;
}

function body(lines: string[], settings: ShopSettings, lang: ReturnType<typeof docLang>): string {
  return [...lines, '', label(lang, 'regards'), settings.companyName].join('\n');
}

/**
 * Queues "order received". Bank-transfer orders get the invoice with the QR-bill attached.
 * @returns the outbox id.
 */
export async function queueOrderReceivedMail(tx: Db, shop: Shop, order: OrderWithLines, to: string, settings: ShopSettings): Promise<string> {
  const lang = docLang(order.locale);
  const total = rappenToDecimalString(order.total);
  const lines = [label(lang, 'hello', { name: order.address.firstName }), '', label(lang, 'orderReceived', { code: order.code, total })];
  const attachments = [];
  if (order.paymentMethod === 'qr-bill') {
    lines.push('', label(lang, 'bankTransfer', { total, date: order.expiresAt ? swissDate(order.expiresAt) : '' }));
    const pdf = await invoicePdf(order, settings, {
      withQrBill: true,
      date: order.createdAt,
      photos: await invoicePhotos({ db: tx, env: shop.env }, order.lines),
    });
    attachments.push({ filename: `qr-bill-${order.code}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') });
  }
  lines.push('', label(lang, 'follow', { url: orderUrl(shop, order) }));
  return queueMail(
    tx,
    { to, subject: label(lang, 'orderReceivedSubject', { code: order.code }), text: body(lines, settings, lang), attachments },
    Boolean(shop.env.SMTP_URL),
  );
}

/**
 * Queues "payment received" with the invoice PDF.
 * @returns the outbox id.
 */
export async function queuePaymentReceivedMail(tx: Db, shop: Shop, order: OrderWithLines, to: string, settings: ShopSettings): Promise<string> {
  const lang = docLang(order.locale);
  const total = rappenToDecimalString(order.total);
  const lines = [
    label(lang, 'hello', { name: order.address.firstName }),
    '',
    label(lang, 'paymentReceived', { code: order.code, total }),
    '',
    label(lang, 'follow', { url: orderUrl(shop, order) }),
  ];
  const pdf = await invoicePdf(order, settings, { withQrBill: false, photos: await invoicePhotos({ db: tx, env: shop.env }, order.lines) });
  return queueMail(
    tx,
    {
      to,
      subject: label(lang, 'paymentReceivedSubject', { code: order.code }),
      text: body(lines, settings, lang),
      attachments: [{ filename: `invoice-${order.invoiceNumber ?? order.code}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
    },
    Boolean(shop.env.SMTP_URL),
  );
}
