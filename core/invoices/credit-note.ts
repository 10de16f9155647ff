/**
 * Credit notes: the document that corrects an invoice when money is given
 * back, drawn with pdfkit like the invoice. It names seller (with VAT number) and buyer, the credit
 * note's number and date, the invoice it corrects, the items returned, the amount refunded and
 * the VAT contained in it (at the invoice's rate, prices include VAT).
 */
import PDFDocument from 'pdfkit';
import type { ShopSettings } from '../config/browser.ts';
import type { OrderWithLines } from '../db/index.ts';
import { rappenToDecimalString } from '../pricing/browser.ts';
import { vatContained } from '../pricing/browser.ts';
import { PdfText } from './fonts.ts';
import { resolveLocale } from '../i18n/browser.ts';
import { swissDate } from '../i18n/browser.ts';
import { textIn, type DocumentKey, type TextParams } from '../i18n/index.ts';
import { countryName } from './pdf.ts';

/** A refund as the credit note shows it. Money in Rappen. */
export type CreditNoteRefund = {
  /** Null only for a refund not (yet) succeeded, which has no credit note. */
  creditNoteNumber: string | null;
  amount: number;
  reason: string | null;
  lines: { lineId: string; sku: string; name: string; count: number }[];
  createdAt: Date;
};

/**
 * Draws the credit note of one refund.
 * @returns the PDF bytes.
 */
export async function creditNotePdf(order: OrderWithLines, refund: CreditNoteRefund, settings: ShopSettings): Promise<Buffer> {
  const lang = resolveLocale({ stored: order.locale });
  const L = (k: DocumentKey, p?: TextParams) => textIn(lang, `documents:${k}`, p);
  const chf = rappenToDecimalString;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang,
    info: { Title: `${L('creditNote')} ${refund.creditNoteNumber}`, Author: settings.companyName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const t = new PdfText(doc, lang);
  const W = { align: 'left' as const };
  t.font(true);
  doc.fontSize(14);
  t.text(settings.companyName, 50, 50);
  t.font(false);
  doc.fontSize(9);
  t.text(`${settings.street}${settings.buildingNumber ? ` ${settings.buildingNumber}` : ''}`, 50).text(`${settings.postalCode} ${settings.city}`, 50);
  t.text(`${L('vatNo')} ${settings.vatNumber}`, 50, undefined, { width: 250, ...W }).text(settings.email, 50);
  const a = order.address;
  t.font(true).text(L('buyer'), 330, 130, { width: 215, ...W });
  t.font(false);
  for (const l of [`${a.firstName} ${a.lastName}`, a.street, `${a.postalCode} ${a.city}`, countryName(a.country)])
    t.text(l, 330, undefined, { width: 215, ...W });
  t.font(true);
  doc.fontSize(18);
  t.text(L('creditNote'), 50, 210, { width: 495, ...W });
  t.font(false);
  doc.fontSize(9).moveDown(0.5);
  for (const [k, v] of [
    [L('creditNoteNo'), refund.creditNoteNumber],
    [L('creditNoteDate'), swissDate(refund.createdAt)],
    [L('invoiceRef'), order.invoiceNumber ?? order.code],
    [L('orderCode'), order.code],
  ] as const)
    t.text(`${k}: ${v}`, 50, undefined, { width: 300, ...W });
  let y = doc.y + 16;
  t.font(true)
    .text(L('sku'), 50, y, { width: 78, ...W })
    .text(L('item'), 130, y, { width: 260, ...W })
    .text(L('qty'), 400, y, { width: 40, align: 'right' });
  y += 14;
  doc
    .moveTo(50, y - 2)
    .lineTo(545, y - 2)
    .lineWidth(0.5)
    .stroke();
  t.font(false);
  const returned = refund.lines.filter((l) => l.count > 0);
  for (const l of returned) {
    const h = Math.max(t.heightOf(l.name, { width: 260 }), 11);
    t.text(l.sku, 50, y, { width: 78, ...W })
      .text(l.name, 130, y, { width: 260, ...W })
      .text(String(l.count), 400, y, { width: 40, align: 'right' });
    y += h + 4;
  }
  if (returned.length === 0) {
    t.text(L('shippingAndOther'), 130, y, { width: 300, ...W });
    y += 15;
  }
  doc.moveTo(50, y).lineTo(545, y).stroke();
  y += 8;
  const rate = settings.vatRateBasisPoints;
  for (const [k, v, bold] of [
    [`${L('refunded')} CHF`, `-${chf(refund.amount)}`, true],
    [L('vatIncl', { rate: (rate / 100).toFixed(1) }), `-${chf(vatContained(refund.amount, rate))}`, false],
  ] as const) {
    t.font(bold)
      .text(k, 300, y, { width: 170, ...W })
      .text(v, 480, y, { width: 65, align: 'right' });
    y += 14;
  }
  t.font(false);
  if (refund.reason) t.text(`${L('reason')}: ${refund.reason}`, 50, y + 10, { width: 495, ...W });
  t.text(L('currencyNote'), 50, undefined, { width: 495, ...W });
  doc.end();
  return done;
}
