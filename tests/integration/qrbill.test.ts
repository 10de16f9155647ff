/**
 * Bank transfer: the QR-bill invoice PDF, and matching a camt.054 file (partial, full, unknown,
 * duplicate), the invoice PDF's VAT lines; on PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isQRReferenceValid } from 'swissqrbill/utils';
import { getSettings } from '../../core/config/service.ts';
import { invoicePdf } from '../../core/invoices/pdf.ts';
import { outbox } from '../../core/db/schema/mail.ts';
import { orders } from '../../core/db/schema/orders.ts';
import { findOrder } from '../../core/orders/index.ts';
import { importCamt054, parseCamt054, Camt054Error } from '../../core/payments/camt054.ts';
import { payments } from '../../core/db/schema/payments.ts';
import { paymentsNeedingAttention } from '../../core/payments/service.ts';
import type { Shop } from '../../core/shop.ts';
import { rappenToDecimalString } from '../../core/pricing/money.ts';
import type { ApiClient } from '../helpers/api.ts';
import { camt054 } from '../helpers/camt054.ts';
import { customerWithCart } from '../helpers/customers.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;

beforeAll(async () => {
  ({ shop, api } = await openTestSuite());
});
afterAll(() => shop?.close());

async function bankOrder(index: number, price: number, count = 1) {
  const { c } = await customerWithCart(shop, { stock: 10, basePrice: price, index, count }, { locale: 'de' });
  const res = await api.post('/order/create', { userID: c.id, paymentMethod: 'qr-bill' }, { ...c.headers, 'accept-language': 'de-CH' });
  expect(res.status).toBe(201);
  const [row] = await shop.db.select().from(orders).where(eq(orders.id, res.body.order._id));
  return { c, row };
}

describe('QR-bill orders', () => {
  it("carry a valid QR reference and are mailed with the QR-bill PDF in the customer's language", async () => {
    const { c, row } = await bankOrder(30, 12000);
    expect(row.paymentReference && isQRReferenceValid(row.paymentReference)).toBe(true);
    const [mail] = await shop.db.select().from(outbox).where(eq(outbox.to, c.email));
    expect(mail.subject).toBe(`Ihre Bestellung ${row.code} ist eingegangen`);
    expect(mail.text).toContain('QR-Rechnung');
    expect(mail.attachments[0].filename).toBe(`qr-bill-${row.code}.pdf`);
    const text = (await pdfText(Buffer.from(mail.attachments[0].contentBase64, 'base64'))).join('\n');
    expect(text).toContain('Zahlteil');
    expect(text).toContain('Empfangsschein');
    expect(text).toContain('CH44 3199 9123 0008 8901 2');
    expect(text.replace(/\s+/g, '')).toContain(row.paymentReference);
  });
});

describe('invoice PDF', () => {
  it('parses and shows seller, VAT number, invoice number and date, buyer, items, VAT rate and amount', async () => {
    const { row } = await bankOrder(31, 10810, 2); // 2 x 108.10 = 216.20, free shipping
    const order = (await findOrder(shop.db, row.id))!;
    const settings = await getSettings(shop.db);
    const pdf = await invoicePdf({ ...order, locale: 'en', invoiceNumber: `2026-${order.code}`, paidAt: new Date('2026-11-20T10:00:00Z') }, settings, {
      withQrBill: false,
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(pdf)).join('\n');
    expect(text).toContain(settings.companyName);
    expect(text).toContain('Bahnhofstrasse 21');
    expect(text).toContain('8001 Zürich');
    expect(text).toContain(`VAT no. ${settings.vatNumber}`);
    expect(text).toContain(`Invoice no.: 2026-${order.code}`);
    expect(text).toContain('Invoice date: 20.11.2026');
    expect(text).toContain('Anna Muster');
    expect(text).toContain('Seestrasse 5');
    expect(text).toContain(order.lines[0].sku);
    expect(text).toContain('216.20');
    expect(order.vat).toBe(1620); // 21620 x 8.1 / 108.1
    expect(text).toMatch(/VAT 8\.1 % included\s+16\.20/);
    expect(text).toMatch(/Amount excluding VAT\s+200\.00/);
  });
});

describe('camt.054 import', () => {
  it('matches a partial, a full, an unknown and a duplicate credit; re-importing records nothing', async () => {
    const a = await bankOrder(32, 10000); // 100.00 + 9.00 shipping
    const b = await bankOrder(33, 20000); // 200.00, free shipping
    const half = Math.floor(a.row.total / 2);
    const file = camt054([
      { acctSvcrRef: 'BANK-0001', amount: rappenToDecimalString(half), reference: a.row.paymentReference! },
      { acctSvcrRef: 'BANK-0002', amount: rappenToDecimalString(b.row.total), reference: b.row.paymentReference! },
      { acctSvcrRef: 'BANK-0003', amount: '55.00', reference: '210000000003139471430009017' },
      { acctSvcrRef: 'BANK-0002', amount: rappenToDecimalString(b.row.total), reference: b.row.paymentReference! },
      { acctSvcrRef: 'BANK-0004', amount: '10.00', reference: b.row.paymentReference!, indicator: 'DBIT' },
    ]);
    expect(parseCamt054(file)).toHaveLength(4);
    const s = await importCamt054(shop, file);
    expect(s).toMatchObject({ credits: 4, recorded: 3, duplicates: 1, partial: 1, unmatched: 1, overpaid: 0, paidOrders: [b.row.code] });

    const [oa] = await shop.db.select().from(orders).where(eq(orders.id, a.row.id));
    expect(oa).toMatchObject({ status: 'pending_payment', paymentStatus: 'partial', paidAmount: half });
    const [ob] = await shop.db.select().from(orders).where(eq(orders.id, b.row.id));
    expect(ob).toMatchObject({ status: 'paid', paymentStatus: 'paid', paidAmount: b.row.total });
    const unmatched = await paymentsNeedingAttention(shop.db);
    expect(unmatched).toEqual([expect.objectContaining({ providerRef: 'BANK-0003', status: 'unmatched', orderId: null, amount: 5500 })]);

    // the same file again: nothing new
    const again = await importCamt054(shop, file);
    expect(again).toMatchObject({ recorded: 0, duplicates: 4 });
    expect(await shop.db.select().from(payments).where(eq(payments.provider, 'bank'))).toHaveLength(3);

    // the rest of A arrives, plus 5.00 too much: paid, and the over-payment is listed
    const rest = a.row.total - half;
    const s2 = await importCamt054(
      shop,
      camt054([{ acctSvcrRef: 'BANK-0005', amount: rappenToDecimalString(rest + 500), reference: a.row.paymentReference! }]),
    );
    expect(s2).toMatchObject({ recorded: 1, overpaid: 1, paidOrders: [a.row.code] });
    const [oa2] = await shop.db.select().from(orders).where(eq(orders.id, a.row.id));
    expect(oa2).toMatchObject({ status: 'paid', paidAmount: a.row.total + 500 });
    expect((await paymentsNeedingAttention(shop.db)).map((p) => p.providerRef).sort()).toEqual(['BANK-0003', 'BANK-0005']);
  });

  it('refuses a file that is not camt.054', () => {
    expect(() => parseCamt054('<Document><Other/></Document>')).toThrow(Camt054Error);
    expect(() => parseCamt054('not xml <')).toThrow(Camt054Error);
  });
});
