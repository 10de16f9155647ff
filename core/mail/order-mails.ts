/**
 * The mails about an order, text and HTML on the one frame: to the customer in the order's
 * language ("order received" with the payment data of a bank transfer, "payment received",
 * "shipped" with the carrier's name in that language and the tracking link), and to the shop in
 * its mail language (setting `shopMailLocale`) about a new order. The customer's mails and the
 * shop's show the whole order ({@link orderSummary}: a custom box with its cigars and text, the
 * discount with its code, bonus, shipping and the total). Texts `mail:order.*`, `mail:jobs.newOrder.*`,
 * `mail:fulfilment.*`, `mail:carriers.*`. Money in Rappen, shown as CHF.
 */
import type { OrderRow, OrderWithLines } from '../db/index.ts';
import { storedLocale, swissDate, type Locale } from '../i18n/browser.ts';
import { textIn, type TextKey } from '../i18n/index.ts';
import { rappenToDecimalString } from '../pricing/browser.ts';
import { composeMail, type MailBlock, type ShopForMail } from './compose.ts';
import { addressLines, chf, orderSummary } from './order-summary.ts';
import type { MailMessage } from './service.ts';

/** The carriers a parcel can go with (core/orders CARRIERS' keys), named in `mail:carriers.*`. */
const MAIL_CARRIERS = ['swiss-post', 'dhl', 'dpd', 'ups'] as const;

/** A carrier's name in `lang` ("die Schweizerische Post", "La Poste"); an unknown key as it is. */
function carrierName(lang: Locale, carrier: string): string {
  return (MAIL_CARRIERS as readonly string[]).includes(carrier) ? textIn(lang, `mail:carriers.${carrier as (typeof MAIL_CARRIERS)[number]}`) : carrier;
}

/** The greeting, the blocks, then the regards and the company's name: the frame of every customer mail about an order. */
export function customerBlocks(lang: Locale, order: Pick<OrderRow, 'address'>, blocks: MailBlock[], companyName: string): MailBlock[] {
  return [textIn(lang, 'mail:order.hello', { name: order.address.firstName }), ...blocks, `${textIn(lang, 'mail:order.regards')}\n${companyName}`];
}

/** A mail to the order's customer: its subject (`subjectKey` with the order code) and `blocks` in the customer's frame ({@link customerBlocks}). */
function customerMail(
  lang: Locale,
  to: string,
  subjectKey: TextKey,
  order: Pick<OrderRow, 'address' | 'code'>,
  blocks: MailBlock[],
  shop: ShopForMail,
): MailMessage {
  return composeMail(lang, to, textIn(lang, subjectKey, { code: order.code }), customerBlocks(lang, order, blocks, shop.companyName), shop);
}

/** The payment data of a bank-transfer order, as text (core/orders bankTransferDetails). Amount in Rappen. */
export type BankTransferForMail = { amount: number; iban: string; payee: string; reference: string | null; dueAt: Date | null };

/** The order's items and money, then the delivery address. */
function orderBlocks(lang: Locale, order: OrderWithLines): MailBlock[] {
  return [
    { heading: textIn(lang, 'mail:order.items'), summary: orderSummary(lang, order) },
    { heading: textIn(lang, 'mail:order.deliveryTo'), lines: addressLines(lang, order.address) },
  ];
}

/**
 * "Order received": thanks, the whole order, the delivery address, for a bank transfer the
 * payment data (so that a customer can pay from the phone without scanning the attached QR-bill),
 * and the link to the order page. Attachments are the caller's.
 * @param p.orderUrl absolute URL of the customer's order page.
 */
export function renderOrderReceived(
  to: string,
  order: OrderWithLines,
  shop: ShopForMail,
  p: { orderUrl: string; bankTransfer?: BankTransferForMail },
): MailMessage {
  const lang = orderLang(order);
  const total = rappenToDecimalString(order.total);
  const blocks: MailBlock[] = [textIn(lang, 'mail:order.orderReceived', { code: order.code, total }), ...orderBlocks(lang, order)];
  const d = p.bankTransfer;
  if (d) {
    blocks.push(textIn(lang, 'mail:order.bankTransfer', { total, date: order.expiresAt ? swissDate(order.expiresAt, shop.timeZone) : '' }));
    const r = (k: 'details' | 'amount' | 'account' | 'payee' | 'reference' | 'dueBy') => textIn(lang, `mail:jobs.reminder.${k}`);
    blocks.push({
      heading: r('details'),
      lines: [
        `${r('amount')}: ${chf(d.amount)}`,
        `${r('account')}: ${d.iban}`,
        `${r('payee')}: ${d.payee}`,
        ...(d.reference ? [`${r('reference')}: ${d.reference}`] : []),
        ...(d.dueAt ? [`${r('dueBy')}: ${swissDate(d.dueAt, shop.timeZone)}`] : []),
      ],
    });
  }
  blocks.push(textIn(lang, 'mail:order.follow', { url: p.orderUrl }));
  return customerMail(lang, to, 'mail:order.orderReceivedSubject', order, blocks, shop);
}

/** "Payment received": the amount, the whole order, the delivery address and the link to the order page (the invoice PDF is the caller's attachment). */
export function renderPaymentReceived(to: string, order: OrderWithLines, shop: ShopForMail, p: { orderUrl: string }): MailMessage {
  const lang = orderLang(order);
  const blocks: MailBlock[] = [
    textIn(lang, 'mail:order.paymentReceived', { code: order.code, total: rappenToDecimalString(order.total) }),
    ...orderBlocks(lang, order),
    textIn(lang, 'mail:order.follow', { url: p.orderUrl }),
  ];
  return customerMail(lang, to, 'mail:order.paymentReceivedSubject', order, blocks, shop);
}

/** "Shipped": the carrier in the order's language, the tracking number, and the tracking page as a button. */
export function renderShipped(to: string, order: OrderRow, shop: ShopForMail, p: { trackingUrl: string }): MailMessage {
  const lang = orderLang(order);
  const carrier = carrierName(lang, order.carrier ?? '');
  const blocks: MailBlock[] = [
    textIn(lang, 'mail:fulfilment.shipped', { code: order.code, carrier, tracking: order.trackingNumber ?? '' }),
    { button: { label: `${textIn(lang, 'mail:fulfilment.trackButton')} ${order.trackingNumber ?? ''}`.trim(), url: p.trackingUrl } },
  ];
  return customerMail(lang, to, 'mail:fulfilment.shippedSubject', order, blocks, shop);
}

/**
 * The mail to the shop about a new order, in the shop's mail language: code, customer with
 * e-mail and delivery address, payment method and state, the whole order, the admin link.
 * @param p.customerEmail the buyer's e-mail; p.adminUrl absolute URL of the order in the admin.
 */
export function renderShopNewOrder(
  to: string,
  lang: Locale,
  order: OrderWithLines,
  shop: ShopForMail,
  p: { customerEmail: string; adminUrl: string },
): MailMessage {
  const n = (k: 'intro' | 'code' | 'customer' | 'payment' | 'status' | 'awaiting' | 'paid' | 'lines' | 'action') => textIn(lang, `mail:jobs.newOrder.${k}`);
  const method = order.paymentMethod;
  const methodName = method === 'qr-bill' || method === 'datatrans' || method === 'sandbox' ? textIn(lang, `mail:jobs.newOrder.methods.${method}`) : method;
  const a = order.address;
  const blocks: MailBlock[] = [
    n('intro'),
    [`${n('code')}: ${order.code}`, `${n('payment')}: ${methodName}`, `${n('status')}: ${order.status === 'pending_payment' ? n('awaiting') : n('paid')}`].join(
      '\n',
    ),
    { heading: n('customer'), lines: [`${a.firstName} ${a.lastName} <${p.customerEmail}>`, ...addressLines(lang, a).slice(1)] },
    { heading: n('lines'), summary: orderSummary(lang, order) },
    { button: { label: n('action'), url: p.adminUrl } },
  ];
  return composeMail(lang, to, textIn(lang, 'mail:jobs.newOrder.subject', { code: order.code, total: rappenToDecimalString(order.total) }), blocks, shop);
}

/** The order's language: its stored locale, read by core/i18n storedLocale. */
function orderLang(order: Pick<OrderRow, 'locale'>): Locale {
  return storedLocale(order.locale);
}
