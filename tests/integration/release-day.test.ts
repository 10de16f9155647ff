/**
 * Release day and one cart, one order: a limited edition announced for a release time (refused
 * before it, with the time in the visitor's language and the shop's zone), limits per customer
 * (account and delivery address) that hold under parallel requests, the release's payment rules,
 * exact stock under a rush, units given back by expired orders, the admin's figures; and
 * concurrent `order/create` calls from one cart making one open order. Through the JSON API, on
 * PGlite, and on PostgreSQL (parallel requests on a connection pool) when TEST_DATABASE_URL is set.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart } from '../../core/cart/service.ts';
import { orders } from '../../core/db/schema/orders.ts';
import { productReleases } from '../../core/db/schema/releases.ts';
import { expireDueOrders } from '../../core/orders/index.ts';
import { MAX_OPEN_UNPAID_ORDERS } from '../../core/orders/hoarding.ts';
import { releaseFigures, removeRelease, saveRelease } from '../../core/releases/index.ts';
import { localTimeIn } from '../../core/i18n/dates.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createCustomer, customersAt, productWith, stockOf, customerWithCart, type TestCustomer } from '../helpers/customers.ts';
import { openTestSuite } from '../helpers/suite.ts';
import { users } from '../../core/db/schema/accounts.ts';

let shop: Shop;
let api: ApiClient;
const ADMIN = 'release-test-admin';

beforeAll(async () => {
  ({ shop, api } = await openTestSuite());
}, 60_000);
afterAll(() => shop?.close());

/** Schedules a release of `productId` opening at `opensAt` (shop zone Europe/Zurich). */
async function release(productId: string, opensAt: Date, opts: { limit?: number; bankTransfer?: boolean; hours?: number } = {}) {
  return saveRelease(
    shop.db,
    productId,
    {
      opensAt: localTimeIn(opensAt, 'Europe/Zurich'),
      perCustomerLimit: opts.limit === undefined ? '' : String(opts.limit),
      allowBankTransfer: opts.bankTransfer ?? true,
      bankTransferHours: opts.hours === undefined ? '' : String(opts.hours),
    },
    ADMIN,
  );
}
const minutesFromNow = (m: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 + m * 60_000);
const add = (c: TestCustomer, productID: string, count = 1, lang = 'en') =>
  api.post('/cart/addProduct', { userID: c.id, productID, count }, { ...c.headers, 'accept-language': lang });
const order = (c: TestCustomer, paymentMethod = 'sandbox') => api.post('/order/create', { userID: c.id, paymentMethod }, c.headers);
const openOrdersOf = async (userId: string) =>
  (
    await shop.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'pending_payment')))
  ).length;

describe('one cart makes one open order', () => {
  it('six parallel bank-transfer checkouts of a one-item cart (one unpaid order before): one order, five "cart is empty", the cap holds', async () => {
    const { p, c } = await customerWithCart(shop, { stock: 20, basePrice: 1000, index: 40 });
    expect((await order(c, 'qr-bill')).status).toBe(201);
    await addToCart(shop.db, c.id, p.id, 1, c.id);
    const answers = await Promise.all(Array.from({ length: 6 }, () => order(c, 'qr-bill')));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    for (const r of refused) expect(r.body.message).toMatch(/cart is empty/);
    expect(await openOrdersOf(c.id)).toBe(2);
    expect(await stockOf(shop, p.id)).toBe(18);
  });

  it('parallel checkouts never pass the cap of unpaid orders', async () => {
    const c = await createCustomer(shop);
    const ps = await Promise.all([41, 42, 43, 44, 45].map((i) => productWith(shop, 10, 1000, i)));
    // one order at a time: each empties the cart, so each needs its own line; the cart holds all five
    for (const p of ps) await addToCart(shop.db, c.id, p.id, 1, c.id);
    const answers = await Promise.all(Array.from({ length: 6 }, () => order(c, 'qr-bill')));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(await openOrdersOf(c.id)).toBeLessThanOrEqual(MAX_OPEN_UNPAID_ORDERS);
  });

  it('six parallel card checkouts of one cart leave one open order holding the units once', async () => {
    const { p, c } = await customerWithCart(shop, { stock: 10, basePrice: 1000, index: 46, count: 2 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => order(c, 'sandbox')));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(await openOrdersOf(c.id)).toBe(1);
    // the replaced card orders gave their units back
    expect(await stockOf(shop, p.id)).toBe(8);
  });
});

describe('a release before its time', () => {
  it('add to cart is refused with the release time in the visitor language and the shop time zone', async () => {
    const p = await productWith(shop, 100, 45_000, 50);
    const opensAt = new Date('2031-03-14T17:00:00Z'); // 18:00 in Zürich
    await release(p.id, opensAt, { limit: 2 });
    const c = await createCustomer(shop);
    const de = await add(c, p.id, 1, 'de');
    expect(de.status).toBe(409);
    expect(de.body.message).toBe(`${p.name} ist ab 14. März 2031 um 18:00 erhältlich.`);
    const en = await add(c, p.id, 1, 'en');
    expect(en.body.message).toBe(`${p.name} goes on sale on March 14, 2031 at 6:00 PM.`);
    // an anonymous cart too
    const anon = await api.post('/cart/addProduct', { userID: 'a'.repeat(32), productID: p.id, count: 1 });
    expect(anon.status).toBe(409);
    expect(anon.body.message).toMatch(/goes on sale on/);
  });

  it('an order of a product that was in the cart before its release was scheduled is refused too', async () => {
    const { p, c } = await customerWithCart(shop, { stock: 10, basePrice: 1000, index: 51 });
    await release(p.id, minutesFromNow(60));
    const res = await order(c);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/goes on sale on/);
    expect(await stockOf(shop, p.id)).toBe(10);
    // once the release rules end, it sells as any product
    await removeRelease(shop.db, p.id, ADMIN);
    expect((await order(c)).status).toBe(201);
  });

  it('the admin form refuses a missing time and limits out of range, field by field', async () => {
    const p = await productWith(shop, 10, 1000, 52);
    const e = await saveRelease(
      shop.db,
      p.id,
      { opensAt: '2031-02-30T10:00', perCustomerLimit: '0', allowBankTransfer: true, bankTransferHours: '200' },
      ADMIN,
    ).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'invalid', opts: { fields: { opensAt: {}, perCustomerLimit: {}, bankTransferHours: {} } } });
    expect(await shop.db.select().from(productReleases).where(eq(productReleases.productId, p.id))).toHaveLength(0);
  });
});

describe('an open release under a rush', () => {
  it('50 concurrent buyers for 10 units: exactly 10 orders, 40 told sold out, stock 0, figures exact', async () => {
    const p = await productWith(shop, 10, 45_000, 53);
    await release(p.id, minutesFromNow(-1), { limit: 1 });
    // fifty households (the limit counts per delivery address too)
    const buyers = await customersAt(shop, 50, (i) => ({ street: `Seestrasse ${i + 1}` }));
    const adds = await Promise.all(buyers.map((c) => add(c, p.id)));
    expect(adds.every((a) => a.status === 200)).toBe(true);
    const answers = await Promise.all(buyers.map((c) => order(c)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.message).toMatch(/out of stock/);
    }
    expect(await stockOf(shop, p.id)).toBe(0);
    // sold out: the next add is refused at once
    expect((await add(await createCustomer(shop), p.id)).status).toBe(409);
    const [f] = await releaseFigures(shop.db, p.id);
    expect(f).toMatchObject({ left: 0, sold: 10, reserved: 10, paid: 0, expired: 0, orders: 10, buyers: 10, perCustomerLimit: 1 });
  });

  it('an expired reservation gives its units back to the release at once', async () => {
    const p = await productWith(shop, 3, 45_000, 54);
    await release(p.id, minutesFromNow(-1));
    const c = await createCustomer(shop);
    await add(c, p.id, 3);
    const placed = await order(c);
    expect(placed.status).toBe(201);
    expect(await stockOf(shop, p.id)).toBe(0);
    await expireDueOrders(shop, new Date(Date.now() + 3 * 3_600_000));
    expect(await stockOf(shop, p.id)).toBe(3);
    const [f] = await releaseFigures(shop.db, p.id);
    expect(f).toMatchObject({ left: 3, sold: 0, reserved: 0, expired: 3 });
  });
});

describe('units of a lapsed reservation', () => {
  it('go to the next buyer at once: the add that finds the release sold out expires what is due first', async () => {
    const p = await productWith(shop, 1, 45_000, 62);
    await release(p.id, minutesFromNow(-1));
    const first = await createCustomer(shop);
    await add(first, p.id);
    const placed = await order(first);
    expect(placed.status).toBe(201);
    // the card reservation's time is up, and no expiry has run yet
    await shop.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, placed.body.order._id));
    const next = await createCustomer(shop);
    await shop.db.update(users).set({ street: 'Limmatquai 9' }).where(eq(users.id, next.id));
    expect((await add(next, p.id)).status).toBe(200);
    expect((await order(next)).status).toBe(201);
    const [gone] = await shop.db.select({ status: orders.status }).from(orders).where(eq(orders.id, placed.body.order._id));
    expect(gone.status).toBe('expired');
  });
});

describe('the limit per customer', () => {
  it('a cart line above the limit is refused: "limit reached"', async () => {
    const p = await productWith(shop, 50, 45_000, 55);
    await release(p.id, minutesFromNow(-1), { limit: 2 });
    const c = await createCustomer(shop);
    const res = await add(c, p.id, 3);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`${p.name}: limit reached, at most 2 per customer.`);
    expect((await add(c, p.id, 2)).status).toBe(200);
    expect((await add(c, p.id, 1)).status).toBe(409);
  });

  it('counts the orders of the account: a second order over the limit is refused', async () => {
    const p = await productWith(shop, 50, 45_000, 56);
    await release(p.id, minutesFromNow(-1), { limit: 2 });
    const c = await createCustomer(shop);
    await add(c, p.id, 2);
    expect((await order(c, 'qr-bill')).status).toBe(201);
    await add(c, p.id, 1);
    const again = await order(c, 'qr-bill');
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/limit reached/);
    expect(await stockOf(shop, p.id)).toBe(48);
  });

  it('holds across parallel orders of ten accounts at one delivery address: exactly the limit is sold', async () => {
    const p = await productWith(shop, 50, 45_000, 57);
    await release(p.id, minutesFromNow(-1), { limit: 3 });
    // the same flat, written a little differently
    const buyers = await customersAt(shop, 10, (i) => ({ street: i % 2 ? 'Seestrasse 5' : 'seestrasse  5', postalCode: '8002' }));
    for (const c of buyers) await add(c, p.id);
    const answers = await Promise.all(buyers.map((c) => order(c)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    for (const r of answers.filter((a) => a.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toMatch(/limit reached/);
    }
    expect(await stockOf(shop, p.id)).toBe(47);
  });
});

describe("the release's payment window", () => {
  it('card only: a bank transfer is refused on the payment method field; a card order is placed', async () => {
    const p = await productWith(shop, 10, 45_000, 58);
    await release(p.id, minutesFromNow(-1), { bankTransfer: false });
    const c = await createCustomer(shop);
    await add(c, p.id);
    const res = await order(c, 'qr-bill');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`${p.name} can only be paid by card or TWINT.`);
    expect(res.body.fields.paymentMethod).toBeTruthy();
    expect((await order(c, 'sandbox')).status).toBe(201);
  });

  it('a shorter bank-transfer reservation: the order expires after the release hours', async () => {
    const p = await productWith(shop, 10, 45_000, 59);
    await release(p.id, minutesFromNow(-1), { hours: 2 });
    const c = await createCustomer(shop);
    await add(c, p.id);
    const res = await order(c, 'qr-bill');
    expect(res.status).toBe(201);
    const [o] = await shop.db.select().from(orders).where(eq(orders.id, res.body.order._id));
    expect(o.expiresAt!.getTime() - o.createdAt.getTime()).toBe(2 * 3_600_000);
  });
});
