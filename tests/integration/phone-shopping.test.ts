/**
 * The phone items of the shop (on PGlite and, with TEST_DATABASE_URL, on PostgreSQL): "buy now"
 * sets the chosen quantity and goes to checkout (a second tap does not double it), "pay now" starts
 * a new sandbox payment of the same abandoned card order and the sandbox's webhook pays it, an add
 * without scripts comes back with an "added" message, and the site name and logo of the settings
 * (checked uploads) show in the navbar and titles. Against the built server (`npx react-router build`).
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, cookieName } from '../../core/accounts/cookies.ts';
import { removeSiteLogo, setSiteLogo } from '../../core/brand/index.ts';
import { buyNow, getCart } from '../../core/cart/index.ts';
import { getSettings, siteBrand, updateSettings, invalidateSettings, MAX_LOGO_BYTES } from '../../core/config/index.ts';
import { orders } from '../../core/db/schema/orders.ts';
import { promos } from '../../core/db/schema/index.ts';
import { DomainError } from '../../core/errors.ts';
import { mayPayNow, payNow, SANDBOX_SIGNATURE_HEADER, sandboxWebhook } from '../../core/payments/index.ts';
import { referralOwners } from '../../core/promos/index.ts';
import { photoStore } from '../../core/catalogue/index.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createCustomer, productWith, type TestCustomer } from '../helpers/customers.ts';
import { userWithCookie, type TestHttp } from '../helpers/http.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;
let http: TestHttp;

beforeAll(async () => ({ shop, api, http } = await openTestSuite({ http: true })), 60_000);
afterAll(() => shop?.close());

const cookieOf = (c: TestCustomer) => `${cookieName(ACCESS_COOKIE, shop.env)}=${c.token}`;
const lineCount = async (c: TestCustomer, productId: string) => (await getCart(shop.db, c.id)).lines.find((l) => l.product.id === productId)?.count;

describe('buy now', () => {
  it('sets the line to the chosen quantity, also after an add and on a second tap; 0 and more than the stock are refused', async () => {
    const p = await productWith(shop, 10, 2400, 1);
    const c = await createCustomer(shop);
    await buyNow(shop.db, c.id, p.id, 4, c.id);
    await buyNow(shop.db, c.id, p.id, 4, c.id);
    expect(await lineCount(c, p.id)).toBe(4);
    await buyNow(shop.db, c.id, p.id, 2, c.id);
    expect(await lineCount(c, p.id)).toBe(2);
    await expect(buyNow(shop.db, c.id, p.id, 0, c.id)).rejects.toMatchObject({ code: 'invalid' });
    await expect(buyNow(shop.db, c.id, p.id, 11, c.id)).rejects.toMatchObject({ code: 'conflict' });
    expect(await lineCount(c, p.id)).toBe(2);
  });

  it("a product card's buy now (one unit) does not lower a quantity chosen before", async () => {
    const p = await productWith(shop, 10, 2400, 8);
    const c = await createCustomer(shop);
    await buyNow(shop.db, c.id, p.id, 1, c.id, { atLeast: true });
    expect(await lineCount(c, p.id)).toBe(1);
    await buyNow(shop.db, c.id, p.id, 3, c.id);
    await buyNow(shop.db, c.id, p.id, 1, c.id, { atLeast: true });
    expect(await lineCount(c, p.id)).toBe(3);
    const res = await http.postForm('/shopcart', { intent: 'buy', productId: p.id, count: '1', card: '1' }, cookieOf(c));
    expect(res.headers.get('location')).toBe('/payment');
    expect(await lineCount(c, p.id)).toBe(3);
  });

  it('the form without scripts goes to /payment with exactly the chosen quantity, tapped twice', async () => {
    const p = await productWith(shop, 10, 2400, 2);
    const c = await createCustomer(shop);
    for (let i = 0; i < 2; i++) {
      const res = await http.postForm('/shopcart', { intent: 'buy', productId: p.id, count: '3', returnTo: `/productdetail?id=${p.id}` }, cookieOf(c));
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/payment');
    }
    expect(await lineCount(c, p.id)).toBe(3);
    const page = await http.fetch('/payment', { cookie: cookieOf(c) });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(p.name);
  });
});

describe('the "added" message without scripts', () => {
  it('an add leads to the cart page, which says what was added and links back to the product where it was', async () => {
    const p = await productWith(shop, 10, 2400, 3);
    const c = await createCustomer(shop, { locale: 'de' });
    const res = await http.postForm('/shopcart', { intent: 'add', productId: p.id, count: '2', returnTo: '/client/products?sort=name' }, cookieOf(c));
    expect(res.status).toBe(302);
    const to = res.headers.get('location')!;
    expect(to).toBe(`/shopcart?${new URLSearchParams({ added: p.id, back: '/client/products?sort=name' })}`);
    const html = await (await http.fetch(to, { cookie: `${cookieOf(c)}; lang=de` })).text();
    expect(html).toMatch(/role="status" data-testid="added-notice">In den Warenkorb gelegt: [^<]+ \(jetzt 2 im Warenkorb\)/);
    expect(html).toContain(`href="/client/products?sort=name#p-${p.id}"`);
    // a page elsewhere, or an edited link naming a product not in the cart: no message, no way off the site
    const other = await productWith(shop, 10, 2400, 4);
    expect(await (await http.fetch(`/shopcart?added=${other.id}`, { cookie: cookieOf(c) })).text()).not.toContain('data-testid="added-notice"');
    const offSite = await (await http.fetch(`/shopcart?added=${p.id}&back=//evil.example/x`, { cookie: cookieOf(c) })).text();
    expect(offSite).toContain(`href="/client/products#p-${p.id}"`);
  });
});

describe('pay now', () => {
  async function sandboxOrder(index: number) {
    const p = await productWith(shop, 10, 8900, index);
    const c = await createCustomer(shop);
    await buyNow(shop.db, c.id, p.id, 1, c.id);
    const created = await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers);
    expect(created.status).toBe(201);
    const [row] = await shop.db.select().from(orders).where(eq(orders.id, created.body.order._id));
    return { c, p, order: row };
  }
  const webhook = async (row: typeof orders.$inferSelect, status: 'approved' | 'declined') => {
    const { raw, signature } = sandboxWebhook(shop, row, status);
    const res = await api.raw('/payment/webhook/sandbox', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      body: raw,
    });
    expect(res.status).toBe(200);
  };
  const statusOf = async (id: string) => (await shop.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0].status;

  it('an abandoned sandbox order offers "pay now", which starts a new payment of the same order; the webhook pays it', async () => {
    const { c, order } = await sandboxOrder(5);
    expect(mayPayNow(order)).toBe(true);
    const page = await (await http.fetch(`/client/historydetails?id=${order.code}`, { cookie: cookieOf(c) })).text();
    expect(page).toContain('data-testid="pay-now"');
    const list = await (await http.fetch('/client/history', { cookie: cookieOf(c) })).text();
    expect(list).toContain('data-testid="pay-now"');

    const res = await http.postForm(`/client/historydetails?id=${order.code}`, { intent: 'pay' }, cookieOf(c));
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!, 'http://shop.test');
    expect(to.pathname).toBe('/sandbox-pay');
    expect(to.searchParams.get('order')).toBe(order.id);
    // no second order was made
    expect((await shop.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, c.id))).length).toBe(1);

    await webhook(order, 'approved');
    expect(await statusOf(order.id)).toBe('paid');
    const [paid] = await shop.db.select().from(orders).where(eq(orders.id, order.id));
    expect(mayPayNow(paid)).toBe(false);
    await expect(payNow(shop, order.id, { userId: c.id, role: 'Customer' }, 'http://shop.test')).rejects.toMatchObject({
      code: 'conflict',
      opts: { key: 'orderNotPayable' },
    });
    expect(await (await http.fetch(`/client/historydetails?id=${order.code}`, { cookie: cookieOf(c) })).text()).not.toContain('data-testid="pay-now"');
  });

  it("is not offered for a declined (cancelled), expired, bank-transfer or someone else's order", async () => {
    const { c, order } = await sandboxOrder(6);
    await webhook(order, 'declined');
    expect(await statusOf(order.id)).toBe('cancelled');
    await expect(payNow(shop, order.id, { userId: c.id, role: 'Customer' }, 'http://shop.test')).rejects.toMatchObject({ code: 'conflict' });
    expect(mayPayNow({ ...order, expiresAt: new Date(Date.now() - 1000) })).toBe(false);
    expect(mayPayNow({ ...order, paymentMethod: 'qr-bill' })).toBe(false);
    const other = await sandboxOrder(7);
    const stranger = await createCustomer(shop);
    await expect(payNow(shop, other.order.id, { userId: stranger.id, role: 'Customer' }, 'http://shop.test')).rejects.toMatchObject({ code: 'not_found' });
    const refused = await http.postForm(`/client/historydetails?id=${order.code}`, { intent: 'pay' }, cookieOf(c));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('This order no longer awaits payment.');
  });
});

describe('site name and logo', () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 4, background: { r: 122, g: 74, b: 34, alpha: 1 } } })
      .png()
      .toBuffer()
      .then((b) => new Uint8Array(b));

  it("the settings' name shows in the navbar, the footer and the title", async () => {
    await updateSettings(shop.db, { siteName: 'Tabacalera Keller' });
    invalidateSettings(shop.db);
    const html = await (await http.fetch('/client/products')).text();
    expect(html).toMatch(/<title>[^<]* · Tabacalera Keller<\/title>/);
    expect(html).toMatch(/data-testid="site-name">Tabacalera Keller</);
    expect(html).toContain('<p class="footer-brand">Tabacalera Keller</p>');
    await updateSettings(shop.db, { siteName: '' });
    invalidateSettings(shop.db);
    expect(await (await http.fetch('/client/products')).text()).toMatch(/<title>[^<]* · Casa del Tabaco<\/title>/);
  });

  it('a logo is rendered as photos are, served, shown in the navbar; the old files go when it is replaced or removed', async () => {
    const first = await setSiteLogo(shop, await png(400, 100), 'admin:test');
    // rendered in the photo widths up to its own (here 320 of 400 px wide)
    expect(first.siteLogo).toMatchObject({ width: 320, height: 80, widths: [320] });
    const brand = siteBrand(first);
    expect(brand.logo).toMatchObject({ width: 128, height: 32 });
    const file = await http.fetch(brand.logo!.src);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    invalidateSettings(shop.db);
    expect(await (await http.fetch('/')).text()).toContain(`src="${brand.logo!.src}"`);

    const second = await setSiteLogo(shop, await png(800, 200), 'admin:test');
    expect(second.siteLogo!.id).not.toBe(first.siteLogo!.id);
    expect(await photoStore(shop.env).get(`products/${first.siteLogo!.id}/320.jpg`)).toBeNull();
    await removeSiteLogo(shop, 'admin:test');
    expect((await getSettings(shop.db)).siteLogo).toBeNull();
    expect(await photoStore(shop.env).get(`products/${second.siteLogo!.id}/320.jpg`)).toBeNull();
  });

  it('refuses a file that is too large or no image, with a message on the logo field', async () => {
    const big = new Uint8Array(MAX_LOGO_BYTES + 1);
    const tooLarge = await setSiteLogo(shop, big, 'admin:test').catch((e: unknown) => e);
    expect(tooLarge).toBeInstanceOf(DomainError);
    expect((tooLarge as DomainError).opts.fields?.siteLogo).toEqual({ key: 'admin:settings.logoTooLarge', params: { mb: 2 } });
    const text = await setSiteLogo(shop, new TextEncoder().encode('<svg onload="alert(1)"/>'), 'admin:test').catch((e: unknown) => e);
    expect((text as DomainError).opts.fields?.siteLogo).toMatchObject({ key: 'adminshop:errors.photoNotImage' });
    expect((await getSettings(shop.db)).siteLogo).toBeNull();
  });
});

describe('referral codes in the promo list', () => {
  it('names the owner of each referral code', async () => {
    const owner = await createCustomer(shop, { role: 'Influencer' });
    await shop.db
      .insert(promos)
      .values({ id: crypto.randomUUID(), code: `REF${owner.id.slice(0, 5).toUpperCase()}`, kind: 'percent', value: 5, influencerUserId: owner.id });
    const rows = await shop.db.select().from(promos).where(eq(promos.influencerUserId, owner.id));
    const owners = await referralOwners(shop.db, rows);
    expect(owners.get(owner.id)).toMatchObject({ name: 'Anna Muster', email: owner.email });
    expect((await referralOwners(shop.db, [{ influencerUserId: null }])).size).toBe(0);
  });
});

describe('admin setup details', () => {
  it("the promo list names an admin's own referral code; the profile shows no 1970-01-01 birthday never entered", async () => {
    const admin = await userWithCookie(shop, 'Admin', { dateOfBirth: '1970-01-01', firstName: 'Vera', lastName: 'Keller' });
    await shop.db
      .insert(promos)
      .values({ id: crypto.randomUUID(), code: `OWN${admin.userId.slice(0, 5).toUpperCase()}`, kind: 'percent', value: 5, influencerUserId: admin.userId });
    const list = await (await http.fetch('/admin/promo/list', { cookie: admin.cookie })).text();
    expect(list).toContain('Your own referral code: anyone who uses it gets the discount, and you earn a bonus.');
    const profile = await http.fetch('/profile', { cookie: admin.cookie });
    expect(profile.status).toBe(200);
    expect(await profile.text()).not.toContain('1970-01-01');
  });
});
