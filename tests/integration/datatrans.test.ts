/** Datatrans against a local fake server that follows the documented protocol. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../core/db/schema/orders.ts';
import { availablePaymentMethods } from '../../core/orders/index.ts';
import { payments } from '../../core/db/schema/payments.ts';
import type { Shop } from '../../core/shop.ts';
import { loadEnv } from '../../core/config/env.ts';
import type { ApiClient } from '../helpers/api.ts';
import { customerWithCart, datatransOrderStarted } from '../helpers/customers.ts';
import type { FakeDatatrans } from '../helpers/fake-datatrans.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;
let fake: FakeDatatrans;

beforeAll(async () => ({ shop, api, datatrans: fake } = await openTestSuite({ datatrans: true })));
afterAll(() => shop?.close());

const webhook = (raw: string, signature: string | null) =>
  api.raw('/payment/webhook/datatrans', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'Datatrans-Signature': signature } : {}) },
    body: raw,
  });

const startedOrder = (index: number) => datatransOrderStarted(shop, api, index);

describe('datatrans', () => {
  it('is offered only with credentials', () => {
    expect(availablePaymentMethods(shop.env)).toEqual(['datatrans', 'qr-bill']);
    expect(availablePaymentMethods(loadEnv({ NODE_ENV: 'test' }))).toEqual(['sandbox', 'qr-bill']);
  });

  it('initialises the transaction (amount in Rappen, refno = order code, redirect URLs) and redirects to the payment page', async () => {
    const { order, redirectUrl, transactionId } = await startedOrder(20);
    expect(redirectUrl).toBe(`https://pay.sandbox.datatrans.com/v1/start/${transactionId}`);
    const init = fake.transactions.get(transactionId)!;
    expect(init).toMatchObject({ currency: 'CHF', refno: order.code, amount: 9800, autoSettle: true });
    expect(init.redirect.successUrl).toBe(`http://shop.test/paymentsuccess?order=${order.code}`);
    expect(init.redirect.cancelUrl).toContain('/paymenterror?');
    expect(init.webhook?.url).toBe('http://shop.test/api/payment/webhook/datatrans');
  });

  it('records a settled payment once (replayed 5 times) and marks the order paid', async () => {
    const { order, transactionId } = await startedOrder(21);
    const { raw, signature } = fake.webhookFor(transactionId, 'settled');
    for (let i = 0; i < 5; i++) expect((await webhook(raw, signature)).status).toBe(200);
    const rows = await shop.db.select().from(payments).where(eq(payments.providerRef, transactionId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'datatrans', amount: 9800, currency: 'CHF', orderId: order._id });
    const [o] = await shop.db.select().from(orders).where(eq(orders.id, order._id));
    expect(o).toMatchObject({ status: 'paid', paidAmount: 9800 });
  });

  it('refuses a bad signature and a wrong amount, changing nothing', async () => {
    const { order, transactionId } = await startedOrder(22);
    const good = fake.webhookFor(transactionId, 'settled');
    const forged = good.signature.replace(/s0=([0-9a-f])/, (_, ch: string) => `s0=${ch === '0' ? '1' : '0'}`);
    expect((await webhook(good.raw, forged)).status).toBe(401);
    expect((await webhook(good.raw, null)).status).toBe(401);
    const wrong = fake.webhookFor(transactionId, 'settled', 100);
    expect((await webhook(wrong.raw, wrong.signature)).status).toBe(400);
    expect(await shop.db.select().from(payments).where(eq(payments.providerRef, transactionId))).toHaveLength(0);
    const [o] = await shop.db.select().from(orders).where(eq(orders.id, order._id));
    expect(o).toMatchObject({ status: 'pending_payment', paidAmount: 0 });
  });

  it('a failed transaction cancels the unpaid order', async () => {
    const { order, transactionId } = await startedOrder(23);
    const { raw, signature } = fake.webhookFor(transactionId, 'failed');
    expect((await webhook(raw, signature)).status).toBe(200);
    const [o] = await shop.db.select().from(orders).where(eq(orders.id, order._id));
    expect(o.status).toBe('cancelled');
  });

  it('sandbox is not offered while Datatrans is configured', async () => {
    const { c } = await customerWithCart(shop, { stock: 10, basePrice: 1000, index: 24 });
    const res = await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers);
    expect(res.status).toBe(400);
  });
});
