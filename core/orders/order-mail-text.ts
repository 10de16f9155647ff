/**
 * The order itself in the plain text of the "order received" mail (core/orders/notifications.ts):
 * the line items (a custom box with its cigars and its card or engraving), the subtotal, the
 * promo discount and bonus, shipping and the total, the delivery address, and for a bank-transfer
 * (QR-bill) order the payment data as text (amount, IBAN, beneficiary, reference, last day), so a
 * customer reading the mail on the phone can pay without scanning the attached QR-bill. Texts:
 * `mail:order.*` and the reminder's `mail:jobs.reminder.*` labels. Money in Rappen, shown as CHF.
 */
import type { ShopSettings } from '../config/browser.ts';
import type { Locale } from '../i18n/browser.ts';
import { swissDate } from '../i18n/browser.ts';
import { textIn } from '../i18n/index.ts';
import { rappenToDecimalString } from '../pricing/browser.ts';
import { bankTransferDetails } from './bank-transfer.ts';
import type { OrderWithLines } from './service.ts';

const chf = (rappen: number) => `CHF ${rappenToDecimalString(rappen)}`;

/** The line items, one per line, a custom box's contents indented under it. */
function itemLines(lang: Locale, order: OrderWithLines): string[] {
  const out: string[] = [];
  for (const l of order.lines) {
    out.push(`  ${l.count} × ${l.name} (${l.sku}): ${chf(l.lineTotal)}`);
    if (!l.box) continue;
    for (const item of l.box.items) out.push(`      ${item.count} × ${item.name}`);
    if (l.box.message)
      out.push(`      ${textIn(lang, l.box.messageKind === 'engraving' ? 'mail:order.boxEngraving' : 'mail:order.boxCard')}: «${l.box.message}»`);
  }
  return out;
}

/** Subtotal, discount (with the promo code), bonus, shipping and total, one per line. */
function moneyLines(lang: Locale, order: OrderWithLines): string[] {
  return [
    `${textIn(lang, 'mail:order.subtotal')}: ${chf(order.subtotal)}`,
    ...(order.discount > 0
      ? [
          `${order.promoCode ? textIn(lang, 'mail:order.discountCode', { code: order.promoCode }) : textIn(lang, 'mail:order.discount')}: −${chf(order.discount)}`,
        ]
      : []),
    ...(order.bonus > 0 ? [`${textIn(lang, 'mail:order.bonus')}: −${chf(order.bonus)}`] : []),
    `${textIn(lang, 'mail:order.shipping')}: ${order.shippingFee > 0 ? chf(order.shippingFee) : textIn(lang, 'mail:order.shippingFree')}`,
    `${textIn(lang, 'mail:order.total')}: ${chf(order.total)}`,
  ];
}

/** The delivery address, one part per line. */
function addressLines(lang: Locale, order: OrderWithLines): string[] {
  const a = order.address;
  return [
    `${a.firstName} ${a.lastName}`,
    a.street,
    `${a.postalCode} ${a.city}`,
    textIn(lang, a.country === 'LI' ? 'mail:order.countryLI' : 'mail:order.countryCH'),
  ].map((line) => `  ${line}`);
}

/**
 * The paragraphs of the order in the "order received" mail, in `lang`: `order` holds the items
 * with the money summary and the delivery address; `payment` the payment data of a bank-transfer
 * order (empty for any other payment method).
 * @param settings the shop's settings (its IBAN, company name and address for the payment data).
 */
export function orderReceivedDetails(lang: Locale, order: OrderWithLines, settings: ShopSettings): { order: string[]; payment: string[] } {
  const paragraphs = [
    [`${textIn(lang, 'mail:order.items')}:`, ...itemLines(lang, order), '', ...moneyLines(lang, order)].join('\n'),
    [`${textIn(lang, 'mail:order.deliveryTo')}:`, ...addressLines(lang, order)].join('\n'),
  ];
  if (order.paymentMethod !== 'qr-bill') return { order: paragraphs, payment: [] };
  const d = bankTransferDetails(order, settings);
  const r = (k: 'details' | 'amount' | 'account' | 'payee' | 'reference' | 'dueBy') => textIn(lang, `mail:jobs.reminder.${k}`);
  const payment = [
    `${r('details')}:`,
    `  ${r('amount')}: ${chf(d.amount)}`,
    `  ${r('account')}: ${d.iban}`,
    `  ${r('payee')}: ${[d.beneficiary, ...d.beneficiaryAddress].join(', ')}`,
    ...(d.reference ? [`  ${r('reference')}: ${d.reference}`] : []),
    ...(d.dueAt ? [`  ${r('dueBy')}: ${swissDate(d.dueAt, settings.timeZone)}`] : []),
  ].join('\n');
  return { order: paragraphs, payment: [payment] };
}
