/**
 * An order as its mails show it, in the reader's language, in the text part and in the HTML part
 * alike: every line (a custom box with its model's name in that language, each of its cigars with
 * SKU and count, and its gift card or engraving text), the subtotal, the promo discount with its
 * code, the bonus spent, shipping and the total, which add up (subtotal − discount − bonus +
 * shipping = total, as core/orders orderTotals makes them), and the delivery address with the
 * country's name in the reader's language. Texts: `mail:order.*`. Money in Rappen, shown as CHF.
 */
import { lineWithBox } from '../orders/index.ts';
import type { BoxContentLine, BoxMessageKind, OrderWithLines, PostalAddress } from '../db/index.ts';
import type { Locale } from '../i18n/browser.ts';
import { textIn } from '../i18n/index.ts';
import { rappenToDecimalString } from '../pricing/browser.ts';
import { escapeHtml, MAIL_COLOURS, mailDir } from './layout.ts';

/** A money amount in Rappen as the mails write it: `CHF 12.50`. */
export const chf = (rappen: number) => `CHF ${rappenToDecimalString(rappen)}`;

/** One line of the order; a custom box lists its cigars (`contents`) and its text (`message`). */
type SummaryItem = {
  count: number;
  name: string;
  sku: string;
  /** The line's total, Rappen. */
  amount: number;
  contents: BoxContentLine[];
  /** A box's gift card or engraving, with its label in the reader's language. */
  message: { label: string; text: string } | null;
};

/** One row of the money summary. `amount` in Rappen, negative for a deduction; `free` for free shipping. */
type SummaryRow = { label: string; amount: number; free?: boolean; total?: boolean };

/** An order's lines and money rows in a language. */
export type OrderSummary = { items: SummaryItem[]; rows: SummaryRow[] };

/**
 * The order's lines and money rows in `lang`.
 * @param order an order with its lines (custom boxes with their snapshot).
 */
export function orderSummary(lang: Locale, order: OrderWithLines): OrderSummary {
  const label = (kind: BoxMessageKind) => textIn(lang, kind === 'engraving' ? 'mail:order.boxEngraving' : 'mail:order.boxCard');
  const items = order.lines.map((l): SummaryItem => {
    const { name, contents, message } = lineWithBox(l, lang);
    return { count: l.count, name, sku: l.sku, amount: l.lineTotal, contents, message: message && { label: label(message.kind), text: message.text } };
  });
  const rows: SummaryRow[] = [{ label: textIn(lang, 'mail:order.subtotal'), amount: order.subtotal }];
  if (order.discount > 0)
    rows.push({
      label: order.promoCode ? textIn(lang, 'mail:order.discountCode', { code: order.promoCode }) : textIn(lang, 'mail:order.discount'),
      amount: -order.discount,
    });
  if (order.bonus > 0) rows.push({ label: textIn(lang, 'mail:order.bonus'), amount: -order.bonus });
  rows.push({ label: textIn(lang, 'mail:order.shipping'), amount: order.shippingFee, free: order.shippingFee === 0 });
  rows.push({ label: textIn(lang, 'mail:order.total'), amount: order.total, total: true });
  return { items, rows };
}

/** A row's amount as written: `−CHF 5.00` for a deduction, the word for free shipping. */
function rowAmount(lang: Locale, r: SummaryRow): string {
  if (r.free) return textIn(lang, 'mail:order.shippingFree');
  return r.amount < 0 ? `−${chf(-r.amount)}` : chf(r.amount);
}

/** The summary as plain-text lines: the items (a box's cigars and text indented under it), a blank line, the money rows. */
export function orderSummaryText(lang: Locale, s: OrderSummary): string[] {
  const out: string[] = [];
  for (const i of s.items) {
    out.push(`  ${i.count} × ${i.name} (${i.sku}): ${chf(i.amount)}`);
    for (const c of i.contents) out.push(`      ${c.count} × ${c.name} (${c.sku})`);
    if (i.message) out.push(`      ${i.message.label}: «${i.message.text}»`);
  }
  out.push('');
  for (const r of s.rows) out.push(`${r.label}: ${rowAmount(lang, r)}`);
  return out;
}

/** The summary as an HTML table: count, item (a box's cigars and text under it), amount; then the money rows, the total in bold. */
export function orderSummaryHtml(lang: Locale, s: OrderSummary): string {
  const e = escapeHtml;
  const end = mailDir(lang) === 'rtl' ? 'left' : 'right';
  const cell = `padding:6px 4px;vertical-align:top;border-bottom:1px solid ${MAIL_COLOURS.rule}`;
  const items = s.items.map((i) => {
    const contents = i.contents.length
      ? `<ul style="margin:4px 0 0;padding-inline-start:18px;font-size:13px">${i.contents.map((c) => `<li>${c.count} × ${e(c.name)} <span style="color:${MAIL_COLOURS.muted}">${e(c.sku)}</span></li>`).join('')}</ul>`
      : '';
    const message = i.message
      ? `<p style="margin:6px 0 0;padding:6px 8px;background:${MAIL_COLOURS.page};border-radius:4px;font-size:13px"><strong>${e(i.message.label)}:</strong> «${e(i.message.text)}»</p>`
      : '';
    return `<tr><td style="${cell};white-space:nowrap">${i.count} ×</td><td style="${cell}">${e(i.name)} <span style="color:${MAIL_COLOURS.muted};font-size:13px">${e(i.sku)}</span>${contents}${message}</td><td style="${cell};text-align:${end};white-space:nowrap">${e(chf(i.amount))}</td></tr>`;
  });
  const rows = s.rows.map(
    (r) =>
      `<tr><td></td><td style="padding:4px;text-align:${end}${r.total ? ';font-weight:bold' : ''}">${e(r.label)}</td><td style="padding:4px;text-align:${end};white-space:nowrap${r.total ? ';font-weight:bold' : ''}">${e(rowAmount(lang, r))}</td></tr>`,
  );
  return `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="border-collapse:collapse;margin:0 0 16px;font-size:14px">
${items.join('\n')}
${rows.join('\n')}
</table>`;
}

/** A country's name in `lang` from its ISO code (`CH` → "Schweiz"), the code itself when unknown. */
function countryName(lang: Locale, code: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A postal address as the post writes it, one part per line, the country named in `lang`. */
export function addressLines(lang: Locale, a: PostalAddress): string[] {
  return [`${a.firstName} ${a.lastName}`, a.street, `${a.postalCode} ${a.city}`, countryName(lang, a.country)];
}
