/**
 * Cancelling while a card payment is in flight (on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL), against the local fake Datatrans: the customer's cancel is refused with a clear
 * wait while the payment started in the last 10 minutes may still pay; once that time is over the
 * order can be cancelled, and a payment that still arrives for it is kept for a refund (among the
 * payments needing the admin) while the return page says "cancelled", never "thank you".
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, cookieName } from '../../core/accounts/cookies.ts';
import { orders } from '../../core/db/schema/orders.ts';
import { paymentAttempts, payments } from '../../core/db/schema/payments.ts';
import { paymentsNeedingAttention } from '../../core/payments/service.ts';
import { PAYMENT_ATTEMPT_HOLD_S } from '../../core/orders/payment-hold.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { addToCart } from '../../core/cart/index.ts';
import { datatransOrderStarted, productWith } from '../helpers/customers.ts';
import type { FakeDatatrans } from '../helpers/fake-datatrans.ts';
import type { TestHttp } from '../helpers/http.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;
let http: TestHttp;
let fake: FakeDatatrans;

beforeAll(async () => ({ shop, api, http, datatrans: fake } = await openTestSuite({ datatrans: true, http: true })), 60_000);
afterAll(() => shop?.close());

const webhook = (raw: string, signature: string) =>
  api.raw('/payment/webhook/datatrans', { method: 'POST', headers: { 'content-type': 'application/json', 'Datatrans-Signature': signature }, body: raw });

/** A customer's Datatrans order whose payment page was opened (the attempt is recorded). */
const orderInPayment = (index: number) => datatransOrderStarted(shop, api, index);

/** Moves the order's payment attempts `seconds` into the past (as if started that long ago). */
const ageAttempts = (orderId: string, seconds: number) =>
  shop.db
    .update(paymentAttempts)
    .set({ startedAt: sql`${paymentAttempts.startedAt} - make_interval(secs => ${seconds})` })
    .where(eq(paymentAttempts.orderId, orderId));

describe('cancel while a card payment is in flight', () => {
  it('is refused with a clear wait; the web page shows the same; after the hold the order cancels', async () => {
    const { c, order } = await orderInPayment(30);
    const refused = await api.post('/order/cancel', { orderID: order._id }, c.headers);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A card payment for this order is still in progress. If you do not complete it, you can cancel the order in 10 minutes.');
    const cookie = `${cookieName(ACCESS_COOKIE, shop.env)}=${c.token}`;
    const page = await http.postForm(`/client/historydetails?id=${order.code}`, { intent: 'cancel' }, cookie);
    expect(await page.text()).toContain('A card payment for this order is still in progress');
    const [still] = await shop.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order._id));
    expect(still.status).toBe('pending_payment');

    await ageAttempts(order._id, PAYMENT_ATTEMPT_HOLD_S - 90);
    expect((await api.post('/order/cancel', { orderID: order._id }, c.headers)).body.message).toMatch(/in 2 minutes\.$/);
    await ageAttempts(order._id, 120);
    const cancelled = await api.post('/order/cancel', { orderID: order._id }, c.headers);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.order.status).toBe('cancelled');
  });

  it('a new checkout leaves a card order whose payment is in flight open, and replaces it once the hold is over', async () => {
    const { c, order } = await orderInPayment(32);
    const second = await productWith(shop, 10, 4500, 33);
    await addToCart(shop.db, c.id, second.id, 1, c.id);
    const next = await api.post('/order/create', { userID: c.id, paymentMethod: 'datatrans' }, c.headers);
    expect(next.status).toBe(201);
    const statusOf = async (id: string) => (await shop.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0].status;
    expect(await statusOf(order._id)).toBe('pending_payment');

    await ageAttempts(order._id, PAYMENT_ATTEMPT_HOLD_S + 1);
    await addToCart(shop.db, c.id, second.id, 1, c.id);
    const third = await api.post('/order/create', { userID: c.id, paymentMethod: 'datatrans' }, c.headers);
    expect(third.status).toBe(201);
    expect(await statusOf(order._id)).toBe('cancelled');
    expect(await statusOf(next.body.order._id)).toBe('cancelled'); // never started paying: replaced at once
  });

  it('a payment arriving for the cancelled order is kept for a refund, and the return page says cancelled, not thank you', async () => {
    const { c, order, transactionId } = await orderInPayment(31);
    await ageAttempts(order._id, PAYMENT_ATTEMPT_HOLD_S + 1);
    expect((await api.post('/order/cancel', { orderID: order._id }, c.headers)).status).toBe(200);
    const { raw, signature } = fake.webhookFor(transactionId, 'settled');
    expect((await webhook(raw, signature)).status).toBe(200);

    const [o] = await shop.db.select().from(orders).where(eq(orders.id, order._id));
    expect(o.status).toBe('cancelled');
    const [pay] = await shop.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'datatrans'), eq(payments.providerRef, transactionId)));
    expect(pay).toMatchObject({ orderId: order._id, amount: Math.round(order.total * 100), status: 'overpaid' }); // the API answers CHF, the row keeps Rappen
    expect((await paymentsNeedingAttention(shop.db)).map((p) => p.id)).toContain(pay.id);

    const cookie = `${cookieName(ACCESS_COOKIE, shop.env)}=${c.token}`;
    const html = await (await http.fetch(`/paymentsuccess?order=${order.code}`, { cookie })).text();
    expect(html).toContain('data-testid="payment-order-cancelled"');
    expect(html).toContain('Order cancelled');
    expect(html).toContain('If your card was charged, we refund the full amount');
    expect(html).not.toContain('data-testid="payment-success"');
    expect(html).not.toContain('Thank you for your order');
  });
});
