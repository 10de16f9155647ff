/**
 * Invoice PDFs with `pdfkit`, and the Swiss QR-bill payment part with
 * `swissqrbill` for bank-transfer orders.
 *
 * The invoice carries what the Swiss VAT act requires of an invoice (MWSTG art. 26 al. 2): the
 * seller's name, address and VAT number; the buyer's name and address; the invoice date and
 * number; the date of supply (order date); kind and quantity of the goods; the amounts; the VAT
 * rate and the VAT amount contained in the total (prices include VAT).
 */
import { SwissQRBill } from 'swissqrbill/pdf';
import type { ShopSettings } from '../config/browser.ts';
import type { OrderWithLines } from '../db/index.ts';
import type { OrderBoxSnapshot } from '../db/browser.ts';
import { rappenToChf, rappenToDecimalString } from '../pricing/browser.ts';
import { packagingLabel } from '../catalogue/browser.ts';
import { boxModelName } from '../custom-box/index.ts';
import { storedLocale, serverI18n, textIn } from '../i18n/index.ts';
import { swissDate } from '../i18n/browser.ts';
import { orderVatRate } from './vat-rates.ts';
import { A4Document, AMOUNT_COLUMN, sellerLines, type Column, type DocumentText, type TotalsRow } from './layout.ts';

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

/** Side of a line item's photo thumbnail, in points. */
const THUMB = 28;
/** Left edge of the item column when no line has a photo, points. */
const ITEM_X = 130;

/** The invoice's line table columns: the item column moves right to make room for photos. */
function lineColumns(withPhotos: boolean) {
  const itemX = withPhotos ? ITEM_X + THUMB + 6 : ITEM_X;
  // every heading fits on one line in every language ("Menge", "Prezzo unitario", "Скидка";
  // tests/integration/invoice-languages.test.ts)
  return {
    sku: { x: 50, width: 78, align: 'left' },
    item: { x: itemX, width: 296 - itemX, align: 'left' },
    qty: { x: 300, width: 38, align: 'right' },
    unit: { x: 342, width: 88, align: 'right' },
    disc: { x: 434, width: 42, align: 'right' },
    amount: AMOUNT_COLUMN,
  } satisfies Record<string, Column>;
}
type LineColumns = ReturnType<typeof lineColumns>;

/**
 * Draws an invoice for an order, in the order's language (fonts: `fonts.ts`).
 * @returns the PDF bytes.
 */
export async function invoicePdf(order: OrderWithLines, settings: ShopSettings, kind: InvoiceKind): Promise<Buffer> {
  const d = new A4Document(order.locale, (L) => `${L('invoice')} ${order.invoiceNumber ?? order.code}`, settings.companyName);
  const { L } = d;
  const date = kind.date ?? order.paidAt ?? new Date();
  d.seller(settings, sellerLines(settings, d.lang).slice(1));
  d.buyer(order.address);
  d.title(kind.withQrBill ? L('paymentSlip') : L('invoice'), [
    [L('invoiceNo'), order.invoiceNumber ?? order.code],
    [L('invoiceDate'), swissDate(date, settings.timeZone)],
    [L('orderCode'), order.code],
    [L('orderDate'), swissDate(order.createdAt, settings.timeZone)],
  ]);
  const photos = kind.photos ?? new Map<string, Buffer>();
  const cols = lineColumns(order.lines.some((l) => photos.has(l.id)));
  const headings = { sku: L('sku'), item: L('item'), qty: L('qty'), unit: L('unitPrice'), disc: L('discount'), amount: L('amount') };
  let y = d.tableHeadings(cols, headings);
  y = drawInvoiceLines(d, order, cols, photos, y);
  y = d.closeTable(y);
  y = d.totals(invoiceTotals(order, settings, L), y);
  d.t.font(false);
  d.paragraph(L('currencyNote'), y + 8);
  if (order.paidAt && !kind.withQrBill) d.paragraph(L('paid', { date: swissDate(order.paidAt, settings.timeZone) }));
  if (kind.withQrBill && order.expiresAt) d.paragraph(L('payBy', { date: swissDate(order.expiresAt, settings.timeZone) }));
  if (kind.withQrBill) attachQrBill(d, order, settings);
  return d.finish();
}

/**
 * The invoice's lines from height `y`, each with SKU, item text (packaging or a custom box's
 * contents in the order's language), photo if any, quantity, unit price, discount and amount; a
 * line that would run past the foot of the page starts a new page.
 * @returns the height, points, under the last line.
 */
function drawInvoiceLines(d: A4Document, order: OrderWithLines, cols: LineColumns, photos: Map<string, Buffer>, y: number): number {
  const { doc, t, lang } = d;
  // the catalogue's packaging ("Box of 25") in the order's language, as the shop showed it
  const tr = serverI18n(lang).getFixedT(lang);
  for (const l of order.lines) {
    // a custom box's model by its name in the order's language ("Zedernholzkiste für 10 Zigarren")
    const item = l.box
      ? boxItemText(boxModelName({ name: l.name, capacity: l.box.capacity }, lang), l.box)
      : `${l.name}${l.packaging ? ` (${packagingLabel(l.packaging, tr)})` : ''}`;
    const photo = photos.get(l.id);
    const h = Math.max(t.heightOf(item, { width: cols.item.width }), t.heightOf(l.sku, { width: cols.sku.width }), photo ? THUMB : 11);
    if (y + h > 760) {
      doc.addPage();
      y = 50;
    }
    d.cell(cols.sku, l.sku, y);
    if (photo) {
      try {
        doc.image(photo, ITEM_X, y, { fit: [THUMB, THUMB], align: 'center', valign: 'center' });
      } catch {
        // an unreadable file leaves the line without a photo
      }
    }
    d.cell(cols.item, item, y);
    d.cell(cols.qty, String(l.count), y);
    d.cell(cols.unit, chf(l.unitPrice), y);
    d.cell(cols.disc, l.discountPercent ? `${l.discountPercent} %` : '', y);
    d.cell(cols.amount, chf(l.lineTotal), y);
    y += h + 4;
  }
  return y;
}

/**
 * The invoice's totals: subtotal, promotion and bonus deductions, shipping, the total in bold,
 * then the VAT contained at the order's rate (orderVatRate) and the net amount (MWSTG art. 26 al. 2 let. f).
 */
function invoiceTotals(order: OrderWithLines, settings: ShopSettings, L: DocumentText): TotalsRow[] {
  const rate = (orderVatRate(order, settings.vatRateBasisPoints) / 100).toFixed(1);
  const rows: TotalsRow[] = [[L('subtotal'), chf(order.subtotal)]];
  if (order.discount > 0) rows.push([`${L('promo')}${order.promoCode ? ` (${order.promoCode})` : ''}`, `-${chf(order.discount)}`]);
  if (order.bonus > 0) rows.push([L('bonus'), `-${chf(order.bonus)}`]);
  rows.push([L('shipping'), chf(order.shippingFee)]);
  rows.push([`${L('total')} CHF`, chf(order.total), true]);
  rows.push([L('vatIncl', { rate }), chf(order.vat)]);
  rows.push([L('net'), chf(order.total - order.vat)]);
  return rows;
}

/** The QR-bill payment part, in the order's language where swissqrbill has it (else English), on a new page if it does not fit. */
function attachQrBill({ doc, lang }: A4Document, order: OrderWithLines, settings: ShopSettings): void {
  const qr = new SwissQRBill(qrBillData(order, settings), {
    language: lang === 'de' || lang === 'fr' || lang === 'it' ? (lang.toUpperCase() as 'DE' | 'FR' | 'IT') : 'EN',
  });
  if (!SwissQRBill.isSpaceSufficient(doc)) doc.addPage();
  qr.attachTo(doc);
}

/**
 * Characters a QR-bill may carry (Swiss Payment Standards' character set for QR-bills: Basic
 * Latin, Latin-1 Supplement, Latin Extended-A, Ș ș Ț ț and €).
 */
const QR_CHARSET = /^[\x20-\x7E\u00A0-\u017F\u0218-\u021B\u20AC]*$/;

/**
 * The QR-bill's unstructured message: "Order <code>" in the order's language ("Bestellung
 * CQTXQJG7"), in English when that language's words are outside the QR-bill's character set
 * (Arabic, Japanese, Russian …). At most 140 characters, the field's limit.
 */
export function qrBillMessage(order: Pick<OrderWithLines, 'code' | 'locale'>): string {
  const lang = storedLocale(order.locale);
  const text = textIn(lang, 'documents:qrMessage', { code: order.code });
  return (QR_CHARSET.test(text) ? text : textIn('en', 'documents:qrMessage', { code: order.code })).slice(0, 140);
}

/**
 * The QR-bill data of an order: structured addresses (street and building number, postcode, town,
 * country, as the implementation guidelines require from November 2025), amount in CHF, the order's
 * QR or creditor reference, and the order code as the unstructured message ({@link qrBillMessage}).
 */
export function qrBillData(order: OrderWithLines, settings: ShopSettings) {
  const a = order.address;
  const m = /^(.*?)\s+(\d+[a-zA-Z]?)$/.exec(a.street.trim());
  return {
    currency: 'CHF' as const,
    amount: rappenToChf(order.total - order.paidAmount),
    reference: order.paymentReference ?? undefined,
    message: qrBillMessage(order),
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
