/**
 * Order e-mails in the customer's language (composed by core/mail, texts `mail:order.*`), queued in
 * the outbox inside the transaction that causes them: "order received" (with the QR-bill for bank
 * transfer) and "payment received" (with the invoice PDF).
 */
import type { ShopSettings } from '../config/browser.ts';
import type { Db } from '../db/index.ts';
import type { Locale } from '../i18n/browser.ts';
import { textIn } from '../i18n/index.ts';
import { invoicePhotos } from '../catalogue/index.ts';
import { invoicePdf } from '../invoices/index.ts';
import { queueMail, renderOrderReceived, renderPaymentReceived, shopForMail, type BankTransferForMail } from '../mail/index.ts';
import type { Shop } from '../shop-type.ts';
import type { OrderRow, OrderWithLines } from './service.ts';
import { publicOrigin } from '../config/browser.ts';
import { bankTransferDetails } from './bank-transfer.ts';

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

/** The payment data of a bank-transfer order as the mail writes it ({@link bankTransferDetails}). */
function bankTransferForMail(order: OrderWithLines, settings: ShopSettings): BankTransferForMail {
  const d = bankTransferDetails(order, settings);
  return { amount: d.amount, iban: d.iban, payee: [d.beneficiary, ...d.beneficiaryAddress].join(', '), reference: d.reference, dueAt: d.dueAt };
}

/**
 * Queues "order received": the whole order (items, a custom box's cigars and text, discount,
 * bonus, shipping, total, delivery address) and, for a bank transfer, the payment data as text
 * with the invoice and its QR-bill attached.
 * @returns the outbox id.
 */
export async function queueOrderReceivedMail(tx: Db, shop: Shop, order: OrderWithLines, to: string, settings: ShopSettings): Promise<string> {
  const attachments = [];
  const qrBill = order.paymentMethod === 'qr-bill';
  if (qrBill) {
    const pdf = await invoicePdf(order, settings, {
      withQrBill: true,
      date: order.createdAt,
      photos: await invoicePhotos({ db: tx, env: shop.env }, order.lines),
    });
    attachments.push({ filename: `qr-bill-${order.code}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') });
  }
  const mail = renderOrderReceived(to, order, shopForMail(settings, publicOrigin(shop.env)), {
    orderUrl: orderUrl(shop, order),
    bankTransfer: qrBill ? bankTransferForMail(order, settings) : undefined,
  });
  return queueMail(tx, { ...mail, attachments }, Boolean(shop.env.SMTP_URL));
}

/**
 * Queues "payment received" with the whole order and the invoice PDF.
 * @returns the outbox id.
 */
export async function queuePaymentReceivedMail(tx: Db, shop: Shop, order: OrderWithLines, to: string, settings: ShopSettings): Promise<string> {
  const pdf = await invoicePdf(order, settings, { withQrBill: false, photos: await invoicePhotos({ db: tx, env: shop.env }, order.lines) });
  const mail = renderPaymentReceived(to, order, shopForMail(settings, publicOrigin(shop.env)), { orderUrl: orderUrl(shop, order) });
  return queueMail(
    tx,
    {
      ...mail,
      attachments: [{ filename: `invoice-${order.invoiceNumber ?? order.code}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
    },
    Boolean(shop.env.SMTP_URL),
  );
}
