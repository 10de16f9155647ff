/**
 * The VAT report and its journal (core/invoices vat-report.ts, vat-journal.ts; ADR 023), on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL. A first quarter of 2030 in Europe/Zurich
 * with orders at 8.1 % and, made while the shop's rate was set to 2.6 %, at 2.6 % (the shop has
 * one rate at a time; the report finds each order's rate from its stored VAT); a credit note of
 * an order of the quarter and one of an order of the quarter before; an order paid at 23:30 on
 * 31 March in Zurich (the night summer time began: 21:30 UTC) inside the quarter and one at 00:10
 * on 1 April (still 31 March in UTC) outside it; a cancelled order that had received part of its
 * amount, and an unpaid one, left out. The figures are checked to the Rappen, the journal's rows
 * add up to them, and the page and the CSV download answer an Admin only.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { addToCart } from '../../core/cart/service.ts';
import { updateSettings } from '../../core/config/service.ts';
import { journalCsv, journalRows, periodDays, previousQuarter, summarise, vatDocuments, vatJournalCsv, vatReport } from '../../core/invoices/index.ts';
import { createOrder, transitionOrder, type OrderWithLines } from '../../core/orders/index.ts';
import { refundOrder } from '../../core/payments/refunds.ts';
import { recordPayment } from '../../core/payments/service.ts';
import { formatChf } from '../../core/pricing/money.ts';
import { vatContained } from '../../core/pricing/pricing.ts';
import { createCustomer, productWith } from '../helpers/customers.ts';
import { roleCookies } from '../helpers/http.ts';
import { useTestSuite } from '../helpers/suite.ts';

const t = useTestSuite({ http: true }, async ({ shop }) => {
  await updateSettings(shop.db, { shippingFee: 900, freeShippingThreshold: 50_000, vatRateBasisPoints: 810, timeZone: 'Europe/Zurich' });
  return roleCookies(shop);
});
const ADMIN = 'admin-vat-report';
const Q1 = periodDays({ year: 2030, period: 'Q1' });
let index = 0;

/** A bank-transfer order of `count` × a product at `price` Rappen, created at `at`; paid in full at `paidAt` unless null. */
async function order(price: number, count: number, at: string, paidAt: string | null): Promise<OrderWithLines> {
  const c = await createCustomer(t.shop);
  const p = await productWith(t.shop, 50, price, index++);
  await addToCart(t.shop.db, c.id, p.id, count, c.id);
  const o = await createOrder(t.shop, { userId: c.id, paymentMethod: 'qr-bill', now: new Date(at) });
  if (paidAt) await pay(o, o.total, paidAt);
  return o;
}

function pay(o: OrderWithLines, amount: number, at: string) {
  return recordPayment(
    t.shop,
    { provider: 'bank', providerRef: `B-${o.code}-${amount}`, orderRef: o.code, reference: o.paymentReference, amount, currency: 'CHF', exactAmount: false },
    new Date(at),
  );
}

describe('VAT report', () => {
  it('sums a quarter by rate with shipping, deducts its credit notes, keeps to Zurich days, leaves unpaid and cancelled orders out', async () => {
    // the quarter before: invoiced in December, a credit note of it in January
    const g = await order(4_000, 1, '2029-12-20T09:00:00Z', '2029-12-20T10:00:00Z');
    // 2 × 60.00 + shipping 9.00, paid in February; one unit credited in March
    const a = await order(6_000, 2, '2030-02-10T09:00:00Z', '2030-02-10T10:00:00Z');
    // at 2.6 %: 45.50 + shipping 9.00
    await updateSettings(t.shop.db, { vatRateBasisPoints: 260 });
    const b = await order(4_550, 1, '2030-02-20T09:00:00Z', '2030-02-20T09:30:00Z');
    await updateSettings(t.shop.db, { vatRateBasisPoints: 810 });
    expect(b.vat).toBe(vatContained(5_450, 260));
    // 23:30 on 31 March in Zurich (summer time since 03:00 that night): the first quarter
    const c = await order(2_000, 1, '2030-03-31T21:25:00Z', '2030-03-31T21:30:00Z');
    // 00:10 on 1 April in Zurich, still 31 March in UTC: the second quarter
    const d = await order(3_000, 1, '2030-03-31T22:05:00Z', '2030-03-31T22:10:00Z');
    // part paid, then cancelled; and one never paid
    const e = await order(7_000, 1, '2030-03-01T09:00:00Z', null);
    await pay(e, 1_000, '2030-03-02T09:00:00Z');
    await t.shop.db.transaction((tx) => transitionOrder(tx, e.id, 'cancelled', `admin:${ADMIN}`, 'test', new Date('2030-03-03T09:00:00Z')));
    await order(8_000, 1, '2030-03-10T09:00:00Z', null);

    const ra = await refundOrder(t.shop, a.id, { amount: 6_000, restock: false, reason: 'return' }, ADMIN, new Date('2030-03-05T12:00:00Z'));
    const rg = await refundOrder(t.shop, g.id, { amount: 2_000, restock: false, reason: 'damaged' }, ADMIN, new Date('2030-01-15T12:00:00Z'));

    const r = await vatReport(t.shop.db, Q1);
    expect(r.invoices).toBe(3);
    expect(r.creditNotes).toBe(2);
    const [std, red] = r.rates;
    // 8.1 %: invoices a (129.00, VAT 9.67) and c (29.00, VAT 2.17); credit notes 60.00 (4.50) and 20.00 (1.50)
    expect(std).toMatchObject({
      rateBasisPoints: 810,
      cipher: '303',
      invoices: 2,
      creditNotes: 2,
      goods: 14_000,
      shipping: 1_800,
      invoiced: 15_800,
      credited: 8_000,
      taxable: 7_800,
    });
    expect(std.vat).toBe(967 + 217 - 450 - 150);
    expect(std.net).toBe(7_800 - 584);
    expect(std.formTax).toBe(584);
    // 2.6 %: invoice b (54.50, VAT 1.38)
    expect(red).toMatchObject({
      rateBasisPoints: 260,
      cipher: '313',
      invoices: 1,
      creditNotes: 0,
      goods: 4_550,
      shipping: 900,
      invoiced: 5_450,
      credited: 0,
      taxable: 5_450,
      vat: 138,
      formTax: 138,
    });
    expect(r.form).toEqual({
      z200: 21_250,
      z220: 0,
      z221: 0,
      z230: 0,
      z235: 8_000,
      z289: 8_000,
      z299: 13_250,
      tax: [
        { cipher: '303', rateBasisPoints: 810, turnover: 7_800, tax: 584 },
        { cipher: '313', rateBasisPoints: 260, turnover: 5_450, tax: 138 },
      ],
      z399: 722,
    });
    expect(r.documentsVat).toBe(722);
    expect(r.roundingDifference).toBe(0);

    const { documents } = await vatDocuments(t.shop.db, Q1);
    const numbers = documents.map((x) => x.number);
    expect(numbers).toEqual([rg.creditNoteNumber, `2030-${a.code}`, `2030-${b.code}`, ra.creditNoteNumber, `2030-${c.code}`]);
    expect(numbers.join()).not.toContain(d.code);
    expect(numbers.join()).not.toContain(e.code);
    expect(documents.find((x) => x.orderCode === c.code)!.day).toBe('2030-03-31');

    // the boundary order opens the second quarter, on its Zurich day
    const q2 = await vatReport(t.shop.db, periodDays({ year: 2030, period: 'Q2' }));
    expect(q2.invoices).toBe(1);
    expect(q2.form.z200).toBe(d.total);
    expect((await vatDocuments(t.shop.db, periodDays({ year: 2030, period: 'Q2' }))).documents[0].day).toBe('2030-04-01');
    // the half-year holds both quarters; the quarter before holds g's invoice only
    const h1 = await vatReport(t.shop.db, periodDays({ year: 2030, period: 'H1' }));
    expect(h1.form.z200).toBe(21_250 + d.total);
    expect(h1.form.z235).toBe(8_000);
    const q4 = await vatReport(t.shop.db, periodDays({ year: 2029, period: 'Q4' }));
    expect(q4.form).toMatchObject({ z200: 4_900, z235: 0, z299: 4_900 });

    // the journal: its rows add up to the report, per account and in all
    const rows = journalRows(documents, 'en');
    const total = (pred: (x: (typeof rows)[number]) => boolean) => rows.filter(pred).reduce((s, x) => s + x.amount, 0);
    expect(total(() => true)).toBe(r.form.z299);
    expect(total((x) => x.account === '2200')).toBe(r.documentsVat);
    expect(rows.reduce((s, x) => s + (x.vat ?? 0), 0)).toBe(r.documentsVat);
    expect(total((x) => x.account === '3200' || x.account === '3400' || x.account === '3800')).toBe(r.form.z299 - r.documentsVat);
    expect(total((x) => x.account === '3400')).toBe(2_700 - vatContained(900, 810) * 2 - vatContained(900, 260));
    expect(total((x) => x.account === '3800')).toBe(-(8_000 - 600));
    for (const rate of ['8.1', '2.6']) {
      const f = r.rates.find((x) => String(x.rateBasisPoints / 100) === rate)!;
      expect(rows.filter((x) => x.vatRate === rate).reduce((s, x) => s + x.amount, 0)).toBe(f.taxable);
    }
    // the report sums the same documents the journal lists
    expect(summarise(Q1, 'Europe/Zurich', 810, documents)).toEqual(r);

    // the CSV file: Swiss Excel (BOM, `;`) and RFC 4180, amounts with two decimals and their sign
    const excel = await vatJournalCsv(t.shop.db, Q1, { lang: 'de', format: 'excel' });
    expect(excel.startsWith('\ufeffdate;document;account;counter_account;amount_chf;vat_rate;vat_chf;text\r\n')).toBe(true);
    const parsed: string[][] = parse(excel, { bom: true, delimiter: ';', from_line: 2 });
    expect(parsed.length).toBe(rows.length);
    const rappen = (s: string) => Math.round(Number(s) * 100);
    expect(parsed.reduce((s, x) => s + rappen(x[4]), 0)).toBe(r.form.z299);
    expect(parsed.find((x) => x[1] === ra.creditNoteNumber && x[2] === '3800')).toEqual([
      '2030-03-05',
      ra.creditNoteNumber,
      '3800',
      '1100',
      '-55.50',
      '8.1',
      '-4.50',
      `Gutschrift ${ra.creditNoteNumber}, Bestellung ${a.code}`,
    ]);
    const boundary = parsed.filter((x) => x[1].includes(c.code));
    expect(boundary.map((x) => [x[0], x[2], x[4], x[6]])).toEqual([
      ['2030-03-31', '3200', '18.50', '1.50'],
      ['2030-03-31', '3400', '8.33', '0.67'],
      ['2030-03-31', '2200', '2.17', ''],
    ]);
    const plain = await vatJournalCsv(t.shop.db, Q1, { lang: 'en', format: 'csv' });
    expect(plain.startsWith('date,document,')).toBe(true);
    expect(plain).toContain(`Invoice ${documents.find((x) => x.orderCode === b.code)!.number}, order ${b.code}: shipping`);
  });

  it('neutralises a cell that starts like a formula and keeps the minus of amounts; an empty period writes the header only', async () => {
    const rows = journalRows(
      [
        {
          kind: 'creditNote',
          number: '=HYPERLINK("http://x.test")',
          orderCode: 'C0DE',
          at: new Date('2030-01-02T10:00:00Z'),
          day: '2030-01-02',
          rateBasisPoints: 810,
          goods: 1_000,
          shipping: 0,
          goodsVat: 75,
          shippingVat: 0,
        },
      ],
      'en',
    );
    expect(rows.map((x) => x.amount)).toEqual([-925, -75]);
    const csv = journalCsv([...rows, { ...rows[0], text: '@SUM(A1)', document: '-2+3' }], 'csv');
    const cells: string[][] = parse(csv, { from_line: 2 });
    expect(cells[0][1]).toBe(`'=HYPERLINK("http://x.test")`);
    expect(cells[0][4]).toBe('-9.25');
    expect(cells[0][6]).toBe('-0.75');
    expect(cells[2][1]).toBe("'-2+3");
    expect(cells[2][7]).toBe("'@SUM(A1)");
    const empty = await vatJournalCsv(t.shop.db, { from: '2031-01-01', to: '2031-01-31' }, { lang: 'en', format: 'csv' });
    expect(empty).toBe('date,document,account,counter_account,amount_chf,vat_rate,vat_chf,text\n');
  });

  it('defaults to the quarter that has ended', () => {
    expect(previousQuarter('Europe/Zurich', new Date('2030-04-01T00:30:00+02:00'))).toEqual({ year: 2030, period: 'Q1' });
    expect(previousQuarter('Europe/Zurich', new Date('2030-03-31T23:30:00+02:00'))).toEqual({ year: 2029, period: 'Q4' });
    expect(periodDays({ year: 2028, period: 'H1' })).toEqual({ from: '2028-01-01', to: '2028-06-30' });
    expect(periodDays({ year: 2028, period: 'Q1' })).toEqual({ from: '2028-01-01', to: '2028-03-31' });
  });

  it('shows the report and sends the journal to an Admin only; bad periods are no error page', async () => {
    const page = await t.http.fetch('/admin/vat?year=2030&period=Q1', { cookie: t.admin });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="vat-z299"');
    expect(html).toContain(formatChf(13_250, 'en-CH'));
    expect(html).toContain(formatChf(722, 'en-CH'));
    expect((await t.http.fetch('/admin/vat?year=2030&period=Q1', { cookie: t.customer })).status).toBe(403);
    expect((await t.http.fetch('/admin/vat', { redirect: 'manual' })).status).toBe(302);
    const bad = await t.http.fetch('/admin/vat?year=20x0&period=Q9', { cookie: t.admin });
    expect(bad.status).toBe(200);
    expect(await bad.text()).toContain('This period does not exist');

    const csv = await t.http.fetch('/admin/vat/journal.csv?year=2030&period=Q1', { cookie: t.admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="vat-journal-2030-Q1.csv"');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const span = await t.http.fetch('/admin/vat/journal.csv?from=2030-03-31&to=2030-03-31&format=csv', { cookie: t.admin });
    expect(span.headers.get('content-disposition')).toContain('vat-journal-2030-03-31_2030-03-31.csv');
    const spanRows: string[][] = parse(await span.text(), { from_line: 2 });
    expect(spanRows.length).toBe(3);
    const wrong = await t.http.fetch('/admin/vat/journal.csv?from=2030-02-30&to=2030-03-31', { cookie: t.admin, redirect: 'manual' });
    expect(wrong.status).toBe(302);
    expect(wrong.headers.get('location')).toBe('/admin/vat?error=range');
    expect((await t.http.fetch('/admin/vat/journal.csv?year=2030&period=Q1', { cookie: t.customer })).status).toBe(403);
    expect((await t.http.fetch('/admin/vat/journal.csv?year=2030&period=Q1', { redirect: 'manual' })).status).toBe(302);
  });
});
