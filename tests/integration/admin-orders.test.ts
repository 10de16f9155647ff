/**
 * Admin orders: search, filters, paging and CSV export; shipping with a tracking number
 * and the customer's e-mail (in-process SMTP); refunds, full and partial, through the Datatrans
 * fake's credit call, with stock back, payment movements, audit entries and the credit note PDF.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../core/db/schema/accounts.ts';
import { auditLog } from '../../core/db/schema/audit.ts';
import { stockMovements } from '../../core/db/schema/stock.ts';
import { addToCart } from '../../core/cart/service.ts';
import { ordersCsv, packingList, searchOrders, shipOrder } from '../../core/orders/admin.ts';
import { creditNoteFor } from '../../core/orders/refunds.ts';
import { refundOrder } from '../../core/payments/refunds.ts';
import { orders } from '../../core/db/schema/orders.ts';
import { createOrder, findOrder, type OrderWithLines } from '../../core/orders/index.ts';
import { payments } from '../../core/db/schema/payments.ts';
import type { Shop } from '../../core/shop.ts';
import { createCustomer, productWith, stockOf, type TestCustomer } from '../helpers/customers.ts';
import { paidDatatransOrder, payByQrReference } from '../helpers/payments.ts';
import type { FakeDatatrans } from '../helpers/fake-datatrans.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { decodeQp, type TestSmtp } from '../helpers/smtp.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let smtp: TestSmtp;
let fake: FakeDatatrans;
const ADMIN = randomUUID();

beforeAll(async () => ({ shop, smtp, datatrans: fake } = await openTestSuite({ smtp: true, datatrans: true })));
afterAll(() => shop?.close());

/** A bank-transfer order of `count` units of product `index`, paid in full when `pay`. */
async function bankOrder(c: TestCustomer, index: number, count = 1, pay = true): Promise<OrderWithLines> {
  const p = await productWith(shop, 20, 5000, index);
  await addToCart(shop.db, c.id, p.id, count, c.id);
  const o = await createOrder(shop, { userId: c.id, paymentMethod: 'qr-bill' });
  if (pay) await payByQrReference(shop, o);
  return (await findOrder(shop.db, o.id))!;
}

/** A Datatrans order, initialised at the fake, settled, and recorded as paid. */
const datatransOrder = (c: TestCustomer, index: number, count: number) => paidDatatransOrder(shop, fake, c, index, count);

describe('admin order search, filters, paging, CSV', () => {
  let a: TestCustomer;
  let b: TestCustomer;
  const codes: string[] = [];
  beforeAll(async () => {
    a = await createCustomer(shop);
    b = await createCustomer(shop);
    await shop.db.update(users).set({ firstName: 'Giulia', lastName: 'Bernasconi' }).where(eq(users.id, b.id));
    for (let i = 0; i < 4; i++) codes.push((await bankOrder(a, i, 1, i % 2 === 0)).code);
    codes.push((await bankOrder(b, 5, 1, true)).code);
  });

  it('finds an order by its code, by e-mail and by customer name', async () => {
    const byCode = await searchOrders(shop, { q: codes[2] });
    expect(byCode.rows.map((r) => r.code)).toEqual([codes[2]]);
    const byEmail = await searchOrders(shop, { q: a.email.toUpperCase() });
    expect(byEmail.total).toBe(4);
    const byName = await searchOrders(shop, { q: 'bernasc' });
    expect(byName.rows.map((r) => r.code)).toEqual([codes[4]]);
    expect(byName.rows[0]).toMatchObject({ customerName: 'Giulia Bernasconi', email: b.email });
    expect((await searchOrders(shop, { q: '100%_' })).total).toBe(0);
  });

  it('filters by status, payment method and date range', async () => {
    const pending = await searchOrders(shop, { q: a.email, status: 'pending_payment' });
    expect(pending.rows.map((r) => r.code).sort()).toEqual([codes[1], codes[3]].sort());
    expect((await searchOrders(shop, { q: a.email, paymentMethod: 'datatrans' })).total).toBe(0);
    expect((await searchOrders(shop, { q: a.email, paymentMethod: 'qr-bill' })).total).toBe(4);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
    expect((await searchOrders(shop, { q: a.email, from: today, to: today })).total).toBe(4);
    expect((await searchOrders(shop, { q: a.email, from: '2099-01-01' })).total).toBe(0);
    expect((await searchOrders(shop, { q: a.email, to: '2000-01-01' })).total).toBe(0);
  });

  it('pages newest first, clamping a page beyond the last', async () => {
    const p1 = await searchOrders(shop, { q: a.email }, 1, 3);
    const p2 = await searchOrders(shop, { q: a.email }, 2, 3);
    expect(p1).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(p1.rows).toHaveLength(3);
    expect(p2.rows).toHaveLength(1);
    expect([...p1.rows, ...p2.rows].map((r) => r.code)).toEqual([...codes.slice(0, 4)].reverse());
    expect((await searchOrders(shop, { q: a.email }, 99, 3)).page).toBe(2);
  });

  it('exports the filtered list as CSV with a header and amounts in CHF', async () => {
    const csv = await ordersCsv(shop, { q: a.email, status: 'paid' });
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.order_code).sort()).toEqual([codes[0], codes[2]].sort());
    expect(rows[0]).toMatchObject({
      status: 'paid',
      payment_method: 'qr-bill',
      email: a.email,
      total_chf: expect.stringMatching(/^\d+\.\d{2}$/),
      refunded_chf: '0.00',
    });
  });
});

describe('shipping', () => {
  it('refuses an unpaid order, ships a paid one with tracking number and mails the Swiss Post link in Italian', async () => {
    const c = await createCustomer(shop, { locale: 'it' });
    const unpaid = await bankOrder(c, 10, 1, false);
    await expect(shipOrder(shop, unpaid.id, { carrier: 'swiss-post', trackingNumber: '99.60.123456.12345678' }, ADMIN)).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(shipOrder(shop, unpaid.id, { carrier: 'pigeon', trackingNumber: '123456' }, ADMIN)).rejects.toMatchObject({ code: 'invalid' });
    await expect(shipOrder(shop, unpaid.id, { carrier: 'swiss-post', trackingNumber: 'x' }, ADMIN)).rejects.toMatchObject({ code: 'invalid' });

    const paid = await bankOrder(c, 11, 2, true);
    const before = smtp.mails.length;
    const shipped = await shipOrder(shop, paid.id, { carrier: 'swiss-post', trackingNumber: '99.60.123456.12345678' }, ADMIN);
    expect(shipped).toMatchObject({ status: 'shipped', carrier: 'swiss-post', trackingNumber: '99.60.123456.12345678' });
    await smtp.waitFor(before + 1);
    const mail = smtp.mails.slice(before).find((m) => m.to.includes(c.email))!;
    const raw = decodeQp(mail.raw);
    expect(raw).toContain('https://service.post.ch/ekp-web/ui/entry/search/99.60.123456.12345678');
    expect(raw).toContain('in viaggio');
    const audit = await shop.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, paid.id), eq(auditLog.action, 'order.ship')));
    expect(audit).toHaveLength(1);
    expect(audit[0].actor).toBe(`admin:${ADMIN}`);
    // shipping twice is refused
    await expect(shipOrder(shop, paid.id, { carrier: 'dhl', trackingNumber: '1234567890' }, ADMIN)).rejects.toMatchObject({ code: 'conflict' });
  });

  it('lists what to pack', async () => {
    const c = await createCustomer(shop);
    const o = await bankOrder(c, 12, 3, true);
    const { lines } = await packingList(shop.db, o.code);
    expect(lines).toEqual([expect.objectContaining({ sku: o.lines[0].sku, count: 3, contents: [] })]);
    await expect(packingList(shop.db, 'ZZZZZZZZ')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('refunds', () => {
  it('refunds part of a Datatrans order through its credit call, restocks returned units, then the rest', async () => {
    const c = await createCustomer(shop, { locale: 'de' });
    const { order, transactionId, productId } = await datatransOrder(c, 20, 3);
    const stock0 = await stockOf(shop, productId);
    const mails0 = smtp.mails.length;
    const first = await refundOrder(
      shop,
      order.id,
      { amount: 5000, lines: [{ lineId: order.lines[0].id, count: 1 }], restock: true, reason: 'Box damaged' },
      ADMIN,
    );
    // the refund's idempotency key is the credit's refno
    expect(fake.credits).toContainEqual(expect.objectContaining({ transactionId, amount: 5000, refno: `${order.code}-R1` }));
    expect(first).toMatchObject({ provider: 'datatrans', amount: 5000, creditNoteNumber: `${order.invoiceNumber}-C1` });
    expect(await stockOf(shop, productId)).toBe(stock0 + 1);
    const [moved] = await shop.db.select().from(stockMovements).where(eq(stockMovements.orderId, order.id));
    expect(moved).toMatchObject({ delta: 1, reason: 'refund', stockAfter: stock0 + 1 });
    let [o] = await shop.db.select().from(orders).where(eq(orders.id, order.id));
    expect(o).toMatchObject({ status: 'paid', paymentStatus: 'paid', refundedAmount: 5000 });
    const movement = await shop.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'refund')));
    expect(movement).toEqual([expect.objectContaining({ amount: -5000, provider: 'datatrans' })]);

    // the customer's mail with the credit note, in German
    await smtp.waitFor(mails0 + 1);
    const mail = smtp.mails.slice(mails0).find((m) => m.to.includes(c.email))!;
    expect(mail.raw).toContain(`filename=credit-note-${first.creditNoteNumber}.pdf`);
    expect(decodeQp(mail.raw)).toMatch(/Gutschrift|R=C3=BCckerstattung|Rückerstattung/);
    const { pdf } = await creditNoteFor(shop.db, first.creditNoteNumber!);
    const text = (await pdfText(pdf)).join(' ');
    expect(text).toContain('Gutschrift');
    expect(text).toContain(first.creditNoteNumber);
    expect(text).toContain('-50.00');

    // more than what is left, or more units than ordered, is refused and changes nothing
    await expect(refundOrder(shop, order.id, { amount: order.total, restock: false }, ADMIN)).rejects.toMatchObject({ code: 'invalid' });
    await expect(refundOrder(shop, order.id, { amount: 100, lines: [{ lineId: order.lines[0].id, count: 3 }], restock: true }, ADMIN)).rejects.toMatchObject({
      code: 'invalid',
    });
    // Datatrans refusing: the refund is recorded as failed, nothing else is written
    fake.refuseCredits = true;
    await expect(refundOrder(shop, order.id, { amount: 100, restock: false }, ADMIN)).rejects.toMatchObject({ code: 'conflict' });
    fake.refuseCredits = false;
    [o] = await shop.db.select().from(orders).where(eq(orders.id, order.id));
    expect(o.refundedAmount).toBe(5000);

    // the rest: the order becomes refunded
    const rest = order.total - 5000;
    const second = await refundOrder(shop, order.id, { amount: rest, lines: [{ lineId: order.lines[0].id, count: 2 }], restock: false }, ADMIN);
    expect(second.creditNoteNumber).toBe(`${order.invoiceNumber}-C2`);
    expect(await stockOf(shop, productId)).toBe(stock0 + 1);
    [o] = await shop.db.select().from(orders).where(eq(orders.id, order.id));
    expect(o).toMatchObject({ status: 'refunded', paymentStatus: 'refunded', refundedAmount: order.total });
    expect(fake.credits.filter((x) => x.transactionId === transactionId).reduce((s, x) => s + x.amount, 0)).toBe(order.total);
    const audits = await shop.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.refund')));
    expect(audits).toHaveLength(2);
    await expect(refundOrder(shop, order.id, { amount: 1, restock: false }, ADMIN)).rejects.toMatchObject({ code: 'invalid' });
  });

  it('refunds a bank-transfer order in full without Datatrans and refuses an unpaid one', async () => {
    const c = await createCustomer(shop);
    const paid = await bankOrder(c, 21, 2, true);
    const credits = fake.credits.length;
    const r = await refundOrder(shop, paid.id, { amount: paid.total, lines: [{ lineId: paid.lines[0].id, count: 2 }], restock: true }, ADMIN);
    expect(r.provider).toBe('bank');
    expect(fake.credits.length).toBe(credits);
    const [o] = await shop.db.select().from(orders).where(eq(orders.id, paid.id));
    expect(o).toMatchObject({ status: 'refunded', paymentStatus: 'refunded' });
    const unpaid = await bankOrder(c, 22, 1, false);
    await expect(refundOrder(shop, unpaid.id, { amount: 100, restock: false }, ADMIN)).rejects.toMatchObject({ code: 'conflict' });
  });
});
