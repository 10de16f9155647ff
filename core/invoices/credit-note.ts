/**
 * Credit notes (issue 10, "Refunds"): the document that corrects an invoice when money is given
 * back, drawn with pdfkit like the invoice. It names seller (with VAT number) and buyer, the credit
 * note's number and date, the invoice it corrects, the items returned, the amount refunded and
 * the VAT contained in it (at the invoice's rate, prices include VAT).
 */
import PDFDocument from 'pdfkit';
import type { ShopSettings } from '../config/settings.ts';
import type { OrderWithLines } from '../orders/schema.ts';
import { fulfilmentLabel } from './fulfilment-labels.ts';
import { rappenToDecimalString } from '../pricing/money.ts';
import { vatContained } from '../pricing/pricing.ts';
import { docLang, label, swissDate } from './labels.ts';

/** A refund as the credit note shows it. Money in Rappen. */
export type CreditNoteRefund = {
  creditNoteNumber: string;
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
  const lang = docLang(order.locale);
  const L = (k: Parameters<typeof label>[1], p?: Record<string, string | number>) => label(lang, k, p);
  const F = (k: Parameters<typeof fulfilmentLabel>[1], p?: Record<string, string | number>) => fulfilmentLabel(lang, k, p);
  const chf = rappenToDecimalString;
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${F('creditNote')} ${refund.creditNoteNumber}`, Author: settings.companyName } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(14).text(settings.companyName, 50, 50);
  doc.font('Helvetica').fontSize(9);
  doc.text(`${settings.street}${settings.buildingNumber ? ` ${settings.buildingNumber}` : ''}`).text(`${settings.postalCode} ${settings.city}`);
  doc.text(`${L('vatNo')} ${settings.vatNumber}`).text(settings.email);
  const a = order.address;
  doc.font('Helvetica-Bold').text(L('buyer'), 330, 130);
  doc.font('Helvetica').text(`${a.firstName} ${a.lastName}`, 330).text(a.street, 330).text(`${a.postalCode} ${a.city}`, 330).text(a.country, 330);
  doc.font('Helvetica-Bold').fontSize(18).text(F('creditNote'), 50, 210);
  doc.font('Helvetica').fontSize(9).moveDown(0.5);
  for (const [k, v] of [
    [F('creditNoteNo'), refund.creditNoteNumber],
    [F('creditNoteDate'), swissDate(refund.createdAt)],
    [F('invoiceRef'), order.invoiceNumber ?? order.code],
    [L('orderCode'), order.code],
  ] as const)
    doc.text(`${k}: ${v}`, 50);
  let y = doc.y + 16;
  doc.font('Helvetica-Bold').text(L('sku'), 50, y).text(L('item'), 130, y).text(L('qty'), 400, y, { width: 40, align: 'right' });
  y += 14;
  doc.moveTo(50, y - 2).lineTo(545, y - 2).lineWidth(0.5).stroke();
  doc.font('Helvetica');
  const returned = refund.lines.filter((l) => l.count > 0);
  for (const l of returned) {
    const h = Math.max(doc.heightOfString(l.name, { width: 260 }), 11);
    doc.text(l.sku, 50, y, { width: 78 }).text(l.name, 130, y, { width: 260 }).text(String(l.count), 400, y, { width: 40, align: 'right' });
    y += h + 4;
  }
  if (returned.length === 0) {
    doc.text(F('shippingAndOther'), 130, y);
    y += 15;
  }
  doc.moveTo(50, y).lineTo(545, y).stroke();
  y += 8;
  const rate = settings.vatRateBasisPoints;
  for (const [k, v, bold] of [
    [`${F('refunded')} CHF`, `-${chf(refund.amount)}`, true],
    [L('vatIncl', { rate: (rate / 100).toFixed(1) }), `-${chf(vatContained(refund.amount, rate))}`, false],
  ] as const) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(k, 300, y, { width: 170 }).text(v, 480, y, { width: 65, align: 'right' });
    y += 14;
  }
  if (refund.reason) doc.font('Helvetica').text(`${F('reason')}: ${refund.reason}`, 50, y + 10, { width: 495 });
  doc.font('Helvetica').text(L('currencyNote'), 50);
  doc.end();
  return done;
}
