/**
 * Stock hoarding by unpaid orders, promo-code enumeration and
 * per-customer limits, 64-bit money columns.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../core/db/schema/catalogue.ts';
import { addToCart } from '../../core/cart/service.ts';
import { MAX_OPEN_UNPAID_ORDERS } from '../../core/orders/hoarding.ts';
import { orders } from '../../core/db/schema/orders.ts';
import { createPromo } from '../../core/promos/service.ts';
import { payments } from '../../core/db/schema/payments.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createCustomer, productWith, customerWithCart } from '../helpers/customers.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;

beforeAll(async () => {
  ({ shop, api } = await openTestSuite());
}, 60_000);
afterAll(() => shop.close());

describe('unpaid orders cannot hoard stock', () => {
  it(`a customer may have at most ${MAX_OPEN_UNPAID_ORDERS} unpaid orders`, async () => {
    const c = await createCustomer(shop);
    const answers = [];
    for (let i = 0; i <= MAX_OPEN_UNPAID_ORDERS; i++) {
      const p = await productWith(shop, 10, 1000, 20 + i);
      await addToCart(shop.db, c.id, p.id, 1, c.id);
      answers.push(await api.post('/order/create', { userID: c.id, paymentMethod: 'qr-bill' }, c.headers));
    }
    expect(answers.map((a) => a.status)).toEqual([...Array(MAX_OPEN_UNPAID_ORDERS).fill(201), 409]);
    expect(answers.at(-1)!.body.message).toMatch(/unpaid orders/);
  });

  it("one bank-transfer order reserves at most half of a product's stock", async () => {
    const { p, c } = await customerWithCart(shop, { stock: 10, basePrice: 1000, index: 30, count: 6 });
    const tooMany = await api.post('/order/create', { userID: c.id, paymentMethod: 'qr-bill' }, c.headers);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toMatch(/at most 5/);
    const [row] = await shop.db.select({ stock: products.stock }).from(products).where(eq(products.id, p.id));
    expect(row.stock).toBe(10);
    // paying at once (card) is not limited by the share
    const card = await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers);
    expect(card.status).toBe(201);
  });

  it('bank-transfer reservations last 5 days by default', async () => {
    const { c } = await customerWithCart(shop, { stock: 10, basePrice: 1000, index: 31 });
    const res = await api.post('/order/create', { userID: c.id, paymentMethod: 'qr-bill' }, c.headers);
    const [o] = await shop.db.select().from(orders).where(eq(orders.id, res.body.order._id));
    const days = (o.expiresAt!.getTime() - o.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(5);
  });
});

describe('promo codes', () => {
  it('unknown, expired, inactive and not-yet-valid codes get the same answer', async () => {
    const day = 86_400_000;
    await createPromo(shop.db, { code: 'SEC-OLD', kind: 'percent', value: 5, validTo: new Date(Date.now() - day) });
    await createPromo(shop.db, { code: 'SEC-LATER', kind: 'percent', value: 5, validFrom: new Date(Date.now() + day) });
    await createPromo(shop.db, { code: 'SEC-OFF', kind: 'percent', value: 5, active: false });
    const c = await createCustomer(shop);
    const p = await productWith(shop, 10, 5000, 32);
    await addToCart(shop.db, c.id, p.id, 1, c.id);
    const bodies = [];
    for (const code of ['SEC-NOPE', 'SEC-OLD', 'SEC-LATER', 'SEC-OFF']) {
      const r = await api.post('/cart/promo', { userID: c.id, code }, c.headers);
      expect(r.status).toBe(400);
      bodies.push(r.body);
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
  });

  it('a code is redeemed once per customer by default', async () => {
    await createPromo(shop.db, { code: 'SEC-WELCOME', kind: 'percent', value: 10 });
    const c = await createCustomer(shop);
    const p = await productWith(shop, 50, 5000, 33);
    await addToCart(shop.db, c.id, p.id, 1, c.id);
    expect((await api.post('/cart/promo', { userID: c.id, code: 'SEC-WELCOME' }, c.headers)).status).toBe(200);
    expect((await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers)).status).toBe(201);
    await addToCart(shop.db, c.id, p.id, 1, c.id);
    const again = await api.post('/cart/promo', { userID: c.id, code: 'SEC-WELCOME' }, c.headers);
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/does not apply/);
  });

  it('promo attempts are rate-limited per customer', async () => {
    const c = await createCustomer(shop);
    const p = await productWith(shop, 10, 5000, 34);
    await addToCart(shop.db, c.id, p.id, 1, c.id);
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await api.post('/cart/promo', { userID: c.id, code: `GUESS${i}` }, c.headers)).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('money columns are 64-bit', () => {
  it('stores amounts above 2^31 Rappen (CHF 21.5 million)', async () => {
    const p = await productWith(shop, 1, 1000, 35);
    await shop.db.update(products).set({ basePrice: 3_000_000_000 }).where(eq(products.id, p.id));
    const [row] = await shop.db.select({ basePrice: products.basePrice }).from(products).where(eq(products.id, p.id));
    expect(row.basePrice).toBe(3_000_000_000);
    const [o] = await shop.db.select().from(orders).limit(1);
    await shop.db
      .insert(payments)
      .values({ id: 'pay-big', orderId: o.id, provider: 'qr-bill', providerRef: 'big-1', amount: 5_000_000_000, currency: 'CHF', status: 'paid' } as never);
    const [pay] = await shop.db.select({ amount: payments.amount }).from(payments).where(eq(payments.id, 'pay-big'));
    expect(pay.amount).toBe(5_000_000_000);
  });
});
