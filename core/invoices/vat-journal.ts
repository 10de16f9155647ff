/**
 * The VAT journal: the documents of a VAT report (core/invoices vat-report.ts) as bookings a
 * bookkeeper imports, one CSV row per document, account and VAT rate (docs/decisions/023-vat-report.md).
 *
 * Accounts of the Swiss SME chart of accounts (KMU-Kontenrahmen), net method (the revenue
 * accounts take the amount without VAT, 2200 the VAT):
 * - 3200 Handelserlöse: an invoice's goods;
 * - 3400 Dienstleistungserlöse: an invoice's shipping fee (a transport the customer pays for;
 *   a bookkeeper who keeps it with the goods maps 3400 to 3200);
 * - 3800 Erlösminderungen: a credit note (refund or return), negative;
 * - 2200 Geschuldete MWST (Umsatzsteuer): the VAT of each document, negative for a credit note;
 * - counter account 1100 Forderungen aus Lieferungen und Leistungen for every row (the payment
 *   that settles the receivable is booked from the bank statement, not here).
 *
 * The amounts of one document's rows add up to its gross amount (incl. VAT), so the rows of a
 * period add up to the report's taxable turnover (Ziffer 299), its 2200 rows to the documents'
 * VAT, and its `vat_chf` column to the same VAT.
 */
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../db/index.ts';
import { serverI18n } from '../i18n/index.ts';
import { rappenToDecimalString } from '../pricing/browser.ts';
import { vatDocuments, type DayRange, type VatDocument } from './vat-report.ts';

/** The accounts the journal books to (KMU-Kontenrahmen). */
const VAT_ACCOUNTS = { goods: '3200', shipping: '3400', credits: '3800', vat: '2200', receivables: '1100' } as const;

/** One booking row. Money in Rappen, signed (credit notes negative). */
export type JournalRow = {
  /** The document's day in the shop's time zone, `YYYY-MM-DD`. */
  date: string;
  document: string;
  account: string;
  counterAccount: string;
  /** Net amount on revenue accounts, the VAT on 2200. */
  amount: number;
  /** e.g. `8.1`. */
  vatRate: string;
  /** The VAT belonging to a revenue row; null on the 2200 row (its amount is the VAT). */
  vat: number | null;
  text: string;
};

/** `810` -> `8.1` (basis points as a percentage with the decimals it needs). */
function ratePercent(basisPoints: number): string {
  return String(basisPoints / 100);
}

/**
 * The booking rows of documents: per invoice a 3200 row (goods), a 3400 row when it has a
 * shipping fee, and a 2200 row (VAT); per credit note a 3800 row and a 2200 row, negative.
 * @param lang the language of the `text` column.
 */
export function journalRows(documents: readonly VatDocument[], lang: string): JournalRow[] {
  const t = serverI18n(lang).getFixedT(lang, 'adminshop');
  const rows: JournalRow[] = [];
  for (const d of documents) {
    const base = { date: d.day, document: d.number, counterAccount: VAT_ACCOUNTS.receivables, vatRate: ratePercent(d.rateBasisPoints) };
    const params = { number: d.number, order: d.orderCode };
    if (d.kind === 'invoice') {
      rows.push({ ...base, account: VAT_ACCOUNTS.goods, amount: d.goods - d.goodsVat, vat: d.goodsVat, text: t('vat.journal.goods', params) });
      if (d.shipping > 0)
        rows.push({ ...base, account: VAT_ACCOUNTS.shipping, amount: d.shipping - d.shippingVat, vat: d.shippingVat, text: t('vat.journal.shipping', params) });
      rows.push({ ...base, account: VAT_ACCOUNTS.vat, amount: d.goodsVat + d.shippingVat, vat: null, text: t('vat.journal.invoiceVat', params) });
    } else {
      const vat = d.goodsVat + d.shippingVat;
      rows.push({ ...base, account: VAT_ACCOUNTS.credits, amount: -(d.goods + d.shipping - vat), vat: -vat, text: t('vat.journal.creditNote', params) });
      rows.push({ ...base, account: VAT_ACCOUNTS.vat, amount: -vat, vat: null, text: t('vat.journal.creditNoteVat', params) });
    }
  }
  return rows;
}

/**
 * How the file is written: `excel` for Excel with Swiss settings (`;` separator, UTF-8 byte order
 * mark, CRLF line ends; the decimal point is `.` in de-CH), `csv` as RFC 4180 (`,`, no mark) for
 * bookkeeping software.
 */
export type JournalFormat = 'excel' | 'csv';

/** Column names of the journal (first row). */
const JOURNAL_COLUMNS = ['date', 'document', 'account', 'counter_account', 'amount_chf', 'vat_rate', 'vat_chf', 'text'] as const;

/**
 * The journal of the days `range` (shop's zone) as CSV: {@link journalCsv} of the documents'
 * {@link journalRows}, texts in `opts.lang`.
 */
export async function vatJournalCsv(db: Db, range: DayRange, opts: { lang: string; format: JournalFormat }): Promise<string> {
  const { documents } = await vatDocuments(db, range);
  return journalCsv(journalRows(documents, opts.lang), opts.format);
}

/**
 * Booking rows as CSV (csv-stringify): header row ({@link JOURNAL_COLUMNS}), amounts in CHF with
 * two decimals (`-12.50`), cells that start like a spreadsheet formula neutralised with a leading
 * `'` (OWASP "CSV injection"; amounts are numbers, so their minus sign stays).
 */
export function journalCsv(rows: readonly JournalRow[], format: JournalFormat): string {
  const excel = format === 'excel';
  return stringify(
    rows.map((r) => [r.date, r.document, r.account, r.counterAccount, r.amount, r.vatRate, r.vat ?? '', r.text]),
    {
      header: true,
      columns: [...JOURNAL_COLUMNS],
      delimiter: excel ? ';' : ',',
      bom: excel,
      record_delimiter: excel ? 'windows' : 'unix',
      escape_formulas: true,
      // every number of a row is Rappen: written as CHF with two decimals
      cast: { number: (rappen) => rappenToDecimalString(rappen) },
    },
  );
}
