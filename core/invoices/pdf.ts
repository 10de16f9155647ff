/**
 * Invoice PDFs with `pdfkit`, and the Swiss QR-bill payment part with
 * `swissqrbill` for bank-transfer orders.
 *
 * The invoice carries what the Swiss VAT act requires of an invoice (MWSTG art. 26 al. 2): the
 * seller's name, address and VAT number; the buyer's name and address; the invoice date and
 * number; the date of supply (order date); kind and quantity of the goods; the amounts; the VAT
 * rate and the VAT amount contained in the total (prices include VAT).
 */
import PDFDocument from 'pdfkit';
import { SwissQRBill } from 'swissqrbill/pdf';
import type { ShopSettings } from '../config/browser.ts';
import type { OrderWithLines } from '../db/index.ts';
import type { OrderBoxSnapshot } from '../db/browser.ts';
import { rappenToChf, rappenToDecimalString } from '../pricing/browser.ts';
import { packagingLabel } from '../catalogue/browser.ts';
import { resolveLocale } from '../i18n/browser.ts';
import { serverI18n } from '../i18n/index.ts';
import { swissDate } from '../i18n/browser.ts';
import { textIn, type DocumentKey, type TextParams } from '../i18n/index.ts';
import { PdfText } from './fonts.ts';

/** What kind of document to draw. */
export type InvoiceKind = {
  /** Add the QR-bill payment part (unpaid bank-transfer orders). */
  withQrBill: boolean;
  /** Date printed as the invoice date (default now). */
  date?: Date;
  /**
   * Product photos by order line id: JPEG or PNG bytes (the 320 px JPEG rendering, see
   * `invoicePhotos`), drawn as a thumbnail beside the line; lines without one get none.
   */
  photos?: Map<string, Buffer>;
};

const chf = (rappen: number) => rappenToDecimalString(rappen);

/** A custom box's invoice text: the box model, then each cigar (count, name, SKU, unit price) and its text. */
function boxItemText(name: string, box: OrderBoxSnapshot): string {
  const lines = [`${name} (${chf(box.boxPrice)})`, ...box.items.map((i) => `  ${i.count} × ${i.name} (${i.sku}) à ${chf(i.unitPrice)}`)];
  if (box.message) lines.push(`  “${box.message}”`);
  return lines.join('\n');
}

/** A country code as the document shows it. */
export function countryName(code: string): string {
  return code === 'CH' ? 'Switzerland' : code === 'LI' ? 'Liechtenstein' : code;
}

/** The seller's address as one line per element. */
function sellerLines(s: ShopSettings): string[] {
  return [s.companyName, `${s.street}${s.buildingNumber ? ` ${s.buildingNumber}` : ''}`, `${s.postalCode} ${s.city}`, countryName(s.country)];
}

/** Side of a line item's photo thumbnail, in points. */
const THUMB = 28;

/**
 * Draws an invoice for an order, in the order's language (fonts: `fonts.ts`).
 * @returns the PDF bytes.
 */
export async function invoicePdf(order: OrderWithLines, settings: ShopSettings, kind: InvoiceKind): Promise<Buffer> {
  const lang = resolveLocale({ stored: order.locale });
  const L = (k: DocumentKey, p?: TextParams) => textIn(lang, `documents:${k}`, p);
  // the catalogue's packaging ("Box of 25") in the order's language, as the shop showed it
  const tr = serverI18n(lang).getFixedT(lang);
  const date = kind.date ?? order.paidAt ?? new Date();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang,
    info: { Title: `${L('invoice')} ${order.invoiceNumber ?? order.code}`, Author: settings.companyName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const t = new PdfText(doc, lang);

  // seller block
  t.font(true);
  doc.fontSize(14);
  t.text(settings.companyName, 50, 50);
  t.font(false);
  doc.fontSize(9);
  for (const l of sellerLines(settings).slice(1)) t.text(l, 50);
  t.text(`${L('vatNo')} ${settings.vatNumber}`, 50, undefined, { width: 250, align: 'left' });
  t.text(settings.email, 50);

  // buyer block
  const a = order.address;
  t.font(true).text(L('buyer'), 330, 130, { width: 215, align: 'left' });
  t.font(false);
  for (const l of [`${a.firstName} ${a.lastName}`, a.street, `${a.postalCode} ${a.city}`, countryName(a.country)])
    t.text(l, 330, undefined, { width: 215, align: 'left' });

  // title and references
  t.font(true);
  doc.fontSize(18);
  t.text(kind.withQrBill ? L('paymentSlip') : L('invoice'), 50, 210, { width: 495, align: 'left' });
  t.font(false);
  doc.fontSize(9).moveDown(0.5);
  const meta: [string, string][] = [
    [L('invoiceNo'), order.invoiceNumber ?? order.code],
    [L('invoiceDate'), swissDate(date)],
    [L('orderCode'), order.code],
    [L('orderDate'), swissDate(order.createdAt)],
  ];
  for (const [k, v] of meta) t.text(`${k}: ${v}`, 50, undefined, { width: 300, align: 'left' });

  // lines
  const photos = kind.photos ?? new Map<string, Buffer>();
  const withPhotos = order.lines.some((l) => photos.has(l.id));
  const itemX = withPhotos ? 130 + THUMB + 6 : 130;
  // the line table: left edge, width and alignment of each column, points; every heading fits on
  // one line in every language ("Menge", "Prezzo unitario", "Скидка"; tests/integration/invoice-languages.test.ts)
  const cols = {
    sku: { x: 50, width: 78, align: 'left' },
    item: { x: itemX, width: 296 - itemX, align: 'left' },
    qty: { x: 300, width: 38, align: 'right' },
    unit: { x: 342, width: 88, align: 'right' },
    disc: { x: 434, width: 42, align: 'right' },
    amount: { x: 480, width: 65, align: 'right' },
  } as const;
  type Col = keyof typeof cols;
  const cell = (col: Col, text: string, y: number) => t.text(text, cols[col].x, y, { width: cols[col].width, align: cols[col].align });
  let y = doc.y + 16;
  t.font(true);
  const headings: Record<Col, string> = { sku: L('sku'), item: L('item'), qty: L('qty'), unit: L('unitPrice'), disc: L('discount'), amount: L('amount') };
  for (const col of Object.keys(cols) as Col[]) cell(col, headings[col], y);
  y += 14;
  doc
    .moveTo(50, y - 2)
    .lineTo(545, y - 2)
    .lineWidth(0.5)
    .stroke();
  t.font(false);
  for (const l of order.lines) {
    const item = l.box ? boxItemText(l.name, l.box) : `${l.name}${l.packaging ? ` (${packagingLabel(l.packaging, tr)})` : ''}`;
    const photo = photos.get(l.id);
    const h = Math.max(t.heightOf(item, { width: cols.item.width }), t.heightOf(l.sku, { width: cols.sku.width }), photo ? THUMB : 11);
    if (y + h > 760) {
      doc.addPage();
      y = 50;
    }
    cell('sku', l.sku, y);
    if (photo) {
      try {
        doc.image(photo, 130, y, { fit: [THUMB, THUMB], align: 'center', valign: 'center' });
      } catch {
        // an unreadable file leaves the line without a photo
      }
    }
    cell('item', item, y);
    cell('qty', String(l.count), y);
    cell('unit', chf(l.unitPrice), y);
    cell('disc', l.discountPercent ? `${l.discountPercent} %` : '', y);
    cell('amount', chf(l.lineTotal), y);
    y += h + 4;
  }
  doc.moveTo(50, y).lineTo(545, y).stroke();
  y += 8;

  // totals
  const rate = (settings.vatRateBasisPoints / 100).toFixed(1);
  const rows: [string, string, boolean?][] = [[L('subtotal'), chf(order.subtotal)]];
  if (order.discount > 0) rows.push([`${L('promo')}${order.promoCode ? ` (${order.promoCode})` : ''}`, `-${chf(order.discount)}`]);
  if (order.bonus > 0) rows.push([L('bonus'), `-${chf(order.bonus)}`]);
  rows.push([L('shipping'), chf(order.shippingFee)]);
  rows.push([`${L('total')} CHF`, chf(order.total), true]);
  rows.push([L('vatIncl', { rate }), chf(order.vat)]);
  rows.push([L('net'), chf(order.total - order.vat)]);
  for (const [k, v, bold] of rows) {
    t.font(Boolean(bold)).text(k, 300, y, { width: 170, align: 'left' });
    cell('amount', v, y);
    y += 14;
  }
  y += 8;
  t.font(false).text(L('currencyNote'), 50, y, { width: 495, align: 'left' });
  if (order.paidAt && !kind.withQrBill) t.text(L('paid', { date: swissDate(order.paidAt) }), 50, undefined, { width: 495, align: 'left' });
  if (kind.withQrBill && order.expiresAt) t.text(L('payBy', { date: swissDate(order.expiresAt) }), 50, undefined, { width: 495, align: 'left' });

  if (kind.withQrBill) {
    const qr = new SwissQRBill(qrBillData(order, settings), {
      language: lang === 'de' || lang === 'fr' || lang === 'it' ? (lang.toUpperCase() as 'DE' | 'FR' | 'IT') : 'EN',
    });
    if (!SwissQRBill.isSpaceSufficient(doc)) doc.addPage();
    qr.attachTo(doc);
  }
  doc.end();
  return done;
}

/**
 * The QR-bill data of an order: structured addresses (street and building number, postcode, town,
 * country, as the implementation guidelines require from November 2025), amount in CHF, the order's
 * QR or creditor reference, and the order code as the unstructured message.
 */
export function qrBillData(order: OrderWithLines, settings: ShopSettings) {
  const a = order.address;
  const m = /^(.*?)\s+(\d+[a-zA-Z]?)$/.exec(a.street.trim());
  return {
    currency: 'CHF' as const,
    amount: rappenToChf(order.total - order.paidAmount),
    reference: order.paymentReference ?? undefined,
    message: `Order ${order.code}`,
    creditor: {
      account: settings.iban.replace(/\s+/g, ''),
      name: settings.companyName,
      address: settings.street,
      buildingNumber: settings.buildingNumber || undefined,
      zip: settings.postalCode,
      city: settings.city,
      country: settings.country,
    },
    debtor: {
      name: `${a.firstName} ${a.lastName}`,
      address: m ? m[1] : a.street,
      buildingNumber: m ? m[2] : undefined,
      zip: a.postalCode,
      city: a.city,
      country: a.country,
    },
  };
}
