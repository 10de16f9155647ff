/**
 * The customer cancels an unpaid order (`POST /api/order/cancel`, docs/api.md, "Running the shop
 * day to day"), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: stock, promo use and
 * influencer bonus come back in one go, the order is `cancelled`, the customer gets a mail
 * (in-process SMTP), a paid order answers 409, someone else's 404, and a cancelled order frees a
 * place under the cap of 3 unpaid orders. Also: an order paid entirely with the influencer bonus
 * empties the cart, custom box included.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRole } from '../../core/accounts/admin.ts';
import { addToCart, getCart } from '../../core/cart/service.ts';
import { products } from '../../core/db/schema/catalogue.ts';
import { bonusBalance } from '../../core/influencer/bonus.ts';
import { bonusLedger } from '../../core/db/schema/influencer.ts';
import { orders } from '../../core/db/schema/orders.ts';
import { createOrder, findOrder } from '../../core/orders/index.ts';
import { promos } from '../../core/db/schema/promos.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createCustomer, productWith, stockOf, type TestCustomer } from '../helpers/customers.ts';
import { decodeQp, type TestSmtp } from '../helpers/smtp.ts';
import { payByQrReference, payInFull } from '../helpers/payments.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;
let smtp: TestSmtp;
let next = 0;

beforeAll(async () => ({ shop, api, smtp } = await openTestSuite({ smtp: true })));
afterAll(() => shop?.close());

const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email)).map((m) => decodeQp(m.raw));
async function waitForMail(email: string, subject: string): Promise<string> {
  for (let i = 0; i < 500; i++) {
    const found = mailsTo(email).find((m) => m.includes(subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail "${subject}" to ${email}`);
}

async function order(c: TestCustomer, opts: { count?: number; method?: 'sandbox' | 'qr-bill'; stock?: number; code?: string; price?: number } = {}) {
  const p = await productWith(shop, opts.stock ?? 20, opts.price ?? 4_500, next++);
  await addToCart(shop.db, c.id, p.id, opts.count ?? 2, c.id);
  if (opts.code) expect((await api.post('/cart/promo', { userID: c.id, code: opts.code }, c.headers)).status).toBe(200);
  const res = await api.post('/order/create', { userID: c.id, paymentMethod: opts.method ?? 'qr-bill' }, c.headers);
  expect(res.status).toBe(201);
  return { order: res.body.order as { _id: string; code: string; status: string; total: number }, product: p };
}

describe('POST /api/order/cancel', () => {
  it('cancels an unpaid order: stock, promo use and the influencer bonus come back; status cancelled; the customer gets a mail', async () => {
    const inf = await createCustomer(shop, { role: 'Influencer' });
    const referral = (await setRole(shop.db, inf.id, 'Influencer')).referralCode!;
    const [promoBefore] = await shop.db.select({ uses: promos.usedCount }).from(promos).where(eq(promos.code, referral));
    const c = await createCustomer(shop);
    const { order: o, product } = await order(c, { count: 3, stock: 20, code: referral });
    expect(await stockOf(shop, product.id)).toBe(17);
    expect((await bonusBalance(shop.db, inf.id)).pending).toBeGreaterThan(0);
    const [promoTaken] = await shop.db.select({ uses: promos.usedCount }).from(promos).where(eq(promos.code, referral));
    expect(promoTaken.uses).toBe(promoBefore.uses + 1);

    const res = await api.post('/order/cancel', { orderID: o._id }, c.headers);
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ _id: o._id, status: 'cancelled', payment_status: 'unpaid' });
    expect(await stockOf(shop, product.id)).toBe(20);
    const [promoAfter] = await shop.db.select({ uses: promos.usedCount }).from(promos).where(eq(promos.code, referral));
    expect(promoAfter.uses).toBe(promoBefore.uses);
    expect(await bonusBalance(shop.db, inf.id)).toEqual({ earned: 0, pending: 0, spent: 0, available: 0 });
    const kinds = (await shop.db.select({ kind: bonusLedger.kind }).from(bonusLedger).where(eq(bonusLedger.orderId, o._id))).map((r) => r.kind).sort();
    expect(kinds).toEqual(['cancelled', 'earned']);
    const mail = await waitForMail(c.email, `Your order ${o.code} has been cancelled`);
    expect(mail).toContain('Nothing has been charged');
    expect(mail).toContain(`/client/historydetails?id=${o.code}`);
  });

  it('gives back the bonus the influencer spent on their own unpaid order', async () => {
    const inf = await createCustomer(shop, { role: 'Influencer' });
    const referral = (await setRole(shop.db, inf.id, 'Influencer')).referralCode!;
    const buyer = await createCustomer(shop);
    const earnedOn = await order(buyer, { count: 4, method: 'sandbox', code: referral });
    const [row] = await shop.db.select().from(orders).where(eq(orders.id, earnedOn.order._id));
    await payInFull(shop, row, 'sandbox');
    const available = (await bonusBalance(shop.db, inf.id)).available;
    expect(available).toBeGreaterThan(0);

    const own = await order(inf, { count: 1 });
    expect((await bonusBalance(shop.db, inf.id)).available).toBe(0);
    expect((await api.post('/order/cancel', { orderID: own.order.code }, inf.headers)).status).toBe(200);
    expect((await bonusBalance(shop.db, inf.id)).available).toBe(available);
  });

  it('answers 409 once the order is paid, 404 for someone else’s order, 401 without a token, 400 without orderID', async () => {
    const c = await createCustomer(shop);
    const other = await createCustomer(shop);
    const { order: o, product } = await order(c, { count: 1 });
    const [row] = await shop.db.select().from(orders).where(eq(orders.id, o._id));
    await payByQrReference(shop, row);
    const stock = await stockOf(shop, product.id);

    const paid = await api.post('/order/cancel', { orderID: o._id }, c.headers);
    expect(paid.status).toBe(409);
    expect(paid.body.message).toMatch(/paid/i);
    expect((await findOrder(shop.db, o._id))!.status).toBe('paid');
    expect(await stockOf(shop, product.id)).toBe(stock);

    const { order: unpaid } = await order(c, { count: 1 });
    const foreign = await api.post('/order/cancel', { orderID: unpaid._id }, other.headers);
    expect(foreign.status).toBe(404);
    expect((await findOrder(shop.db, unpaid._id))!.status).toBe('pending_payment');
    expect((await api.post('/order/cancel', { orderID: unpaid._id })).status).toBe(401);
    const missing = await api.post('/order/cancel', {}, c.headers);
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('orderID');

    expect((await api.post('/order/cancel', { orderID: unpaid._id }, c.headers)).status).toBe(200);
    const again = await api.post('/order/cancel', { orderID: unpaid._id }, c.headers);
    expect(again.status).toBe(409);
  });

  it('a cancelled order frees a place under the cap of 3 unpaid orders', async () => {
    const c = await createCustomer(shop);
    const open = [];
    for (let i = 0; i < 3; i++) open.push((await order(c, { count: 1 })).order);
    const p = await productWith(shop, 20, 4_500, next++);
    await addToCart(shop.db, c.id, p.id, 1, c.id);
    const refused = await api.post('/order/create', { userID: c.id, paymentMethod: 'qr-bill' }, c.headers);
    expect(refused.status).toBe(409);
    expect((await api.post('/order/cancel', { orderID: open[1]._id }, c.headers)).status).toBe(200);
    const created = await api.post('/order/create', { userID: c.id, paymentMethod: 'qr-bill' }, c.headers);
    expect(created.status).toBe(201);
  });
});

describe('an order paid entirely with the influencer bonus', () => {
  it('empties the cart like a paid order does, the custom box line included', async () => {
    // an Influencer earns bonus on a customer's paid CHF 5000 order placed with their code
    const inf = await createCustomer(shop, { role: 'Influencer' });
    const referral = (await setRole(shop.db, inf.id, 'Influencer')).referralCode!;
    const buyer = await createCustomer(shop);
    const earned = await order(buyer, { count: 1, method: 'sandbox', code: referral, price: 500_000 });
    const [row] = await shop.db.select().from(orders).where(eq(orders.id, earned.order._id));
    await payInFull(shop, row, 'sandbox');
    const available = (await bonusBalance(shop.db, inf.id)).available;
    expect(available).toBeGreaterThan(0);

    // a custom box of 5 different single cigars at CHF 40 each plus the cheapest box: free shipping, within the bonus
    const options = (await api.get('/custombox/options')).body as { boxes: { _id: string; price: number }[]; varieties: { _id: string }[] };
    const box = options.boxes[0];
    const chosen = options.varieties.slice(0, 5);
    for (const v of chosen) await shop.db.update(products).set({ basePrice: 4_000, discountPercent: 0, stock: 50 }).where(eq(products.id, v._id));
    const made = await api.post(
      '/custombox/create',
      { userID: inf.id, boxID: box._id, items: chosen.map((v) => ({ productID: v._id, count: 1 })) },
      inf.headers,
    );
    expect(made.status).toBe(201);
    expect((await getCart(shop.db, inf.id)).lines.some((l) => l.box)).toBe(true);
    const goods = box.price * 100 + 5 * 4_000;
    expect(available).toBeGreaterThanOrEqual(goods);

    const o = await createOrder(shop, { userId: inf.id, paymentMethod: 'qr-bill' });
    expect(o).toMatchObject({ total: 0, bonus: goods, status: 'paid', paymentStatus: 'paid' });
    const cart = await getCart(shop.db, inf.id);
    expect(cart.lines).toEqual([]);
    expect((await api.get(`/cart/carts?userID=${inf.id}`, inf.headers)).body.products).toEqual([]);
  });
});
