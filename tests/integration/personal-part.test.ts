/**
 * The personal part of a shared page, `GET /personal` (server/personal-part.ts, ADR 015), through
 * the whole HTTP app: it answers the visitor's own user and cart only, is never stored, follows
 * cart changes, a changed role and a blocked account at once, clears a stale hint, and never
 * gives one visitor's part to another. PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../core/db/schema/accounts.ts';
import { addToCart, getCart, mergeCarts } from '../../core/cart/service.ts';
import { currentAccountWithCart } from '../../core/cart/session-cart.ts';
import { queryCount } from '../../core/db/client.ts';
import type { PersonalPart } from '../../server/personal-part.ts';
import { productWith } from '../helpers/customers.ts';
import { cookiesOf, userWithCookie } from '../helpers/http.ts';
import { useTestSuite } from '../helpers/suite.ts';

const t = useTestSuite({ http: true });

const personal = async (cookie?: string) => {
  const res = await t.http.fetch('/personal', { cookie });
  return { res, body: (await res.json()) as PersonalPart };
};

describe('GET /personal', () => {
  it("answers a signed-in customer's user and cart lines only, as private JSON that no cache keeps", async () => {
    const p = await productWith(t.shop, 9, 1500, 0);
    const user = await userWithCookie(t.shop, 'Customer');
    await addToCart(t.shop.db, user.userId, p.id, 2, user.userId);
    const { res, body } = await personal(`${user.cookie}; personal=2`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(body.user).toEqual({ userId: user.userId, role: 'Customer' });
    expect(body.cart.itemCount).toBe(2);
    expect(body.cart.lines).toEqual([expect.objectContaining({ productId: p.id, count: 2, unitPrice: 1500, lineTotal: 3000 })]);
    expect(body.cart.subtotal).toBe(3000);
    // nothing of the page: only the two personal fields
    expect(Object.keys(body).sort()).toEqual(['cart', 'user']);
  });

  it('shows a cart change, a changed role and a blocked account on the next request', async () => {
    const p = await productWith(t.shop, 9, 800, 1);
    const user = await userWithCookie(t.shop, 'Customer');
    expect((await personal(user.cookie)).body.cart.itemCount).toBe(0);
    await addToCart(t.shop.db, user.userId, p.id, 3, user.userId);
    expect((await personal(user.cookie)).body.cart.itemCount).toBe(3);
    await t.shop.db.update(users).set({ role: 'Admin' }).where(eq(users.id, user.userId));
    expect((await personal(user.cookie)).body.user?.role).toBe('Admin');
    await t.shop.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, user.userId));
    const blocked = await personal(`${user.cookie}; personal=2`);
    expect(blocked.body.user).toBeNull();
    expect(blocked.body.cart.itemCount).toBe(0);
    // the ended session's cookies and the hint are cleared by this answer
    const cleared = blocked.res.headers.getSetCookie().join('\n');
    expect(cleared).toMatch(/access_token=;/);
    expect(cleared).toMatch(/personal=;.*Max-Age=0/);
  });

  it("answers an anonymous visitor's filled cart by its cart cookie, and nobody's part to a visitor without cookies", async () => {
    const p = await productWith(t.shop, 5, 1200, 2);
    const cartCookie = cookiesOf(await t.http.fetch('/'));
    expect(cartCookie).toMatch(/cart_id=/);
    const added = await t.http.postForm('/shopcart', { intent: 'add', productId: p.id, count: '1', returnTo: '/' }, cartCookie);
    expect(added.status).toBeLessThan(400);
    const own = await personal(`${cartCookie}; cart_items=1; personal=2`);
    expect(own.body.user).toBeNull();
    expect(own.body.cart.lines.map((l) => l.productId)).toEqual([p.id]);
    const stranger = await personal();
    expect(stranger.body).toEqual({ user: null, cart: expect.objectContaining({ lines: [], itemCount: 0 }) });
    // no cart cookie is handed out by this request
    expect(stranger.res.headers.getSetCookie().join('\n')).not.toMatch(/cart_id=/);
  });

  it('costs one statement for a signed-in customer with a plain cart (the account check reads the cart too), besides the content version read on PostgreSQL', async () => {
    const p = await productWith(t.shop, 9, 700, 3);
    const user = await userWithCookie(t.shop, 'Customer');
    await addToCart(t.shop.db, user.userId, p.id, 1, user.userId);
    await personal(user.cookie); // settings and content version known
    const before = queryCount();
    const { body } = await personal(user.cookie);
    // PostgreSQL: the settings' content version is read (shared by concurrent requests); PGlite counts it in memory
    const versionRead = process.env.TEST_DATABASE_URL ? 1 : 0;
    expect(queryCount() - before).toBe(1 + versionRead);
    expect(body.cart.itemCount).toBe(1);
  });

  it('clears a stale hint (no session, no cart any more)', async () => {
    const { res, body } = await personal('personal=2');
    expect(body.user).toBeNull();
    expect(res.headers.getSetCookie().join('\n')).toMatch(/personal=;.*Max-Age=0/);
  });
});

describe('currentAccountWithCart', () => {
  it('answers the account as currentAccount does and the cart as getCart reads it; null for a blocked or unknown account', async () => {
    const a = await productWith(t.shop, 9, 1000, 4);
    const b = await productWith(t.shop, 9, 2000, 5);
    const user = await userWithCookie(t.shop, 'Influencer');
    expect(await currentAccountWithCart(t.shop.db, { userId: user.userId })).toEqual({
      user: { userId: user.userId, role: 'Influencer', sessionVersion: 0 },
      cart: await getCart(t.shop.db, user.userId),
    });
    await addToCart(t.shop.db, user.userId, b.id, 2, user.userId);
    await addToCart(t.shop.db, user.userId, a.id, 1, user.userId);
    const both = await currentAccountWithCart(t.shop.db, { userId: user.userId });
    if (!both || both === 'stale') throw new Error('the session should be current');
    expect(both.cart).toEqual(await getCart(t.shop.db, user.userId));
    expect(both.cart.lines.map((l) => l.product.id)).toEqual([b.id, a.id]);
    await t.shop.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, user.userId));
    expect(await currentAccountWithCart(t.shop.db, { userId: user.userId })).toBeNull();
    expect(await currentAccountWithCart(t.shop.db, { userId: 'no-such-user' })).toBeNull();
  });
});

describe("someone else's user id in the cart cookie", () => {
  it('opens no cart on the personal part or on a page, and the cookie is replaced by a new anonymous id', async () => {
    const p = await productWith(t.shop, 9, 1100, 6);
    const victim = await userWithCookie(t.shop, 'Customer');
    await addToCart(t.shop.db, victim.userId, p.id, 4, victim.userId);
    const { body } = await personal(`cart_id=${victim.userId}`);
    expect(body.user).toBeNull();
    expect(body.cart.itemCount).toBe(0);
    const cart = await t.http.fetch('/shopcart', { cookie: `cart_id=${victim.userId}` });
    expect(cart.status).toBe(200);
    expect(await cart.text()).not.toContain(p.name);
    const issued = cart.headers.getSetCookie().find((c) => c.startsWith('cart_id='));
    expect(issued).toMatch(/^cart_id=[\w-]{32};/);
  });

  it("is never merged into the signing-in user's cart: the other user's cart keeps its lines", async () => {
    const p = await productWith(t.shop, 9, 1300, 7);
    const victim = await userWithCookie(t.shop, 'Customer');
    const thief = await userWithCookie(t.shop, 'Customer');
    await addToCart(t.shop.db, victim.userId, p.id, 2, victim.userId);
    const merged = await mergeCarts(t.shop.db, thief.userId, victim.userId);
    expect(merged.lines).toEqual([]);
    expect((await getCart(t.shop.db, victim.userId)).lines.map((l) => [l.product.id, l.count])).toEqual([[p.id, 2]]);
  });
});
