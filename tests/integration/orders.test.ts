/**
 * Orders: checkout through the API (stock, concurrency, expiry, promo, age, address, shop closed),
 * on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addToCart, getCart } from '../../core/cart/service.ts';
import { updateSettings } from '../../core/config/service.ts';
import { orderEvents, orders } from '../../core/db/schema/orders.ts';
import { expireDueOrders } from '../../core/orders/index.ts';
import { promos } from '../../core/db/schema/promos.ts';
import { createPromo } from '../../core/promos/service.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createCustomer, productWith, stockOf, customerWithCart } from '../helpers/customers.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;

beforeAll(async () => {
  ({ shop, api } = await openTestSuite());
});
afterAll(() => shop?.close());

describe('order/create', () => {
  it('50 concurrent checkouts of a product with stock 10 give exactly 10 orders and 40 refusals; stock ends at 0', async () => {
    const p = await productWith(shop, 10, 2500, 0);
    const customers = await Promise.all(Array.from({ length: 50 }, () => createCustomer(shop)));
    for (const c of customers) await addToCart(shop.db, c.id, p.id, 1, c.id);
    const answers = await Promise.all(customers.map((c) => api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers)));
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.body.message).toMatch(/out of stock/);
    expect(await stockOf(shop, p.id)).toBe(0);
    const rows = await shop.db.select().from(orders);
    expect(rows.filter((o) => o.status === 'pending_payment' && o.paymentMethod === 'sandbox')).toHaveLength(10);
    expect(new Set(created.map((c) => c.body.order.code)).size).toBe(10);
  });

  it('answers the contract shape with snapshot lines, shipping and VAT', async () => {
    const { p, c } = await customerWithCart(shop, { stock: 5, basePrice: 1290, index: 1, count: 2 });
    const res = await api.post('/order/create', { userID: c.id, paymentMethod: 'qr-bill' }, c.headers);
    expect(res.status).toBe(201);
    const o = res.body.order;
    expect(o.code).toMatch(/^[2-9A-HJ-NP-TV-Z]{8}$/);
    expect(o.status).toBe('pending_payment');
    expect(o.payment_status).toBe('unpaid');
    expect(o.lines).toEqual([{ sku: p.sku, name: p.name, count: 2, unit_price: 12.9, discount_percent: 0, line_total: 25.8 }]);
    expect(o.subtotal).toBe(25.8);
    expect(o.shipping_fee).toBe(9);
    expect(o.total).toBe(34.8);
    expect(o.vat).toBe(2.61); // 3480 x 8.1 / 108.1 = 260.77 -> 261 Rappen
    expect(o.address).toMatchObject({ postalCode: '8002', country: 'CH' });
    expect(await stockOf(shop, p.id)).toBe(3);
    // bank transfer empties the cart at once
    expect((await getCart(shop.db, c.id)).lines).toHaveLength(0);
    const events = await shop.db.select().from(orderEvents).where(eq(orderEvents.orderId, o._id));
    expect(events).toMatchObject([{ fromStatus: null, toStatus: 'pending_payment', actor: `user:${c.id}` }]);
    // visible in list and get, for the owner only
    const list = await api.get(`/order/list?userID=${c.id}`, c.headers);
    expect(list.body.orders.map((x: { code: string }) => x.code)).toEqual([o.code]);
    expect((await api.get(`/order/get?id=${o._id}`, c.headers)).body.order.code).toBe(o.code);
    const other = await createCustomer(shop);
    expect((await api.get(`/order/get?id=${o._id}`, other.headers)).status).toBe(404);
    expect((await api.get(`/order/list?userID=${c.id}`, other.headers)).status).toBe(403);
  });

  it("refuses an empty cart, anonymous callers, someone else's userID", async () => {
    const c = await createCustomer(shop);
    const empty = await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Your cart is empty, please buy something.');
    expect((await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox' })).status).toBe(401);
    const other = await createCustomer(shop);
    expect((await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox' }, other.headers)).status).toBe(403);
    const bad = await api.post('/order/create', { userID: c.id, paymentMethod: 'bitcoin' }, c.headers);
    expect(bad.status).toBe(400);
    expect(bad.body.fields.paymentMethod).toBeTruthy();
  });

  it('re-checks the age from the date of birth (18+)', async () => {
    const p = await productWith(shop, 5, 1000, 2);
    const now = new Date();
    const minor = await createCustomer(shop, { dateOfBirth: `${now.getUTCFullYear() - 17}-01-01` });
    await addToCart(shop.db, minor.id, p.id, 1, minor.id);
    const res = await api.post('/order/create', { userID: minor.id, paymentMethod: 'sandbox' }, minor.headers);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/18/);
    expect(await stockOf(shop, p.id)).toBe(5);
  });

  it('delivers in Switzerland only by default, with a 4-digit postcode; Liechtenstein only while the setting is on', async () => {
    const { c } = await customerWithCart(shop, { stock: 5, basePrice: 1000, index: 3 });
    const vaduz = { street: 'Städtle 1', postalCode: '9490', city: 'Vaduz', country: 'LI' };
    const de = await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox', address: { country: 'DE', postalCode: '10115' } }, c.headers);
    expect(de.status).toBe(400);
    expect(de.body.fields.country).toBe('We deliver in Switzerland only');
    const pc = await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox', address: { postalCode: '80021' } }, c.headers);
    expect(pc.status).toBe(400);
    expect(pc.body.fields.postalCode).toMatch(/4-digit Swiss postcode/);
    const liOff = await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox', address: vaduz }, c.headers);
    expect(liOff.status).toBe(400);
    expect(liOff.body.message).toBe('We deliver in Switzerland only.');
    expect(liOff.body.fields.country).toBe('We deliver in Switzerland only');
    // a Liechtenstein postcode under country CH goes to Liechtenstein all the same
    const liAsCh = await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox', address: { ...vaduz, country: 'CH' } }, c.headers);
    expect(liAsCh.status).toBe(400);
    expect(liAsCh.body.fields.postalCode).toBe('This postcode is in Liechtenstein; we deliver in Switzerland only');
    await updateSettings(shop.db, { deliverLiechtenstein: true });
    try {
      const de2 = await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox', address: { country: 'DE', postalCode: '10115' } }, c.headers);
      expect(de2.body.fields.country).toBe('We deliver to Switzerland and Liechtenstein only');
      const li = await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox', address: vaduz }, c.headers);
      expect(li.status).toBe(201);
      expect(li.body.order.address).toMatchObject({ city: 'Vaduz', country: 'LI' });
    } finally {
      await updateSettings(shop.db, { deliverLiechtenstein: false });
    }
  });

  it('refuses orders while the shop is closed', async () => {
    const { p, c } = await customerWithCart(shop, { stock: 5, basePrice: 1000, index: 4 });
    await updateSettings(shop.db, { shop_closed: true });
    try {
      const res = await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers);
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/store temporarily closed/i);
      expect(await stockOf(shop, p.id)).toBe(5);
    } finally {
      await updateSettings(shop.db, { shop_closed: false });
    }
  });

  it('an unpaid order expires and gives its stock (and promo use) back', async () => {
    const p = await productWith(shop, 4, 3000, 5);
    const c = await createCustomer(shop);
    await createPromo(shop.db, { code: 'EXPIRE10', kind: 'percent', value: 10, usageLimit: 1 });
    await addToCart(shop.db, c.id, p.id, 3, c.id);
    expect((await api.post('/cart/promo', { userID: c.id, code: 'expire10' }, c.headers)).status).toBe(200);
    const res = await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers);
    expect(res.status).toBe(201);
    expect(await stockOf(shop, p.id)).toBe(1);
    const [promo1] = await shop.db.select().from(promos).where(eq(promos.code, 'EXPIRE10'));
    expect(promo1.usedCount).toBe(1);
    // not yet: 29 minutes later
    expect(await expireDueOrders(shop, new Date(Date.now() + 29 * 60_000))).toBe(0);
    expect(await expireDueOrders(shop, new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    const [o] = await shop.db.select().from(orders).where(eq(orders.id, res.body.order._id));
    expect(o.status).toBe('expired');
    expect(await stockOf(shop, p.id)).toBe(4);
    const [promo2] = await shop.db.select().from(promos).where(eq(promos.code, 'EXPIRE10'));
    expect(promo2.usedCount).toBe(0);
    const events = await shop.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id));
    expect(events.map((e) => [e.toStatus, e.actor])).toContainEqual(['expired', 'system']);
  });

  it('bank-transfer orders hold their stock for 5 days (shorter reservations)', async () => {
    const { p, c } = await customerWithCart(shop, { stock: 2, basePrice: 3000, index: 6, count: 2 });
    const res = await api.post('/order/create', { userID: c.id, paymentMethod: 'qr-bill' }, c.headers);
    expect(res.status).toBe(201);
    await expireDueOrders(shop, new Date(Date.now() + 4 * 86_400_000));
    const [o1] = await shop.db.select().from(orders).where(eq(orders.id, res.body.order._id));
    expect(o1.status).toBe('pending_payment');
    await expireDueOrders(shop, new Date(Date.now() + 5 * 86_400_000 + 60_000));
    const [o2] = await shop.db.select().from(orders).where(eq(orders.id, res.body.order._id));
    expect(o2.status).toBe('expired');
    expect(await stockOf(shop, p.id)).toBe(2);
  });
});
