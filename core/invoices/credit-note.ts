/**
 * Credit notes: the document that corrects an invoice when money is given
 * back, drawn with pdfkit like the invoice. It names seller (with VAT number) and buyer, the credit
 * note's number and date, the invoice it corrects, the items returned, the amount refunded and
 * the VAT contained in it (at the invoice's rate, prices include VAT).
 */
import type { ShopSettings } from '../config/browser.ts';
import type { OrderWithLines } from '../db/index.ts';
import { rappenToDecimalString, vatContained } from '../pricing/browser.ts';
import { swissDate } from '../i18n/browser.ts';
import { orderVatRate } from './vat-rates.ts';
import { A4Document, sellerLines, type Column, type DocumentText } from './layout.ts';

/** A refund as the credit note shows it. Money in Rappen. */
export type CreditNoteRefund = {
  /** Null only for a refund not (yet) succeeded, which has no credit note. */
  creditNoteNumber: string | null;
  amount: number;
  reason: string | null;
  lines: { lineId: string; sku: string; name: string; count: number }[];
  createdAt: Date;
};

const chf = rappenToDecimalString;

/** The credit note's line table: SKU, item and the quantity returned. */
const COLUMNS = {
  sku: { x: 50, width: 78, align: 'left' },
  item: { x: 130, width: 260, align: 'left' },
  qty: { x: 400, width: 40, align: 'right' },
} satisfies Record<string, Column>;

/**
 * Draws the credit note of one refund.
 * @returns the PDF bytes.
 */
export async function creditNotePdf(order: OrderWithLines, refund: CreditNoteRefund, settings: ShopSettings): Promise<Buffer> {
  const d = new A4Document(order.locale, (L) => `${L('creditNote')} ${refund.creditNoteNumber}`, settings.companyName);
  const { t, L } = d;
  // street and town only: the credit note's seller block has never carried the country line
  d.seller(settings, sellerLines(settings, d.lang).slice(1, 3));
  d.buyer(order.address, L('creditNoteBuyer'));
  d.title(L('creditNote'), [
    [L('creditNoteNo'), String(refund.creditNoteNumber)],
    [L('creditNoteDate'), swissDate(refund.createdAt, settings.timeZone)],
    [L('invoiceRef'), order.invoiceNumber ?? order.code],
    [L('orderCode'), order.code],
  ]);
  let y = d.tableHeadings(COLUMNS, { sku: L('sku'), item: L('item'), qty: L('qty') });
  y = drawReturnedLines(d, refund, y);
  y = d.closeTable(y);
  // the rate the order was invoiced at, which a rate change since does not alter
  const rate = orderVatRate(order, settings.vatRateBasisPoints);
  y = d.totals(
    [
      [`${L('refunded')} CHF`, `-${chf(refund.amount)}`, true],
      [L('vatIncl', { rate: (rate / 100).toFixed(1) }), `-${chf(vatContained(refund.amount, rate))}`, false],
    ],
    y,
  );
  t.font(false);
  if (refund.reason) d.paragraph(`${L('reason')}: ${reasonText(refund.reason, L)}`, y + 10);
  d.paragraph(L('currencyNote'));
  return d.finish();
}

/** How core/returns records the refund of an accepted return: `Return: <reason key>`. */
const RETURN_REASON = /^Return: (damaged|wrong_item)$/;

/**
 * A refund's reason as the credit note prints it: a return's reason key in the document's
 * language ("Rücksendung: Ware beschädigt"), a reason the admin typed as typed.
 */
function reasonText(reason: string, L: DocumentText): string {
  const m = RETURN_REASON.exec(reason.trim());
  return m ? L(`returnReason.${m[1] as 'damaged' | 'wrong_item'}`) : reason;
}

/**
 * The returned items from height `y` (SKU, name, count); a refund of shipping or other costs
 * alone, with no item returned, gets one line saying so.
 * @returns the height, points, under the last line.
 */
function drawReturnedLines(d: A4Document, refund: CreditNoteRefund, y: number): number {
  const { t, L } = d;
  const returned = refund.lines.filter((l) => l.count > 0);
  for (const l of returned) {
    const h = Math.max(t.heightOf(l.name, { width: COLUMNS.item.width }), 11);
    d.cell(COLUMNS.sku, l.sku, y);
    d.cell(COLUMNS.item, l.name, y);
    d.cell(COLUMNS.qty, String(l.count), y);
    y += h + 4;
  }
  if (returned.length === 0) {
    t.text(L('shippingAndOther'), COLUMNS.item.x, y, { width: 300, align: 'left' });
    y += 15;
  }
  return y;
}
