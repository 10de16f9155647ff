/**
 * The layout steps the shop's A4 documents share (invoice and credit note): one page frame with a
 * 50 pt margin, the seller block top left, the buyer block top right (where a C5/DL window
 * envelope shows it), the title with its references, a table of lines under a hairline, and the
 * totals right-aligned under the amount column. Positions and widths are PDF points (1/72 inch);
 * both documents draw through these steps so they keep the same look.
 */
import PDFDocument from 'pdfkit';
import type { ShopSettings } from '../config/browser.ts';
import type { PostalAddress } from '../db/index.ts';
import { storedLocale, type Locale } from '../i18n/browser.ts';
import { textIn, type DocumentKey, type TextParams } from '../i18n/index.ts';
import { PdfText } from './fonts.ts';

type Doc = InstanceType<typeof PDFDocument>;

/** The `documents` texts in the document's language. */
export type DocumentText = (key: DocumentKey, params?: TextParams) => string;

/** A table column: left edge and width in points, and how its text is aligned. */
export type Column = { x: number; width: number; align: 'left' | 'right' };

/** Left edge of the page's content, points (the A4 margin). */
const LEFT = 50;
/** Right edge of the page's content, points (A4 is 595 pt wide, less the margin). */
const RIGHT = 545;
/** Left edge of the buyer block, points. */
const BUYER_X = 330;
/** Left edge of the totals' labels, points. */
const TOTALS_X = 300;
/** The amount column, shared by the invoice's lines and every document's totals. */
export const AMOUNT_COLUMN: Column = { x: 480, width: 65, align: 'right' };

/**
 * A country (ISO 3166 code) named in the document's language with the runtime's CLDR names
 * (`CH` → "Schweiz", "Suisse", "スイス"); the code itself when the runtime does not know it.
 */
function countryName(code: string, lang: Locale = 'en'): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * The seller's address as one line per element: name, street and number, postcode and town,
 * country (named in `lang`).
 */
export function sellerLines(s: ShopSettings, lang: Locale = 'en'): string[] {
  return [s.companyName, `${s.street}${s.buildingNumber ? ` ${s.buildingNumber}` : ''}`, `${s.postalCode} ${s.city}`, countryName(s.country, lang)];
}

/** A totals row: label, amount as printed, and whether it is the bold one (the total due or refunded). */
export type TotalsRow = readonly [label: string, amount: string, bold?: boolean];

/**
 * One A4 document being drawn in one language, with the shared layout steps as methods; heights
 * (`y`) are points from the top of the page.
 */
export class A4Document {
  /** The document's language. */
  readonly lang: Locale;
  /** The language's `documents` texts. */
  readonly L: DocumentText;
  readonly doc: Doc;
  /** Draws text in the language's fonts (right to left for Arabic). */
  readonly t: PdfText;
  private readonly done: Promise<Buffer>;

  /**
   * Starts an A4 document in the language stored on the order (falls back as `storedLocale` does).
   * @param title the document's title metadata, from its texts.
   * @param author the PDF author metadata (the seller's name).
   */
  constructor(stored: string | null | undefined, title: (L: DocumentText) => string, author: string) {
    const lang = storedLocale(stored);
    this.lang = lang;
    this.L = (k, p) => textIn(lang, `documents:${k}`, p);
    this.doc = new PDFDocument({ size: 'A4', margin: LEFT, lang, info: { Title: title(this.L), Author: author } });
    const chunks: Buffer[] = [];
    this.doc.on('data', (c: Buffer) => chunks.push(c));
    this.done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    this.t = new PdfText(this.doc, lang);
  }

  /** Ends the document. @returns the PDF bytes. */
  finish(): Promise<Buffer> {
    this.doc.end();
    return this.done;
  }

  /**
   * The seller block: the company name in 14 pt bold, then `addressLines`, VAT number and e-mail in
   * 9 pt (the seller and VAT number are required on an invoice, MWSTG art. 26 al. 2 let. a).
   */
  seller(settings: ShopSettings, addressLines: string[]): void {
    const { doc, t, L } = this;
    t.font(true);
    doc.fontSize(14);
    t.text(settings.companyName, LEFT, LEFT);
    t.font(false);
    doc.fontSize(9);
    for (const l of addressLines) t.text(l, LEFT);
    t.text(`${L('vatNo')} ${settings.vatNumber}`, LEFT, undefined, { width: 250, align: 'left' });
    t.text(settings.email, LEFT);
  }

  /**
   * The buyer block: heading (`documents:buyer`, "Rechnung an", unless `heading` is given: the
   * credit note's own), name, street, postcode and town, country in the document's language.
   */
  buyer(a: PostalAddress, heading?: string): void {
    const { t, L } = this;
    t.font(true).text(heading ?? L('buyer'), BUYER_X, 130, { width: 215, align: 'left' });
    t.font(false);
    for (const l of [`${a.firstName} ${a.lastName}`, a.street, `${a.postalCode} ${a.city}`, countryName(a.country, this.lang)])
      t.text(l, BUYER_X, undefined, { width: 215, align: 'left' });
  }

  /** The title in 18 pt bold, then one `label: value` line per reference (number, dates, order). */
  title(title: string, references: readonly (readonly [string, string])[]): void {
    const { doc, t } = this;
    t.font(true);
    doc.fontSize(18);
    t.text(title, LEFT, 210, { width: RIGHT - LEFT, align: 'left' });
    t.font(false);
    doc.fontSize(9).moveDown(0.5);
    for (const [k, v] of references) t.text(`${k}: ${v}`, LEFT, undefined, { width: 300, align: 'left' });
  }

  /** Draws `text` in a column at height `y`. */
  cell(column: Column, text: string, y: number): void {
    this.t.text(text, column.x, y, { width: column.width, align: column.align });
  }

  /**
   * The table's headings in bold under the references, underlined by a hairline.
   * @returns the height where the first line goes.
   */
  tableHeadings<C extends string>(columns: Record<C, Column>, headings: Record<C, string>): number {
    const { doc, t } = this;
    let y = doc.y + 16;
    t.font(true);
    for (const col of Object.keys(columns) as C[]) this.cell(columns[col], headings[col], y);
    y += 14;
    doc
      .moveTo(LEFT, y - 2)
      .lineTo(RIGHT, y - 2)
      .lineWidth(0.5)
      .stroke();
    t.font(false);
    return y;
  }

  /**
   * The line closing the table at height `y`.
   * @returns the height where the totals go.
   */
  closeTable(y: number): number {
    this.doc.moveTo(LEFT, y).lineTo(RIGHT, y).stroke();
    return y + 8;
  }

  /**
   * The totals, one row each from height `y`: the label left of the amount column.
   * @returns the height under the last row.
   */
  totals(rows: readonly TotalsRow[], y: number): number {
    for (const [k, v, bold] of rows) {
      this.t.font(Boolean(bold)).text(k, TOTALS_X, y, { width: 170, align: 'left' });
      this.cell(AMOUNT_COLUMN, v, y);
      y += 14;
    }
    return y;
  }

  /** Draws a paragraph across the page's width, at height `y` or under the text before. */
  paragraph(text: string, y?: number): void {
    this.t.text(text, LEFT, y, { width: RIGHT - LEFT, align: 'left' });
  }
}
