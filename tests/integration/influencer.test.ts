/**
 * The influencer programme (ADR 009) on the real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): referral codes as promo codes, the bonus ledger (pending at order,
 * available on payment, cancelled/reversed on cancel and refund), spending the bonus on own orders
 * (once under concurrency, given back on expiry), the cart's `bonus.bonus`, `GET /api/user/influencer`,
 * promo links kept on edit and audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { influencerByEmail } from '../../core/accounts/influencer.ts';
import { setRole } from '../../core/accounts/admin.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { auditLog } from '../../core/db/schema/audit.ts';
import { addToCart, getCart } from '../../core/cart/service.ts';
import { updateSettings } from '../../core/config/service.ts';
import { bonusBalance, bonusFor } from '../../core/influencer/bonus.ts';
import { bonusLedger } from '../../core/db/schema/influencer.ts';
import { orders } from '../../core/db/schema/orders.ts';
import { adminTransition, expireDueOrders } from '../../core/orders/index.ts';
import { SANDBOX_SIGNATURE_HEADER, sandboxWebhook } from '../../core/payments/sandbox.ts';
import { recordPaymentFailure } from '../../core/payments/service.ts';
import { promos } from '../../core/db/schema/promos.ts';
import { createPromo, updatePromo } from '../../core/promos/service.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createCustomer, productWith, type TestCustomer } from '../helpers/customers.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;
let productIndex = 0;

beforeAll(async () => {
  ({ shop, api } = await openTestSuite());
});
afterAll(() => shop?.close());

/** An Influencer with a token and a referral code (set as an admin would, with its promo row). */
async function influencer(): Promise<TestCustomer & { referralCode: string }> {
  const i = await createCustomer(shop, { role: 'Influencer' });
  const u = await setRole(shop.db, i.id, 'Influencer');
  return { ...i, referralCode: u.referralCode! };
}

/** A customer's order of `count` x a product at `price` Rappen, with an optional promo code. */
async function order(c: TestCustomer, price: number, opts: { code?: string; method?: string; count?: number } = {}) {
  const p = await productWith(shop, 100, price, productIndex++);
  await addToCart(shop.db, c.id, p.id, opts.count ?? 1, c.id);
  if (opts.code) expect((await api.post('/cart/promo', { userID: c.id, code: opts.code }, c.headers)).status).toBe(200);
  const res = await api.post('/order/create', { userID: c.id, paymentMethod: opts.method ?? 'sandbox' }, c.headers);
  expect(res.status).toBe(201);
  return res.body.order as {
    _id: string;
    code: string;
    total: number;
    subtotal: number;
    discount: number;
    bonus: number;
    shipping_fee: number;
    vat: number;
    status: string;
  };
}

async function payInSandbox(orderId: string) {
  const [row] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
  const { raw, signature } = sandboxWebhook(shop, row, 'approved');
  const res = await api.raw('/payment/webhook/sandbox', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
    body: raw,
  });
  expect(res.status).toBe(200);
}

const profile = (i: TestCustomer) => api.get(`/user/influencer?userID=${i.id}`, i.headers);

describe('bonus on attributed orders', () => {
  it('the referral code works as a promo code; the bonus is pending at order and available once paid (sandbox webhook)', async () => {
    const inf = await influencer();
    const c = await createCustomer(shop);
    const o = await order(c, 10_000, { code: inf.referralCode.toLowerCase() });
    // 5 % referral discount; bonus 10 % of the goods after the discount, rounded down to the Rappen
    expect(o.discount).toBe(5);
    expect((await bonusBalance(shop.db, inf.id)).pending).toBe(950);
    let p = await profile(inf);
    expect(p.status).toBe(200);
    expect(p.body).toEqual({
      codes: [{ code: inf.referralCode, percent: 5, uses: 1 }],
      orders: [{ code: inf.referralCode, created_at: expect.any(String), total: o.total }],
      bonus: { earned: 0, spent: 0, available: 0, pending: 9.5 },
    });
    expect(JSON.stringify(p.body)).not.toContain(c.email);
    await payInSandbox(o._id);
    p = await profile(inf);
    expect(p.body.bonus).toEqual({ earned: 9.5, spent: 0, available: 9.5, pending: 0 });
    // a replayed payment or a second transition writes nothing twice
    await payInSandbox(o._id);
    expect((await bonusBalance(shop.db, inf.id)).available).toBe(950);
  });

  it('an admin-linked code earns the bonus percent of the settings; shipping is excluded', async () => {
    const inf = await influencer();
    await createPromo(shop.db, { code: 'INFLFIX5', kind: 'fixed', value: 500, influencerUserId: inf.id });
    await updateSettings(shop.db, { influencerBonusPercent: 7 });
    try {
      const c = await createCustomer(shop);
      const o = await order(c, 3_333, { code: 'INFLFIX5' });
      expect(o.shipping_fee).toBe(9);
      // (3333 − 500) × 7 % = 198.31 → 198 Rappen
      expect(bonusFor(2_833, 7)).toBe(198);
      expect((await bonusBalance(shop.db, inf.id)).pending).toBe(198);
    } finally {
      await updateSettings(shop.db, { influencerBonusPercent: 10 });
    }
  });

  it('is reversed when the paid order is refunded', async () => {
    const inf = await influencer();
    const c = await createCustomer(shop);
    const o = await order(c, 20_000, { code: inf.referralCode });
    await payInSandbox(o._id);
    expect((await bonusBalance(shop.db, inf.id)).available).toBe(1_900);
    await adminTransition(shop, o._id, 'refunded', 'admin-test');
    expect(await bonusBalance(shop.db, inf.id)).toEqual({ earned: 0, pending: 0, spent: 0, available: 0 });
    const kinds = (await shop.db.select().from(bonusLedger).where(eq(bonusLedger.orderId, o._id))).map((r) => r.kind).sort();
    expect(kinds).toEqual(['earned', 'released', 'reversed']);
  });

  it('is cancelled when the unpaid order is cancelled or expires', async () => {
    const inf = await influencer();
    const a = await createCustomer(shop);
    const o1 = await order(a, 10_000, { code: inf.referralCode });
    expect(await recordPaymentFailure(shop, 'sandbox', o1.code, 'declined')).toBe(true);
    const b = await createCustomer(shop);
    const o2 = await order(b, 10_000, { code: inf.referralCode });
    expect((await bonusBalance(shop.db, inf.id)).pending).toBe(950);
    await expireDueOrders(shop, new Date(Date.now() + 24 * 3_600_000));
    expect(await bonusBalance(shop.db, inf.id)).toEqual({ earned: 0, pending: 0, spent: 0, available: 0 });
    const p = await profile(inf);
    expect(p.body.orders.map((x: { code: string }) => x.code)).toEqual([inf.referralCode, inf.referralCode]);
    expect(o2.status).toBe('pending_payment');
  });

  it('an influencer earns nothing on their own orders', async () => {
    const inf = await influencer();
    await order(inf, 10_000, { code: inf.referralCode });
    expect(await bonusBalance(shop.db, inf.id)).toEqual({ earned: 0, pending: 0, spent: 0, available: 0 });
  });
});

/**
 * An influencer with available bonus, earned through a paid customer order of `price` Rappen with
 * the referral code: 5 % off, then 10 % of the rest (price × 0.095 for multiples of CHF 1).
 */
async function influencerWithBonus(price: number): Promise<TestCustomer & { referralCode: string }> {
  const inf = await influencer();
  const c = await createCustomer(shop);
  const o = await order(c, price, { code: inf.referralCode });
  await payInSandbox(o._id);
  return inf;
}

describe('spending the bonus', () => {
  it('the cart shows the bonus (at most the goods after the promo) and order/create deducts it; totals and VAT follow', async () => {
    const inf = await influencerWithBonus(40_000); // bonus 3800 Rappen
    expect((await bonusBalance(shop.db, inf.id)).available).toBe(3_800);
    const p = await productWith(shop, 100, 2_000, productIndex++);
    await addToCart(shop.db, inf.id, p.id, 1, inf.id);
    const cart = await api.get(`/cart/carts?userID=${inf.id}`, inf.headers);
    expect(cart.body.bonus).toEqual({ bonus: 20 });
    expect(cart.body.order_price).toBe(0);
    await addToCart(shop.db, inf.id, p.id, 2, inf.id);
    const cart3 = await api.get(`/cart/carts?userID=${inf.id}`, inf.headers);
    expect(cart3.body.bonus).toEqual({ bonus: 38 });
    expect(cart3.body.order_price).toBe(22);
    const res = await api.post('/order/create', { userID: inf.id, paymentMethod: 'sandbox' }, inf.headers);
    expect(res.status).toBe(201);
    const o = res.body.order;
    expect(o).toMatchObject({ subtotal: 60, discount: 0, bonus: 38, shipping_fee: 9, total: 31 });
    expect(o.vat).toBe(2.32); // VAT on the total after the bonus: 3100 × 8.1 / 108.1 = 232.28 → 232 Rappen
    expect(await bonusBalance(shop.db, inf.id)).toEqual({ earned: 3_800, pending: 0, spent: 3_800, available: 0 });
    // the cart shows nothing more to spend
    expect((await api.get(`/cart/carts?userID=${inf.id}`, inf.headers)).body.bonus).toEqual({ bonus: 0 });
  });

  it('10 concurrent orders spend the bonus once: the total spent never exceeds what was available', async () => {
    const inf = await influencerWithBonus(30_000); // bonus 2850 Rappen
    expect((await bonusBalance(shop.db, inf.id)).available).toBe(2_850);
    const p = await productWith(shop, 100, 2_000, productIndex++);
    await addToCart(shop.db, inf.id, p.id, 1, inf.id);
    // bank-transfer orders: none cancels another, each that reads the cart before the first
    // commit becomes an order and wants up to CHF 20 of the CHF 28.50
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.post('/order/create', { userID: inf.id, paymentMethod: 'qr-bill' }, inf.headers)));
    for (const a of answers) expect([201, 400]).toContain(a.status);
    const created = answers.filter((a) => a.status === 201).map((a) => a.body.order as { _id: string; bonus: number });
    expect(created.length).toBeGreaterThan(0);
    const spentOnOrders = created.reduce((s, o) => s + Math.round(o.bonus * 100), 0);
    expect(spentOnOrders).toBe(Math.min(2_850, created.length * 2_000));
    const rows = await shop.db
      .select()
      .from(bonusLedger)
      .where(and(eq(bonusLedger.userId, inf.id), eq(bonusLedger.kind, 'spent')));
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(spentOnOrders);
    expect(new Set(rows.map((r) => r.orderId)).size).toBe(rows.length);
    const balance = await bonusBalance(shop.db, inf.id);
    expect(balance.spent).toBe(spentOnOrders);
    expect(balance.available).toBe(2_850 - spentOnOrders);
    expect(balance.available).toBeGreaterThanOrEqual(0);
  });

  it('is given back when the order expires unpaid, and when it is cancelled', async () => {
    const inf = await influencerWithBonus(10_000); // bonus 950 Rappen
    const o = await order(inf, 5_000);
    expect(o.bonus).toBe(9.5);
    expect((await bonusBalance(shop.db, inf.id)).available).toBe(0);
    await expireDueOrders(shop, new Date(Date.now() + 3_600_000));
    expect((await bonusBalance(shop.db, inf.id)).available).toBe(950);
    const kinds = (await shop.db.select().from(bonusLedger).where(eq(bonusLedger.orderId, o._id))).map((r) => r.kind).sort();
    expect(kinds).toEqual(['returned', 'spent']);
    const o2 = await order(inf, 5_000, { method: 'qr-bill' });
    expect(o2.bonus).toBe(9.5);
    await adminTransition(shop, o2._id, 'cancelled', 'admin-test');
    expect((await bonusBalance(shop.db, inf.id)).available).toBe(950);
  });

  it('an order the bonus pays entirely (free shipping) is paid at once', async () => {
    const inf = await influencerWithBonus(50_000); // bonus 4750 Rappen
    await updateSettings(shop.db, { freeShippingThreshold: 0 });
    try {
      const o = await order(inf, 4_000);
      expect(o).toMatchObject({ subtotal: 40, bonus: 40, shipping_fee: 0, total: 0, vat: 0, status: 'paid' });
      expect((await getCart(shop.db, inf.id)).lines).toHaveLength(0);
      expect((await bonusBalance(shop.db, inf.id)).available).toBe(750);
    } finally {
      await updateSettings(shop.db, { freeShippingThreshold: 15_000 });
    }
  });

  it('a Customer has no bonus to spend and no influencer profile (403)', async () => {
    const c = await createCustomer(shop);
    const p = await productWith(shop, 100, 2_000, productIndex++);
    await addToCart(shop.db, c.id, p.id, 1, c.id);
    expect((await api.get(`/cart/carts?userID=${c.id}`, c.headers)).body.bonus).toEqual({ bonus: 0 });
    expect((await api.get(`/user/influencer?userID=${c.id}`, c.headers)).status).toBe(403);
    const inf = await influencer();
    expect((await api.get(`/user/influencer?userID=${inf.id}`, c.headers)).status).toBe(403);
    expect((await api.get(`/user/influencer?userID=${inf.id}`)).status).toBe(401);
    const other = await influencer();
    expect((await api.get(`/user/influencer?userID=${inf.id}`, other.headers)).status).toBe(403);
    const admin = await createCustomer(shop, { role: 'Admin' });
    expect((await api.get(`/user/influencer?userID=${inf.id}`, admin.headers)).status).toBe(200);
  });
});

describe('promo codes linked to influencers', () => {
  it('editing a promo keeps its influencer; changes are audited; a Customer cannot be linked', async () => {
    const inf = await influencer();
    const p = await createPromo(shop.db, { code: 'KEEPLINK', kind: 'percent', value: 10, influencerUserId: inf.id }, 'admin:a1');
    const updated = await updatePromo(shop.db, p.id, { code: 'KEEPLINK', kind: 'percent', value: 12 }, 'admin:a1');
    expect(updated.influencerUserId).toBe(inf.id);
    const audit = await shop.db.select().from(auditLog).where(eq(auditLog.entityId, p.id)).orderBy(auditLog.createdAt);
    expect(audit.map((a) => a.action)).toEqual(['promo.create', 'promo.update']);
    expect(audit[1]).toMatchObject({ actor: 'admin:a1', before: { value: 10 }, after: { value: 12 } });
    const c = await createCustomer(shop);
    await expect(createPromo(shop.db, { code: 'TOCUSTOMER', kind: 'percent', value: 10, influencerUserId: c.id })).rejects.toMatchObject({
      code: 'invalid',
      opts: { fields: { influencerUserId: { key: 'notInfluencer' } } },
    });
    await expect(updatePromo(shop.db, p.id, { code: 'KEEPLINK', kind: 'percent', value: 12, influencerUserId: c.id })).rejects.toMatchObject({
      code: 'invalid',
    });
    const unlinked = await updatePromo(shop.db, p.id, { code: 'KEEPLINK', kind: 'percent', value: 12, influencerUserId: null }, 'admin:a1');
    expect(unlinked.influencerUserId).toBeNull();
  });

  it('every referral code has its promo row linked to its owner', async () => {
    const inf = await influencer();
    const [row] = await shop.db.select().from(promos).where(eq(promos.code, inf.referralCode));
    expect(row).toMatchObject({ kind: 'percent', value: 5, influencerUserId: inf.id, active: true });
    const [u] = await shop.db.select({ email: users.email }).from(users).where(eq(users.id, inf.id));
    expect(await influencerByEmail(shop.db, u.email.toUpperCase())).toMatchObject({ id: inf.id });
    const c = await createCustomer(shop);
    await expect(influencerByEmail(shop.db, c.email)).rejects.toThrow(/is a Customer/);
    await expect(influencerByEmail(shop.db, 'nobody@example.ch')).rejects.toThrow(/No account/);
  });
});
