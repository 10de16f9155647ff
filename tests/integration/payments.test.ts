/**
 * Payments: sandbox webhooks (replay, bad signature, wrong amount, decline), payment/start, the
 * "payment received" mail with its invoice; on PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getCart } from '../../core/cart/service.ts';
import { outbox } from '../../core/db/schema/mail.ts';
import { orderEvents, orders } from '../../core/db/schema/orders.ts';
import { transitionOrder } from '../../core/orders/index.ts';
import { payments } from '../../core/db/schema/payments.ts';
import { SANDBOX_SIGNATURE_HEADER, sandboxWebhook } from '../../core/payments/sandbox.ts';
import { signPayload } from '../../core/payments/signature.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createCustomer, stockOf, type TestCustomer, customerWithCart } from '../helpers/customers.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;

beforeAll(async () => {
  ({ shop, api } = await openTestSuite());
});
afterAll(() => shop?.close());

async function placeOrder(
  productIndex: number,
  method = 'sandbox',
): Promise<{ c: TestCustomer; order: { _id: string; code: string; total: number }; productId: string }> {
  const { p, c } = await customerWithCart(shop, { stock: 10, basePrice: 4500, index: productIndex, count: 2 });
  const res = await api.post('/order/create', { userID: c.id, paymentMethod: method }, c.headers);
  expect(res.status).toBe(201);
  return { c, order: res.body.order, productId: p.id };
}

async function orderRow(id: string) {
  const [o] = await shop.db.select().from(orders).where(eq(orders.id, id));
  return o;
}

function postWebhook(raw: string, signature: string | null, provider = 'sandbox') {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature) headers[provider === 'sandbox' ? SANDBOX_SIGNATURE_HEADER : 'Datatrans-Signature'] = signature;
  return api.raw(`/payment/webhook/${provider}`, { method: 'POST', headers, body: raw });
}

describe('payment/start', () => {
  it('gives the hosted sandbox page for a card order, the invoice for a QR-bill order', async () => {
    const { c, order } = await placeOrder(10);
    const res = await api.post('/payment/start', { orderID: order._id }, c.headers);
    expect(res.status).toBe(200);
    expect(res.body.redirectUrl).toMatch(new RegExp(`^http://shop\\.test/sandbox-pay\\?order=${order._id}&token=`));
    const other = await createCustomer(shop);
    expect((await api.post('/payment/start', { orderID: order._id }, other.headers)).status).toBe(404);
    const q = await placeOrder(11, 'qr-bill');
    const r2 = await api.post('/payment/start', { orderID: q.order._id }, q.c.headers);
    expect(r2.body).toEqual({ invoiceUrl: `/client/invoice?id=${q.order.code}` });
  });
});

describe('sandbox webhook', () => {
  it('a webhook replayed 5 times records one payment; the order is paid once, mailed once, the cart cleared', async () => {
    const { c, order } = await placeOrder(12);
    expect((await getCart(shop.db, c.id)).lines).toHaveLength(1);
    const row = await orderRow(order._id);
    const { raw, signature } = sandboxWebhook(shop, row, 'approved', 'sbx_replay_1');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await postWebhook(raw, signature));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.body.duplicate)).toEqual([false, true, true, true, true]);
    const rows = await shop.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'sandbox', providerRef: 'sbx_replay_1', amount: row.total, currency: 'CHF', status: 'captured' });
    const paid = await orderRow(order._id);
    expect(paid).toMatchObject({ status: 'paid', paymentStatus: 'paid', paidAmount: row.total });
    expect(paid.invoiceNumber).toMatch(new RegExp(`^\\d{4}-${row.code}$`));
    const events = await shop.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id));
    expect(events.filter((e) => e.toStatus === 'paid')).toEqual([expect.objectContaining({ fromStatus: 'pending_payment', actor: 'provider:sandbox' })]);
    const mails = await shop.db.select().from(outbox).where(eq(outbox.to, c.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Payment received for order ${row.code}`);
    expect(mails[0].attachments[0]).toMatchObject({ filename: `invoice-${paid.invoiceNumber}.pdf`, contentType: 'application/pdf' });
    expect((await getCart(shop.db, c.id)).lines).toHaveLength(0);
    // now fully paid, it can move on; and the API shows it
    const got = await api.get(`/order/get?id=${order._id}`, c.headers);
    expect(got.body.order).toMatchObject({ status: 'paid', payment_status: 'paid' });
  });

  it('replays sent at the same time still record one payment', async () => {
    const { order } = await placeOrder(13);
    const row = await orderRow(order._id);
    const { raw, signature } = sandboxWebhook(shop, row, 'approved', 'sbx_parallel_1');
    const answers = await Promise.all(Array.from({ length: 5 }, () => postWebhook(raw, signature)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await shop.db.select().from(payments).where(eq(payments.providerRef, 'sbx_parallel_1'))).toHaveLength(1);
    expect((await orderRow(order._id)).paidAmount).toBe(row.total);
  });

  it('a bad or missing signature changes nothing (401)', async () => {
    const { order } = await placeOrder(14);
    const row = await orderRow(order._id);
    const { raw, signature } = sandboxWebhook(shop, row, 'approved', 'sbx_bad_sig');
    const tampered = raw.replace(`"amount":${row.total}`, `"amount":${row.total + 1}`);
    expect((await postWebhook(tampered, signature)).status).toBe(401);
    expect((await postWebhook(raw, null)).status).toBe(401);
    expect((await postWebhook(raw, signPayload('00'.repeat(32), raw))).status).toBe(401);
    expect((await postWebhook(raw, 't=1,s0=zz')).status).toBe(401);
    expect(await shop.db.select().from(payments).where(eq(payments.providerRef, 'sbx_bad_sig'))).toHaveLength(0);
    expect(await orderRow(order._id)).toMatchObject({ status: 'pending_payment', paidAmount: 0 });
  });

  it('a wrong amount or currency changes nothing (400)', async () => {
    const { order } = await placeOrder(15);
    const row = await orderRow(order._id);
    const short = sandboxWebhook(shop, { code: row.code, total: row.total - 100 }, 'approved', 'sbx_short');
    const r1 = await postWebhook(short.raw, short.signature);
    expect(r1.status).toBe(400);
    expect(r1.body.message).toMatch(/does not match/);
    const eurBody = JSON.stringify({ transactionId: 'sbx_eur', refno: row.code, status: 'approved', amount: row.total, currency: 'EUR' });
    const { sandboxSignKey } = await import('../../core/payments/sandbox.ts');
    expect((await postWebhook(eurBody, signPayload(sandboxSignKey(shop), eurBody))).status).toBe(400);
    expect(await shop.db.select().from(payments).where(eq(payments.orderId, row.id))).toHaveLength(0);
    expect(await orderRow(order._id)).toMatchObject({ status: 'pending_payment', paidAmount: 0, paymentStatus: 'unpaid' });
  });

  it('a declined payment cancels the order, gives the stock back and keeps the cart', async () => {
    const { c, order, productId } = await placeOrder(16);
    expect(await stockOf(shop, productId)).toBe(8);
    const row = await orderRow(order._id);
    const { raw, signature } = sandboxWebhook(shop, row, 'declined', 'sbx_declined');
    expect((await postWebhook(raw, signature)).status).toBe(200);
    expect((await orderRow(order._id)).status).toBe('cancelled');
    expect(await stockOf(shop, productId)).toBe(10);
    expect((await getCart(shop.db, c.id)).lines).toHaveLength(1);
    expect(await shop.db.select().from(payments).where(eq(payments.orderId, row.id))).toHaveLength(0);
  });

  it('an unpaid order cannot move past paid', async () => {
    const { order } = await placeOrder(17);
    await expect(shop.db.transaction((tx) => transitionOrder(tx, order._id, 'processing', 'admin:x'))).rejects.toThrow(/cannot go/);
    await expect(shop.db.transaction((tx) => transitionOrder(tx, order._id, 'paid', 'admin:x'))).rejects.toThrow(/not fully paid/);
    expect((await orderRow(order._id)).status).toBe('pending_payment');
  });

  it("a new checkout cancels the customer's previous unpaid card order (no double stock hold)", async () => {
    const { c, order, productId } = await placeOrder(18);
    expect(await stockOf(shop, productId)).toBe(8);
    const again = await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers);
    expect(again.status).toBe(201);
    expect((await orderRow(order._id)).status).toBe('cancelled');
    expect(await stockOf(shop, productId)).toBe(8);
  });
});

describe('OpenAPI document', () => {
  it('documents the checkout calls', async () => {
    const doc = await api.get('/openapi.json');
    const paths = Object.keys(doc.body.paths);
    for (const p of ['/cart/promo', '/order/create', '/order/list', '/order/get', '/payment/start', '/payment/webhook/{provider}']) expect(paths).toContain(p);
    expect(doc.body.paths['/order/create'].post.requestBody.content['application/json'].schema.properties.paymentMethod.enum).toEqual([
      'sandbox',
      'datatrans',
      'qr-bill',
    ]);
  });
});
