/**
 * Shipping figures (docs/api.md, "Running the shop day to day"): `GET /api/cart/carts` answers
 * `shipping: { fee, freeFrom, remaining }` in CHF, following the admin's fee and threshold; the
 * cart page and the side cart show the fee and what is missing to free delivery, and the
 * banner's built-in text names the threshold of the settings. PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart } from '../../core/cart/service.ts';
import { updateSettings } from '../../core/config/service.ts';
import { createPromo } from '../../core/promos/service.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createCustomer, productWith, type TestCustomer } from '../helpers/customers.ts';
import { userWithCookie, type TestHttp } from '../helpers/http.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;
let http: TestHttp;
let product: { id: string };

beforeAll(async () => {
  ({ shop, api, http } = await openTestSuite({ http: true }));
  product = await productWith(shop, 500, 4990, 0); // CHF 49.90 a unit
});
afterAll(() => shop?.close());

/** A customer with `n` units of the CHF 49.90 product in the cart. */
async function customerWith(n: number): Promise<TestCustomer> {
  const c = await createCustomer(shop);
  if (n > 0) await addToCart(shop.db, c.id, product.id, n, c.id);
  return c;
}
const shippingOf = async (c: TestCustomer) => {
  const res = await api.get(`/cart/carts?userID=${c.id}`, c.headers);
  expect(res.status).toBe(200);
  return res.body.shipping as { fee: number; freeFrom: number; remaining: number };
};
/** Page text with the non-breaking spaces of number formats as plain spaces. */
const textOf = async (res: Response) => (await res.text()).replace(/[\u00a0\u202f]/g, ' ');

describe('GET /api/cart/carts shipping', () => {
  it('an empty cart pays no fee and misses the whole threshold', async () => {
    expect(await shippingOf(await customerWith(0))).toEqual({ fee: 0, freeFrom: 150, remaining: 150 });
  });

  it('below the threshold: the fee, and what is missing (CHF 150 − 2 × 49.90 = 50.20)', async () => {
    expect(await shippingOf(await customerWith(2))).toEqual({ fee: 9, freeFrom: 150, remaining: 50.2 });
  });

  it('at or above the threshold: free, nothing missing', async () => {
    expect(await shippingOf(await customerWith(4))).toEqual({ fee: 0, freeFrom: 150, remaining: 0 }); // 199.60
  });

  it('counts the goods after the promo discount, like the order does', async () => {
    await createPromo(shop.db, { code: 'SHIP10', kind: 'percent', value: 10 });
    const c = await customerWith(4); // 199.60 − 19.95 (10 %, to 5 Rappen) = 179.65: still free
    const promo = await api.post('/cart/promo', { userID: c.id, code: 'SHIP10' }, c.headers);
    expect(promo.status).toBe(200);
    expect(promo.body.shipping).toEqual({ fee: 0, freeFrom: 150, remaining: 0 });
    await createPromo(shop.db, { code: 'SHIP60', kind: 'fixed', value: 6000 });
    const d = await customerWith(4); // 199.60 − 60.00 = 139.60: 10.40 missing, fee due
    await api.post('/cart/promo', { userID: d.id, code: 'SHIP60' }, d.headers);
    expect(await shippingOf(d)).toEqual({ fee: 9, freeFrom: 150, remaining: 10.4 });
    const order = await api.post('/order/create', { userID: d.id, paymentMethod: 'sandbox' }, d.headers);
    expect(order.body.order.shipping_fee).toBe(9);
  });

  it("follows the admin's fee and threshold at once", async () => {
    const c = await customerWith(2); // 99.80
    await updateSettings(shop.db, { shippingFee: 1250, freeShippingThreshold: 9980 });
    try {
      expect(await shippingOf(c)).toEqual({ fee: 0, freeFrom: 99.8, remaining: 0 });
      await updateSettings(shop.db, { freeShippingThreshold: 20_000 });
      expect(await shippingOf(c)).toEqual({ fee: 12.5, freeFrom: 200, remaining: 100.2 });
    } finally {
      await updateSettings(shop.db, { shippingFee: 900, freeShippingThreshold: 15_000 });
    }
  });
});

describe('cart page, side cart and banner', () => {
  it('the cart page shows the delivery fee, the total with it, and what is missing to free delivery', async () => {
    const u = await userWithCookie(shop, 'Customer');
    await addToCart(shop.db, u.userId, product.id, 2, u.userId);
    const html = await textOf(await http.fetch('/shopcart', { cookie: u.cookie }));
    expect(html).toMatch(/data-testid="cart-shipping">CHF 9\.00</);
    expect(html).toMatch(/data-testid="cart-total">CHF 108\.80</); // 99.80 + 9.00
    expect(html).toContain('Add CHF 50.20 more for free delivery.');
    // reaching the threshold: free delivery, said in the visitor's language
    await addToCart(shop.db, u.userId, product.id, 2, u.userId);
    const de = await textOf(await http.fetch('/shopcart', { cookie: `${u.cookie}; lang=de`, headers: { 'accept-language': 'de' } }));
    expect(de).toMatch(/data-testid="cart-shipping">Gratis</);
    expect(de).toContain('Ihre Bestellung wird gratis geliefert.');
  });

  it("the banner's built-in text names the threshold of the settings, in the visitor's language", async () => {
    await updateSettings(shop.db, { freeShippingThreshold: 12_990 });
    try {
      const en = await textOf(await http.fetch('/'));
      expect(en).toContain('Free delivery in Switzerland from CHF 129.90');
      const de = await textOf(await http.fetch('/', { headers: { 'accept-language': 'de-CH,de;q=0.9' } }));
      expect(de).toContain('Gratis Lieferung in der ganzen Schweiz ab CHF 129.90');
      expect(en).toMatch(/data-testid="delivery-banner">.*?We deliver in Switzerland only\.<\/div>/);
    } finally {
      await updateSettings(shop.db, { freeShippingThreshold: 15_000 });
    }
  });
});
