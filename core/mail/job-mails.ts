/**
 * The mails of the scheduled jobs and the shop's own order mail (api-contract "Running the shop
 * day to day"): the customer's payment reminder and expiry notice in the order's language, and
 * the shop's new-order and low-stock mails in the shop's mail language (setting
 * `shopMailLocale`, German by default). Texts live under `jobs` in `core/mail/locales/<lng>.json`.
 * Plain text, like the other order mails. Money arrives in Rappen and is shown as CHF.
 */
import { rappenToDecimalString } from '../pricing/browser.ts';
import type { MailMessage } from './service.ts';
import { mailTexts } from './templates.ts';

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(params[k] ?? ''));
}

/** A date as `dd.mm.yyyy` in Europe/Zurich (Swiss convention; the shop's dates are Swiss dates). */
function swissDate(d: Date): string {
  return new Intl.DateTimeFormat('de-CH', { timeZone: 'Europe/Zurich', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
}

/** What the customer mails need of an order. Money in Rappen. */
export type OrderForMail = {
  code: string;
  locale: string;
  total: number;
  paidAmount: number;
  expiresAt: Date;
  paymentReference: string | null;
  firstName: string;
};

/**
 * The payment reminder for a bank-transfer (QR-bill) order: amount still open, IBAN, payee,
 * reference, date by which to pay, the link to the order.
 * @param p.orderUrl absolute URL of the customer's order page; p.shop the company name.
 */
export function renderPaymentReminder(
  to: string,
  order: OrderForMail,
  p: { shop: string; iban: string; payee: string; orderUrl: string; attached: boolean },
): MailMessage {
  const t = mailTexts(order.locale);
  const r = t.jobs.reminder;
  const open = rappenToDecimalString(order.total - order.paidAmount);
  const date = swissDate(order.expiresAt);
  const params = { code: order.code, total: open, date, name: order.firstName, shop: p.shop };
  const text = [
    fill(t.greeting, params),
    '',
    fill(r.intro, params),
    '',
    `${r.details}:`,
    `  ${r.amount}: CHF ${open}`,
    `  ${r.account}: ${p.iban}`,
    `  ${r.payee}: ${p.payee}`,
    ...(order.paymentReference ? [`  ${r.reference}: ${order.paymentReference}`] : []),
    `  ${r.dueBy}: ${date}`,
    ...(p.attached ? ['', r.qrHint] : []),
    '',
    `${r.action}: ${p.orderUrl}`,
    '',
    r.outro,
    '',
    fill(t.signature, params),
    '',
  ].join('\n');
  return { to, subject: fill(r.subject, params), text };
}

/** The notice that an unpaid order's reservation lapsed and the order expired. */
export function renderOrderExpired(to: string, order: OrderForMail, p: { shop: string; shopUrl: string }): MailMessage {
  const t = mailTexts(order.locale);
  const x = t.jobs.expired;
  const params = { code: order.code, total: rappenToDecimalString(order.total), date: swissDate(order.expiresAt), name: order.firstName, shop: p.shop };
  const text = [fill(t.greeting, params), '', fill(x.intro, params), '', x.outro, '', `${x.action}: ${p.shopUrl}`, '', fill(t.signature, params), ''].join(
    '\n',
  );
  return { to, subject: fill(x.subject, params), text };
}

/** A new order as the shop's mail shows it. Money in Rappen. */
export type NewOrderForShop = {
  code: string;
  status: string;
  paymentMethod: string;
  total: number;
  customer: { name: string; email: string; address: string };
  lines: { count: number; name: string; sku: string; lineTotal: number }[];
};

/**
 * The mail to the shop about a new order: code, customer, payment method and state, line items,
 * total in CHF, and the link to the order in the admin.
 * @param lang the shop's mail language; p.adminUrl absolute URL of the admin order page.
 */
export function renderShopNewOrder(to: string, lang: string, order: NewOrderForShop, p: { adminUrl: string }): MailMessage {
  const n = mailTexts(lang).jobs.newOrder;
  const total = rappenToDecimalString(order.total);
  const methods: Record<string, string> = n.methods;
  const text = [
    n.intro,
    '',
    `${n.code}: ${order.code}`,
    `${n.customer}: ${order.customer.name} <${order.customer.email}>`,
    `  ${order.customer.address}`,
    `${n.payment}: ${methods[order.paymentMethod] ?? order.paymentMethod}`,
    `${n.status}: ${order.status === 'pending_payment' ? n.awaiting : n.paid}`,
    '',
    `${n.lines}:`,
    ...order.lines.map((l) => `  ${l.count} × ${l.name} (${l.sku})  CHF ${rappenToDecimalString(l.lineTotal)}`),
    '',
    `${n.total}: CHF ${total}`,
    '',
    `${n.action}: ${p.adminUrl}`,
    '',
  ].join('\n');
  return { to, subject: fill(n.subject, { code: order.code, total }), text };
}

/** The low-stock alert to the shop for one product. */
export function renderLowStock(
  to: string,
  lang: string,
  product: { name: string; sku: string; stock: number; threshold: number },
  p: { adminUrl: string },
): MailMessage {
  const l = mailTexts(lang).jobs.lowStock;
  const params = { name: product.name, sku: product.sku, stock: product.stock, threshold: product.threshold };
  const text = [fill(l.intro, params), '', `${l.action}: ${p.adminUrl}`, '', l.outro, ''].join('\n');
  return { to, subject: fill(l.subject, params), text };
}
