/**
 * The mails of the scheduled jobs (docs/api.md, "Running the shop day to day"): the customer's
 * payment reminder and expiry notice in the order's language, and the shop's low-stock mail in
 * the shop's mail language (setting
 * `shopMailLocale`, German by default). Texts: keys `mail:jobs.*` of the one text store
 * (core/i18n/texts.ts). Written as text; their handlers (./shop-handlers.ts) add the HTML part on
 * the one frame. Money arrives in Rappen and is shown as CHF.
 */
import type { Locale } from '../i18n/browser.ts';
import { swissDate } from '../i18n/browser.ts';
import { textIn } from '../i18n/index.ts';
import { rappenToDecimalString } from '../pricing/browser.ts';
import type { MailMessage } from './service.ts';

/** What the customer mails need of an order. Money in Rappen. */
export type OrderForMail = {
  code: string;
  /** The order's language, resolved from its stored `locale` (resolveLocale). */
  locale: Locale;
  total: number;
  paidAmount: number;
  expiresAt: Date;
  paymentReference: string | null;
  firstName: string;
};

/**
 * The payment reminder for a bank-transfer (QR-bill) order: amount still open, IBAN, payee,
 * reference, date by which to pay, the link to the order.
 * @param p.orderUrl absolute URL of the customer's order page; p.shop the company name; p.timeZone
 *   the shop's time zone of the date (default Europe/Zurich).
 */
export function renderPaymentReminder(
  to: string,
  order: OrderForMail,
  p: { shop: string; iban: string; payee: string; orderUrl: string; attached: boolean; timeZone?: string },
): MailMessage {
  const lang = order.locale;
  const r = (k: 'details' | 'amount' | 'account' | 'payee' | 'reference' | 'dueBy' | 'qrHint' | 'action' | 'outro') => textIn(lang, `mail:jobs.reminder.${k}`);
  const open = rappenToDecimalString(order.total - order.paidAmount);
  const date = swissDate(order.expiresAt, p.timeZone);
  const params = { code: order.code, total: open, date, name: order.firstName, shop: p.shop };
  const text = [
    textIn(lang, 'mail:greeting', params),
    '',
    textIn(lang, 'mail:jobs.reminder.intro', params),
    '',
    `${r('details')}:`,
    `  ${r('amount')}: CHF ${open}`,
    `  ${r('account')}: ${p.iban}`,
    `  ${r('payee')}: ${p.payee}`,
    ...(order.paymentReference ? [`  ${r('reference')}: ${order.paymentReference}`] : []),
    `  ${r('dueBy')}: ${date}`,
    ...(p.attached ? ['', r('qrHint')] : []),
    '',
    `${r('action')}: ${p.orderUrl}`,
    '',
    r('outro'),
    '',
    textIn(lang, 'mail:signature', params),
    '',
  ].join('\n');
  return { to, subject: textIn(lang, 'mail:jobs.reminder.subject', params), text };
}

/** The notice that an unpaid order's reservation lapsed and the order expired. */
export function renderOrderExpired(to: string, order: OrderForMail, p: { shop: string; shopUrl: string; timeZone?: string }): MailMessage {
  const lang = order.locale;
  const params = {
    code: order.code,
    total: rappenToDecimalString(order.total),
    date: swissDate(order.expiresAt, p.timeZone),
    name: order.firstName,
    shop: p.shop,
  };
  const text = [
    textIn(lang, 'mail:greeting', params),
    '',
    textIn(lang, 'mail:jobs.expired.intro', params),
    '',
    textIn(lang, 'mail:jobs.expired.outro'),
    '',
    `${textIn(lang, 'mail:jobs.expired.action')}: ${p.shopUrl}`,
    '',
    textIn(lang, 'mail:signature', params),
    '',
  ].join('\n');
  return { to, subject: textIn(lang, 'mail:jobs.expired.subject', params), text };
}

/** The low-stock alert to the shop for one product. */
export function renderLowStock(
  to: string,
  lang: Locale,
  product: { name: string; sku: string; stock: number; threshold: number },
  p: { adminUrl: string },
): MailMessage {
  const params = { name: product.name, sku: product.sku, stock: product.stock, threshold: product.threshold };
  const text = [
    textIn(lang, 'mail:jobs.lowStock.intro', params),
    '',
    `${textIn(lang, 'mail:jobs.lowStock.action')}: ${p.adminUrl}`,
    '',
    textIn(lang, 'mail:jobs.lowStock.outro'),
    '',
  ].join('\n');
  return { to, subject: textIn(lang, 'mail:jobs.lowStock.subject', params), text };
}
