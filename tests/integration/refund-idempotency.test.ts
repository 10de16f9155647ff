/**
 * Datatrans refunds outside the database transaction: the refund is written `pending` with its
 * idempotency key before the credit call, completed in a second transaction, and a retry never
 * pays out twice. Failures are real: a trigger created here makes the completing transaction fail
 * like a credit-note number clash; the fake Datatrans counts credits per refno.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockMovements } from '../../core/db/schema/stock.ts';
import { refundsOfOrder } from '../../core/orders/refunds.ts';
import { orders, refunds } from '../../core/db/schema/orders.ts';
import { refundOrder, resolvePendingRefund, retryRefund } from '../../core/payments/refunds.ts';
import { payments } from '../../core/db/schema/payments.ts';
import { orderReturns } from '../../core/db/schema/returns.ts';
import { acceptReturn } from '../../core/returns/service.ts';
import type { Shop } from '../../core/shop.ts';
import { createCustomer, stockOf } from '../helpers/customers.ts';
import { paidDatatransOrder } from '../helpers/payments.ts';
import type { FakeDatatrans } from '../helpers/fake-datatrans.ts';
import { createTestHttp, userWithCookie } from '../helpers/http.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let fake: FakeDatatrans;
const ADMIN = randomUUID();
/** Short enough that a hanging fake is given up quickly; the assertions do not depend on it. */
const FAST = { creditTimeoutMs: 500 };

beforeAll(async () => {
  ({ shop, datatrans: fake } = await openTestSuite({ smtp: true, datatrans: true }));
  // a credit-note number clash on demand: giving a refund of a listed order its number fails
  // with a unique violation, as a concurrent writer of the same number would
  await shop.db.execute(sql`CREATE TABLE test_refund_failures (order_id text PRIMARY KEY)`);
  await shop.db.execute(
    sql.raw(`CREATE FUNCTION test_refund_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.credit_note_number IS NOT NULL AND EXISTS (SELECT 1 FROM test_refund_failures WHERE order_id = NEW.order_id) THEN
          RAISE EXCEPTION 'duplicate key value violates unique constraint "refunds_credit_note_number_unique"' USING ERRCODE = '23505';
        END IF;
        RETURN NEW;
      END $$`),
  );
  await shop.db.execute(sql`CREATE TRIGGER test_refund_fail BEFORE UPDATE ON refunds FOR EACH ROW EXECUTE FUNCTION test_refund_fail()`);
});
afterAll(() => shop?.close());

let index = 60;
/** A Datatrans order of 3 units, settled at the fake and recorded as paid. */
async function paidOrder() {
  return paidDatatransOrder(shop, fake, await createCustomer(shop, { locale: 'fr' }), index++, 3);
}

const creditsFor = (refno: string) => fake.credits.filter((c) => c.refno === refno);
const refundMovements = (orderId: string) =>
  shop.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'refund')));
const stockMovesOf = (orderId: string) => shop.db.select().from(stockMovements).where(eq(stockMovements.orderId, orderId));
const orderRow = async (id: string) => (await shop.db.select().from(orders).where(eq(orders.id, id)))[0];

describe('Datatrans refund with an idempotency record', () => {
  it('Datatrans pays out but the completing transaction fails: the refund stays pending and visible, counts against the refundable amount, and the retry pays nothing twice', async () => {
    const { order, productId } = await paidOrder();
    const stock0 = await stockOf(shop, productId);
    await shop.db.execute(sql`INSERT INTO test_refund_failures VALUES (${order.id})`);
    const line = order.lines[0];
    await expect(
      refundOrder(
        shop,
        order.id,
        { amount: 5000, lines: [{ lineId: line.id, count: 1 }], restock: true, reason: "Boîte abîmée d'origine" },
        ADMIN,
        new Date(),
        FAST,
      ),
    ).rejects.toMatchObject({ code: 'conflict', opts: { key: 'refundPending' } });

    const [pending] = await refundsOfOrder(shop.db, order.id, { all: true });
    const key = `${order.code}-R1`;
    expect(pending).toMatchObject({ status: 'pending', idempotencyKey: key, amount: 5000, creditNoteNumber: null, restock: true });
    // the money left: its credit id is on record, with why it is still pending
    expect(creditsFor(key)).toHaveLength(1);
    expect(pending.providerRef).toBe(creditsFor(key)[0].creditId);
    expect(pending.providerMessage).toMatch(/credited at Datatrans .*recording failed/);
    // nothing of the completion was kept
    expect(await orderRow(order.id)).toMatchObject({ refundedAmount: 0, paymentStatus: 'paid' });
    expect(await refundMovements(order.id)).toHaveLength(0);
    expect(await stockMovesOf(order.id)).toHaveLength(0);
    expect(await stockOf(shop, productId)).toBe(stock0);
    expect(await refundsOfOrder(shop.db, order.id)).toHaveLength(0);
    // the pending amount and its unit count as refunded: the whole amount again is refused
    await expect(refundOrder(shop, order.id, { amount: order.total, restock: false }, ADMIN, new Date(), FAST)).rejects.toMatchObject({
      code: 'invalid',
      opts: { key: 'refundAmountInvalid' },
    });
    await expect(
      refundOrder(shop, order.id, { amount: 100, lines: [{ lineId: line.id, count: 3 }], restock: false }, ADMIN, new Date(), FAST),
    ).rejects.toMatchObject({ code: 'invalid', opts: { key: 'refundTooManyUnits' } });

    // the clash is gone: the retry completes without asking Datatrans again
    await shop.db.execute(sql`DELETE FROM test_refund_failures WHERE order_id = ${order.id}`);
    const calls = fake.creditCalls.get(key);
    const done = await retryRefund(shop, pending.id, ADMIN, FAST);
    expect(done).toMatchObject({ status: 'succeeded', creditNoteNumber: `${order.invoiceNumber}-C1`, providerRef: creditsFor(key)[0].creditId });
    expect(fake.creditCalls.get(key)).toBe(calls);
    expect(creditsFor(key)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ refundedAmount: 5000 });
    expect(await refundMovements(order.id)).toEqual([expect.objectContaining({ amount: -5000, reference: `${order.invoiceNumber}-C1` })]);
    expect(await stockOf(shop, productId)).toBe(stock0 + 1);
    // a second retry finds nothing to do
    await expect(retryRefund(shop, pending.id, ADMIN, FAST)).rejects.toMatchObject({ opts: { key: 'refundNotPending' } });
    expect(creditsFor(key)).toHaveLength(1);
  });

  it('a credit call without an answer leaves the refund pending; the retry reuses the key and Datatrans pays once', async () => {
    const { order, transactionId, productId } = await paidOrder();
    const stock0 = await stockOf(shop, productId);
    fake.creditMode = 'hang'; // Datatrans credits, the answer never arrives
    try {
      await expect(
        refundOrder(shop, order.id, { amount: 2500, lines: [{ lineId: order.lines[0].id, count: 1 }], restock: true }, ADMIN, new Date(), FAST),
      ).rejects.toMatchObject({ code: 'conflict', opts: { key: 'refundPending' } });
    } finally {
      fake.creditMode = 'normal';
    }
    const key = `${order.code}-R1`;
    const [pending] = await refundsOfOrder(shop.db, order.id, { all: true });
    expect(pending).toMatchObject({ status: 'pending', idempotencyKey: key, providerRef: null, creditNoteNumber: null });
    expect(pending.providerMessage).toMatch(/no answer/);
    expect(creditsFor(key)).toEqual([expect.objectContaining({ transactionId, amount: 2500 })]);
    expect(await orderRow(order.id)).toMatchObject({ refundedAmount: 0 });
    expect(await refundMovements(order.id)).toHaveLength(0);
    expect(await stockOf(shop, productId)).toBe(stock0);

    const done = await retryRefund(shop, pending.id, ADMIN, FAST);
    expect(fake.creditCalls.get(key)).toBe(2);
    expect(creditsFor(key)).toHaveLength(1);
    expect(done).toMatchObject({ status: 'succeeded', providerRef: creditsFor(key)[0].creditId, creditNoteNumber: `${order.invoiceNumber}-C1` });
    expect(await orderRow(order.id)).toMatchObject({ refundedAmount: 2500 });
    expect(await stockOf(shop, productId)).toBe(stock0 + 1);
  });

  it('a dropped connection leaves the refund pending; resolved as "not refunded" it frees its amount', async () => {
    const { order } = await paidOrder();
    fake.creditMode = 'drop';
    try {
      await expect(refundOrder(shop, order.id, { amount: order.total, restock: false }, ADMIN, new Date(), FAST)).rejects.toMatchObject({
        opts: { key: 'refundPending' },
      });
    } finally {
      fake.creditMode = 'normal';
    }
    const [pending] = await refundsOfOrder(shop.db, order.id, { all: true });
    expect(pending).toMatchObject({ status: 'pending', amount: order.total });
    expect(creditsFor(pending.idempotencyKey!)).toHaveLength(0);
    const failed = await resolvePendingRefund(shop, pending.id, 'not_refunded', ADMIN);
    expect(failed).toMatchObject({ status: 'failed', creditNoteNumber: null });
    const again = await refundOrder(shop, order.id, { amount: order.total, restock: false }, ADMIN, new Date(), FAST);
    expect(again).toMatchObject({ status: 'succeeded', idempotencyKey: `${order.code}-R2`, creditNoteNumber: `${order.invoiceNumber}-C1` });
    expect(await orderRow(order.id)).toMatchObject({ refundedAmount: order.total, paymentStatus: 'refunded' });
  });

  it('Datatrans refuses: the refund is failed with its message; stock, credit notes and payments are unchanged', async () => {
    const { order, productId } = await paidOrder();
    const stock0 = await stockOf(shop, productId);
    fake.refuseCredits = true;
    try {
      await expect(
        refundOrder(shop, order.id, { amount: 5000, lines: [{ lineId: order.lines[0].id, count: 2 }], restock: true }, ADMIN, new Date(), FAST),
      ).rejects.toMatchObject({ code: 'conflict', opts: { key: 'refundProviderRefused' } });
    } finally {
      fake.refuseCredits = false;
    }
    const [failed] = await refundsOfOrder(shop.db, order.id, { all: true });
    expect(failed).toMatchObject({ status: 'failed', providerMessage: 'credit refused by the acquirer', creditNoteNumber: null, providerRef: null });
    expect(await stockOf(shop, productId)).toBe(stock0);
    expect(await stockMovesOf(order.id)).toHaveLength(0);
    expect(await refundMovements(order.id)).toHaveLength(0);
    expect(await refundsOfOrder(shop.db, order.id)).toHaveLength(0);
    expect(await orderRow(order.id)).toMatchObject({ refundedAmount: 0, paymentStatus: 'paid' });
    // a failed refund holds back neither money nor units
    const ok = await refundOrder(shop, order.id, { amount: order.total, lines: [{ lineId: order.lines[0].id, count: 3 }], restock: false }, ADMIN);
    expect(ok).toMatchObject({ status: 'succeeded', creditNoteNumber: `${order.invoiceNumber}-C1` });
  });

  it('accepting a return whose credit gets no answer keeps the return open; accepting again reuses the same refund', async () => {
    const { order, productId } = await paidOrder();
    const stock0 = await stockOf(shop, productId);
    const line = order.lines[0];
    const returnId = randomUUID();
    await shop.db.insert(orderReturns).values({
      id: returnId,
      orderId: order.id,
      userId: order.userId,
      reason: 'damaged',
      message: 'Écrasée',
      lines: [{ lineId: line.id, sku: line.sku, name: line.name, count: 1 }],
    });
    fake.creditMode = 'hang';
    try {
      await expect(acceptReturn(shop, returnId, { restock: true }, ADMIN, new Date(), FAST)).rejects.toMatchObject({ opts: { key: 'refundPending' } });
    } finally {
      fake.creditMode = 'normal';
    }
    const [r0] = await shop.db.select().from(orderReturns).where(eq(orderReturns.id, returnId));
    expect(r0).toMatchObject({ status: 'requested', refundId: null });
    const [pending] = await shop.db.select().from(refunds).where(eq(refunds.returnId, returnId));
    expect(pending).toMatchObject({ status: 'pending', lines: [expect.objectContaining({ lineId: line.id, count: 1 })] });

    const { ret, refund } = await acceptReturn(shop, returnId, { restock: true }, ADMIN, new Date(), FAST);
    expect(refund).toMatchObject({ id: pending.id, status: 'succeeded', idempotencyKey: pending.idempotencyKey });
    expect(ret).toMatchObject({ status: 'accepted', refundId: pending.id });
    expect(creditsFor(pending.idempotencyKey!)).toHaveLength(1);
    expect(fake.creditCalls.get(pending.idempotencyKey!)).toBe(2);
    expect(await shop.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
    expect(await stockOf(shop, productId)).toBe(stock0 + 1);
  });
});

describe('the admin order page', () => {
  it('shows a pending refund as "check with Datatrans" with its reference, offers only what is left, and retries it with the same key (German page too)', async () => {
    const http = await createTestHttp(shop);
    const admin = await userWithCookie(shop, 'Admin');
    const { order } = await paidOrder();
    fake.creditMode = 'hang';
    try {
      await expect(refundOrder(shop, order.id, { amount: 3000, restock: false }, ADMIN, new Date(), FAST)).rejects.toMatchObject({
        opts: { key: 'refundPending' },
      });
    } finally {
      fake.creditMode = 'normal';
    }
    const key = `${order.code}-R1`;
    const page = await http.fetch(`/admin/order/details?id=${order.id}`, { cookie: admin.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    // (the page also carries its translations for hydration: assert on rendered markup)
    expect(html).toContain('data-status="pending"');
    expect(html).toMatch(/<strong[^>]*>Refund pending — check with Datatrans</);
    expect(html).toContain(`Look up reference ${key} in the Datatrans back office`);
    expect(html).toContain('value="refund-retry"');
    expect(html).toContain('value="not_refunded"');
    // the refund form offers what is left after the pending refund
    expect(html).toMatch(new RegExp(`name="amount"[^>]*value="${((order.total - 3000) / 100).toFixed(2)}"`));
    const de = await (await http.fetch(`/admin/order/details?id=${order.id}`, { cookie: `${admin.cookie}; lang=de` })).text();
    expect(de).toMatch(/<strong[^>]*>Rückerstattung ausstehend – bei Datatrans prüfen/);
    expect(de).toContain(`Referenz ${key} im Datatrans-Backoffice`);

    const [pending] = await refundsOfOrder(shop.db, order.id, { all: true });
    const retried = await http.fetch(`/admin/order/details?id=${order.id}`, {
      method: 'POST',
      body: new URLSearchParams({ id: order.id, refundId: pending.id, intent: 'refund-retry' }),
      headers: { origin: 'http://shop.test', 'content-type': 'application/x-www-form-urlencoded' },
      cookie: admin.cookie,
    });
    expect(retried.status).toBe(302);
    expect(retried.headers.get('location')).toBe(`/admin/order/details?id=${order.id}&done=refunded#refund`);
    expect(creditsFor(key)).toHaveLength(1);
    expect(fake.creditCalls.get(key)).toBe(2);
    const after = await (await http.fetch(`/admin/order/details?id=${order.id}`, { cookie: admin.cookie })).text();
    expect(after).not.toContain('data-status="pending"');
    expect(after).toContain('data-status="succeeded"');
    expect(after).toContain(`${order.invoiceNumber}-C1`);
  });
});
