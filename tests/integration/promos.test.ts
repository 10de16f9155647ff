/** Promo codes: percent/fixed, validity dates, minimum order, usage limit, clear refusals (api cart/promo and checkout). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addToCart } from '../../core/cart/service.ts';
import { promos } from '../../core/db/schema/promos.ts';
import { createPromo, promoDiscountFor } from '../../core/promos/service.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createCustomer, productWith, type TestCustomer } from '../helpers/customers.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;
let product: { id: string };

beforeAll(async () => {
  ({ shop, api } = await openTestSuite());
  product = await productWith(shop, 100, 4990, 40); // 49.90
});
afterAll(() => shop?.close());

async function customerWith(count: number): Promise<TestCustomer> {
  const c = await createCustomer(shop);
  await addToCart(shop.db, c.id, product.id, count, c.id);
  return c;
}
const apply = (c: TestCustomer, code: string) => api.post('/cart/promo', { userID: c.id, code }, c.headers);
const day = 86_400_000;

describe('promo discount arithmetic', () => {
  it('percent rounds to 5 Rappen, fixed is capped at the subtotal', () => {
    expect(promoDiscountFor({ kind: 'percent', value: 10 }, 4990)).toBe(500); // 4.99 -> 5.00
    expect(promoDiscountFor({ kind: 'percent', value: 15 }, 4990)).toBe(750); // 7.485 -> 7.50
    expect(promoDiscountFor({ kind: 'fixed', value: 2000 }, 1500)).toBe(1500);
    expect(promoDiscountFor({ kind: 'percent', value: 100 }, 4990)).toBe(4990);
  });
});

describe('cart/promo', () => {
  it('applies a percent code (case-insensitive) and shows promo.promoDiscount in CHF; an empty code removes it', async () => {
    await createPromo(shop.db, { code: 'WELCOME10', kind: 'percent', value: 10 });
    const c = await customerWith(2); // 99.80
    const res = await apply(c, ' welcome10 ');
    expect(res.status).toBe(200);
    expect(res.body.promo).toEqual({ promoDiscount: 10, code: 'WELCOME10' }); // 9.98 -> 10.00
    expect(res.body.order_price).toBe(89.8);
    const cart = await api.get(`/cart/carts?userID=${c.id}`, c.headers);
    expect(cart.body.promo.promoDiscount).toBe(10);
    const removed = await apply(c, '');
    expect(removed.body.promo).toEqual({ promoDiscount: 0, code: null });
  });

  it('applies a fixed code and the order carries the discount', async () => {
    await createPromo(shop.db, { code: 'FIVEOFF', kind: 'fixed', value: 500 });
    const c = await customerWith(1);
    expect((await apply(c, 'FIVEOFF')).body.promo.promoDiscount).toBe(5);
    const o = await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers);
    expect(o.status).toBe(201);
    expect(o.body.order).toMatchObject({ subtotal: 49.9, discount: 5, shipping_fee: 9, total: 53.9 });
  });

  it('one answer for codes that do not apply (no enumeration), the minimum order named', async () => {
    const now = Date.now();
    await createPromo(shop.db, { code: 'LATER', kind: 'percent', value: 5, validFrom: new Date(now + day) });
    await createPromo(shop.db, { code: 'OLD', kind: 'percent', value: 5, validTo: new Date(now - day) });
    await createPromo(shop.db, { code: 'BIGORDER', kind: 'fixed', value: 1000, minOrder: 20000 });
    await createPromo(shop.db, { code: 'OFF', kind: 'percent', value: 5, active: false });
    const c = await customerWith(1);
    const cases: [string, RegExp][] = [
      ['NOPE', /does not apply/],
      ['OFF', /does not apply/],
      ['LATER', /does not apply/],
      ['OLD', /does not apply/],
      ['BIGORDER', /at least CHF 200\.00/],
    ];
    for (const [code, msg] of cases) {
      const r = await apply(c, code);
      expect(r.status, code).toBe(400);
      expect(r.body.message, code).toMatch(msg);
      expect(r.body.fields.code).toBeTruthy();
    }
    const anon = await api.post('/cart/promo', { userID: c.id, code: 'NOPE' });
    expect(anon.status).toBe(401);
  });

  it('a usage limit holds: the code works for that many orders, then is used up', async () => {
    await createPromo(shop.db, { code: 'ONCE', kind: 'percent', value: 20, usageLimit: 1 });
    const c1 = await customerWith(1);
    const c2 = await customerWith(1);
    expect((await apply(c1, 'ONCE')).status).toBe(200);
    expect((await apply(c2, 'ONCE')).status).toBe(200);
    const first = await api.post('/order/create', { userID: c1.id, paymentMethod: 'qr-bill' }, c1.headers);
    expect(first.status).toBe(201);
    expect(first.body.order.discount).toBe(10); // 20 % of 49.90 = 9.98 -> 10.00
    const second = await api.post('/order/create', { userID: c2.id, paymentMethod: 'qr-bill' }, c2.headers);
    expect(second.status).toBe(400);
    expect(second.body.message).toMatch(/does not apply|used up/);
    const [p] = await shop.db.select().from(promos).where(eq(promos.code, 'ONCE'));
    expect(p.usedCount).toBe(1);
    // the cart answer no longer counts the used-up code
    expect((await api.get(`/cart/carts?userID=${c2.id}`, c2.headers)).body.promo.promoDiscount).toBe(0);
  });

  it('a code whose minimum the cart no longer reaches gives no discount at checkout', async () => {
    await createPromo(shop.db, { code: 'MIN90', kind: 'fixed', value: 1000, minOrder: 9000 });
    const c = await customerWith(2);
    expect((await apply(c, 'MIN90')).status).toBe(200);
    await api.post('/cart/addProduct', { userID: c.id, productID: product.id, count: 1 }, c.headers);
    const { setCartCount } = await import('../../core/cart/service.ts');
    await setCartCount(shop.db, c.id, product.id, 1, c.id);
    expect((await api.get(`/cart/carts?userID=${c.id}`, c.headers)).body.promo.promoDiscount).toBe(0);
    const o = await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers);
    expect(o.status).toBe(400);
    expect(o.body.message).toMatch(/at least CHF 90\.00/);
  });
});
