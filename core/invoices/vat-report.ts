/**
 * The VAT report of a settlement period (a quarter or a half-year, as the owner settles with the
 * Swiss Federal Tax Administration, ESTV, by the effective method) and the documents it is made
 * of: docs/decisions/023-vat-report.md.
 *
 * Which documents are turnover:
 * - an **invoice** is an order that was paid in full: it has an invoice number and `paid_at`, and
 *   its state is `paid`, `processing`, `shipped`, `delivered` or `refunded` (a refunded order was
 *   turnover when it was invoiced; its credit notes take it back). It counts on its invoice date,
 *   which is `paid_at` (the date the invoice PDF prints, core/invoices/pdf.ts). An order still
 *   `pending_payment` (its QR-bill is a request for payment, without an invoice number), and one
 *   `cancelled` or `expired` unpaid, never is turnover;
 * - a **credit note** is a refund that succeeded (`refunds.status = 'succeeded'`, with a credit-note
 *   number). It is deducted in the period of its own date (`refunds.created_at`, the date the
 *   credit-note PDF prints), whatever the period of the invoice it corrects (MWSTG art. 41 al. 1:
 *   a reduction of the consideration is deducted in the period it is granted).
 *
 * Dates are days in the shop's time zone (core/i18n dates.ts): an invoice at 23:30 on 31 March in
 * Zurich belongs to the first quarter. Money is in Rappen; VAT amounts are rounded half up to the
 * Rappen per document (core/pricing `vatContained`, ADR 002).
 */
import { and, asc, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import { getSettings } from '../config/index.ts';
import { orders, refunds, type Db } from '../db/index.ts';
import { dayIn, isCalendarDay, nextDay, startOfDay, todayIn, type CalendarDay } from '../i18n/browser.ts';
import { vatContained } from '../pricing/browser.ts';
import { orderVatRate, VAT_CIPHERS } from './vat-rates.ts';

/** Order states whose invoice is turnover (once paid in full and invoiced). */
const TURNOVER_STATES = ['paid', 'processing', 'shipped', 'delivered', 'refunded'] as const;

/** A settlement period: a quarter (`Q1`–`Q4`) or a half-year (`H1`, `H2`) of a year. */
export type VatPeriod = { year: number; period: 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'H1' | 'H2' };

/** The periods the owner picks from. */
export const VAT_PERIODS = ['Q1', 'Q2', 'Q3', 'Q4', 'H1', 'H2'] as const;

/** A span of calendar days of the shop's zone, both days included (`YYYY-MM-DD`). */
export type DayRange = { from: CalendarDay; to: CalendarDay };

/**
 * The days of a settlement period: Q1 = 1 January–31 March, …, H2 = 1 July–31 December.
 * @throws {RangeError} for a year outside 2000–2999 or an unknown period.
 */
export function periodDays(p: VatPeriod): DayRange {
  if (!Number.isInteger(p.year) || p.year < 2000 || p.year > 2999) throw new RangeError(`Not a settlement year: ${p.year}`);
  const months: Record<VatPeriod['period'], [number, number]> = { Q1: [1, 3], Q2: [4, 6], Q3: [7, 9], Q4: [10, 12], H1: [1, 6], H2: [7, 12] };
  const span = months[p.period];
  if (!span) throw new RangeError(`Not a settlement period: ${p.period}`);
  const [first, last] = span;
  const lastDay = new Date(Date.UTC(p.year, last, 0)).getUTCDate();
  const mm = (m: number) => String(m).padStart(2, '0');
  return { from: `${p.year}-${mm(first)}-01`, to: `${p.year}-${mm(last)}-${lastDay}` };
}

/**
 * Reads a period from a form's `year` and `period` fields, or null when they name none (the
 * page then shows the default, {@link previousQuarter}).
 */
export function parsePeriod(year: string | null, period: string | null): VatPeriod | null {
  if (!year || !period || !/^\d{4}$/.test(year) || !(VAT_PERIODS as readonly string[]).includes(period)) return null;
  const y = Number(year);
  return y >= 2000 && y <= 2999 ? { year: y, period: period as VatPeriod['period'] } : null;
}

/** The last quarter that has ended by `now` in `timeZone` (the one the owner settles next). */
export function previousQuarter(timeZone: string, now = new Date()): VatPeriod {
  const [y, m] = todayIn(timeZone, now).split('-').map(Number);
  const q = Math.floor((m - 1) / 3); // the running quarter, 0-based
  return q === 0 ? { year: y - 1, period: 'Q4' } : { year: y, period: `Q${q}` as VatPeriod['period'] };
}

/**
 * Reads a free span of days (`from`, `to`, both `YYYY-MM-DD`, both included), or null when either
 * is no calendar day, `to` is before `from`, or the span is longer than 2 years.
 */
export function parseDayRange(from: string | null, to: string | null): DayRange | null {
  if (!from || !to || !isCalendarDay(from) || !isCalendarDay(to) || to < from) return null;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return days <= 731 ? { from, to } : null;
}

/** One document of the report, money in Rappen (positive for both kinds). */
export type VatDocument = {
  kind: 'invoice' | 'creditNote';
  /** The invoice number, or the credit note's number. */
  number: string;
  orderCode: string;
  /** The document's date (invoice: `paid_at`; credit note: its `created_at`). */
  at: Date;
  /** That date's day in the shop's time zone. */
  day: CalendarDay;
  /** VAT rate, basis points (810 = 8.1 %): the rate the order's VAT was computed at. */
  rateBasisPoints: number;
  /** Gross amount of the goods (after promotion and bonus), incl. VAT; a credit note's whole amount. */
  goods: number;
  /** Gross shipping fee, incl. VAT; 0 on a credit note. */
  shipping: number;
  /** VAT contained in `goods`. */
  goodsVat: number;
  /** VAT contained in `shipping`. */
  shippingVat: number;
};

/**
 * The invoices and credit notes dated within `range` (days of the shop's zone, both included),
 * in date order. An invoice's shipping fee is taxed at the rate of its goods (one rate per order
 * in this shop: core/orders summary.ts takes the VAT of the whole total); its VAT is the order's
 * stored VAT, of which the shipping part is `vatContained(shipping)` and the goods part the rest,
 * so the two add up to the invoice. A credit note's VAT is contained in its amount at its
 * order's rate, as the credit-note PDF shows it.
 */
export async function vatDocuments(db: Db, range: DayRange): Promise<{ timeZone: string; shopRate: number; documents: VatDocument[] }> {
  const settings = await getSettings(db);
  const tz = settings.timeZone;
  const start = startOfDay(range.from, tz);
  const end = startOfDay(nextDay(range.to), tz);
  const [invoiced, credited] = await Promise.all([
    db
      .select({
        number: orders.invoiceNumber,
        code: orders.code,
        at: orders.paidAt,
        total: orders.total,
        shipping: orders.shippingFee,
        vat: orders.vat,
      })
      .from(orders)
      .where(and(isNotNull(orders.invoiceNumber), inArray(orders.status, [...TURNOVER_STATES]), gte(orders.paidAt, start), lt(orders.paidAt, end)))
      .orderBy(asc(orders.paidAt), asc(orders.invoiceNumber)),
    db
      .select({
        number: refunds.creditNoteNumber,
        code: orders.code,
        at: refunds.createdAt,
        amount: refunds.amount,
        total: orders.total,
        vat: orders.vat,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(eq(refunds.status, 'succeeded'), isNotNull(refunds.creditNoteNumber), gte(refunds.createdAt, start), lt(refunds.createdAt, end)))
      .orderBy(asc(refunds.createdAt), asc(refunds.creditNoteNumber)),
  ]);
  const rate = settings.vatRateBasisPoints;
  const documents: VatDocument[] = [];
  for (const o of invoiced) {
    const r = orderVatRate(o, rate);
    const shipping = Math.min(o.shipping, o.total);
    const shippingVat = vatContained(shipping, r);
    documents.push({
      kind: 'invoice',
      number: o.number!,
      orderCode: o.code,
      at: o.at!,
      day: dayIn(o.at!, tz),
      rateBasisPoints: r,
      goods: o.total - shipping,
      shipping,
      goodsVat: o.vat - shippingVat,
      shippingVat,
    });
  }
  for (const c of credited) {
    const r = orderVatRate(c, rate);
    documents.push({
      kind: 'creditNote',
      number: c.number!,
      orderCode: c.code,
      at: c.at,
      day: dayIn(c.at, tz),
      rateBasisPoints: r,
      goods: c.amount,
      shipping: 0,
      goodsVat: vatContained(c.amount, r),
      shippingVat: 0,
    });
  }
  documents.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
  return { timeZone: tz, shopRate: rate, documents };
}

/** The figures of one VAT rate in a period. Money in Rappen, gross (incl. VAT) unless named net. */
type VatRateFigures = {
  /** 810 = 8.1 %. */
  rateBasisPoints: number;
  /** The ESTV form's tax cipher for this rate (`303` for 8.1 %), null for a rate the form has none for. */
  cipher: string | null;
  invoices: number;
  creditNotes: number;
  /** Goods invoiced (after promotions and bonus). */
  goods: number;
  /** Shipping invoiced. */
  shipping: number;
  /** goods + shipping. */
  invoiced: number;
  /** Credit notes issued. */
  credited: number;
  /** invoiced − credited: the turnover taxed at this rate. */
  taxable: number;
  /** VAT of the documents: the invoices' VAT minus the credit notes'. */
  vat: number;
  /** taxable − vat. */
  net: number;
  /** The tax the form computes from `taxable`: `vatContained(taxable)`. */
  formTax: number;
};

/** The VAT report of a period: the figures of the ESTV form (effective method), Rappen. */
export type VatReport = DayRange & {
  timeZone: string;
  /** The shop's current rate, basis points (the report shows its line even in an empty period). */
  shopRate: number;
  /** One entry per rate that has documents (or the shop's rate), highest rate first. */
  rates: VatRateFigures[];
  form: {
    /** Ziffer 200: total of the agreed considerations (invoices), incl. VAT. */
    z200: number;
    /** Ziffer 220: supplies exempt (exports): none (the shop delivers to Switzerland and Liechtenstein, one VAT area). */
    z220: number;
    /** Ziffer 221: supplies abroad: none. */
    z221: number;
    /** Ziffer 230: supplies excluded from the tax (MWSTG art. 21): none. */
    z230: number;
    /** Ziffer 235: reductions of the consideration: the credit notes of the period. */
    z235: number;
    /** Ziffer 289: total of the deductions 220–280. */
    z289: number;
    /** Ziffer 299: taxable turnover, 200 − 289. */
    z299: number;
    /** The tax lines (Ziffer 303, 313 …): turnover at the rate and the tax it gives. */
    tax: { cipher: string | null; rateBasisPoints: number; turnover: number; tax: number }[];
    /** Ziffer 399: total tax due (before input tax, which the shop does not know). */
    z399: number;
  };
  /** VAT of the documents (what the journal books to 2200). */
  documentsVat: number;
  /** z399 − documentsVat: the difference of rounding per document and on the total. */
  roundingDifference: number;
  invoices: number;
  creditNotes: number;
};

/**
 * Sums documents into a period's report (pure; {@link vatReport} reads them).
 * @param shopRate basis points: the rate shown when the period has no document.
 */
export function summarise(range: DayRange, timeZone: string, shopRate: number, documents: readonly VatDocument[]): VatReport {
  const byRate = new Map<number, VatRateFigures>();
  const figures = (r: number) => {
    let f = byRate.get(r);
    if (!f) {
      f = {
        rateBasisPoints: r,
        cipher: VAT_CIPHERS[r] ?? null,
        invoices: 0,
        creditNotes: 0,
        goods: 0,
        shipping: 0,
        invoiced: 0,
        credited: 0,
        taxable: 0,
        vat: 0,
        net: 0,
        formTax: 0,
      };
      byRate.set(r, f);
    }
    return f;
  };
  figures(shopRate);
  for (const d of documents) {
    const f = figures(d.rateBasisPoints);
    if (d.kind === 'invoice') {
      f.invoices++;
      f.goods += d.goods;
      f.shipping += d.shipping;
      f.vat += d.goodsVat + d.shippingVat;
    } else {
      f.creditNotes++;
      f.credited += d.goods + d.shipping;
      f.vat -= d.goodsVat + d.shippingVat;
    }
  }
  const rates = [...byRate.values()].sort((a, b) => b.rateBasisPoints - a.rateBasisPoints);
  for (const f of rates) {
    f.invoiced = f.goods + f.shipping;
    f.taxable = f.invoiced - f.credited;
    f.net = f.taxable - f.vat;
    f.formTax = vatContained(f.taxable, f.rateBasisPoints);
  }
  const sum = (k: keyof VatRateFigures) => rates.reduce((s, f) => s + (f[k] as number), 0);
  const z200 = sum('invoiced');
  const z235 = sum('credited');
  const z289 = z235;
  const z399 = sum('formTax');
  const documentsVat = sum('vat');
  return {
    ...range,
    timeZone,
    shopRate,
    rates,
    form: {
      z200,
      z220: 0,
      z221: 0,
      z230: 0,
      z235,
      z289,
      z299: z200 - z289,
      tax: rates.map((f) => ({ cipher: f.cipher, rateBasisPoints: f.rateBasisPoints, turnover: f.taxable, tax: f.formTax })),
      z399,
    },
    documentsVat,
    roundingDifference: z399 - documentsVat,
    invoices: sum('invoices'),
    creditNotes: sum('creditNotes'),
  };
}

/**
 * The VAT report of the days `range` of the shop's zone (a period's days: {@link periodDays}):
 * turnover by rate with shipping, credit notes deducted, the tax due, as the ESTV form asks.
 */
export async function vatReport(db: Db, range: DayRange): Promise<VatReport> {
  const { timeZone, shopRate, documents } = await vatDocuments(db, range);
  return summarise(range, timeZone, shopRate, documents);
}
