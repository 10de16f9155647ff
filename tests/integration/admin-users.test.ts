/**
 * Users and data protection in the admin and on /profile: block/unblock (login refused,
 * refresh tokens revoked, the 15-minute access token refused at once, web session ended), editing
 * a user, the password-reset mail, data export as JSON, erasure that keeps the orders anonymised
 * (refused while an order is open), the customer deleting their own account with their password,
 * the audit entries each change writes, and 404 (not 403) for unknown ids in the admin.
 * Real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), the whole HTTP app in-process.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../core/db/schema/accounts.ts';
import { refreshSession } from '../../core/accounts/sessions.ts';
import { auditLog } from '../../core/db/schema/audit.ts';
import { addToCart } from '../../core/cart/service.ts';
import { outbox } from '../../core/db/schema/mail.ts';
import { orders } from '../../core/db/schema/orders.ts';
import { adminTransition } from '../../core/orders/index.ts';
import type { Shop } from '../../core/shop.ts';
import { GOOD_PASSWORD, userWithRole, type TestUser } from '../helpers/accounts.ts';
import type { ApiClient } from '../helpers/api.ts';
import { productWith } from '../helpers/customers.ts';
import type { TestHttp } from '../helpers/http.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;
let http: TestHttp;
let admin: TestUser;
let adminCookie: string;

const cookieOf = (u: TestUser) => `access_token=${u.accesToken}; refresh_token=${u.refreshToken}`;
const details = (id: string) => `/admin/user/details?id=${encodeURIComponent(id)}`;

/** Places an unpaid sandbox order for a user (through the API, as the shop does). */
async function placeOrder(u: TestUser): Promise<{ id: string; code: string }> {
  const p = await productWith(shop, 50, 1500, 2);
  await addToCart(shop.db, u.userId, p.id, 1, u.userId);
  const r = await api.post(
    '/order/create',
    { userID: u.userId, paymentMethod: 'sandbox', address: { street: 'Seestrasse 5', postalCode: '8002', city: 'Zürich' } },
    u.h,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { id: r.body.order._id ?? r.body.order.id, code: r.body.order.code };
}

async function auditActions(userId: string): Promise<string[]> {
  const rows = await shop.db
    .select({ action: auditLog.action, actor: auditLog.actor })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, userId)));
  return rows.map((r) => `${r.action} ${r.actor}`);
}

beforeAll(async () => {
  ({ shop, api, http } = await openTestSuite({ http: true, wideRateLimits: true }));
  admin = await userWithRole(shop, api, 'Admin');
  adminCookie = cookieOf(admin);
});
afterAll(() => shop.close());

describe('blocking a user', () => {
  it('refuses their login, their refresh token and their still-valid access token; unblocking lets them in again', async () => {
    const c = await userWithRole(shop, api, 'Customer');
    // signed in: the API and the web session work
    expect((await api.get(`/user/getUser?userID=${c.userId}`, c.h)).status).toBe(200);
    expect((await http.fetch('/profile', { cookie: `access_token=${c.accesToken}`, redirect: 'manual' })).status).toBe(200);

    const res = await http.postForm(details(c.userId), { intent: 'block' }, adminCookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('blocked and signed out');

    // the 15-minute access token stops working at once (API and web pages)
    const apiAfter = await api.get(`/user/getUser?userID=${c.userId}`, c.h);
    expect(apiAfter.status).toBe(401);
    const page = await http.fetch('/profile', { cookie: cookieOf(c), redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toMatch(/^\/login/);
    // the refresh token was revoked
    await expect(refreshSession(shop, c.refreshToken)).rejects.toMatchObject({ code: 'unauthenticated' });
    // a new login is refused with a clear message
    const login = await api.post('/user/login', { email: c.email, password: GOOD_PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.message).toMatch(/blocked/i);
    const webLogin = await http.postForm('/login', { email: c.email, password: GOOD_PASSWORD });
    expect(webLogin.status).toBe(403);

    // the list filters by status
    const list = await http.fetch(`/admin/user/list?status=blocked&q=${encodeURIComponent(c.email)}`, { cookie: adminCookie });
    expect(await list.text()).toContain(`details?id=${c.userId}`);
    const active = await http.fetch(`/admin/user/list?status=active&q=${encodeURIComponent(c.email)}`, { cookie: adminCookie });
    expect(await active.text()).not.toContain(`details?id=${c.userId}`);

    await http.postForm(details(c.userId), { intent: 'unblock' }, adminCookie);
    expect((await api.post('/user/login', { email: c.email, password: GOOD_PASSWORD })).status).toBe(200);
    expect(await auditActions(c.userId)).toEqual(expect.arrayContaining([`user.block admin:${admin.userId}`, `user.unblock admin:${admin.userId}`]));
  });

  it('an admin cannot block themself', async () => {
    const res = await http.postForm(details(admin.userId), { intent: 'block' }, adminCookie);
    expect(res.status).toBe(403);
    const [u] = await shop.db.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, admin.userId));
    expect(u.blockedAt).toBeNull();
  });
});

describe('the user page', () => {
  it('edits name, phone, address and role with field errors, and audits the change', async () => {
    const c = await userWithRole(shop, api, 'Customer');
    // the user page's form making the customer Eva Keller, Influencer, in Genève with this postcode
    const update = (postalCode: string) => ({
      intent: 'update',
      firstName: 'Eva',
      lastName: 'Keller',
      phone: '+41 79 000 11 22',
      street: 'Rue du Marché 5',
      postalCode,
      city: 'Genève',
      country: 'CH',
      role: 'Influencer',
    });
    const bad = await http.postForm(details(c.userId), update('80'), adminCookie);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('4-digit Swiss postcode');
    const ok = await http.postForm(details(c.userId), update('1204'), adminCookie);
    expect(ok.status).toBe(200);
    const [u] = await shop.db.select().from(users).where(eq(users.id, c.userId));
    expect(u).toMatchObject({ firstName: 'Eva', lastName: 'Keller', city: 'Genève', country: 'CH', role: 'Influencer' });
    expect(u.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    const [entry] = await shop.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, c.userId), eq(auditLog.action, 'user.update')));
    expect(entry.actor).toBe(`admin:${admin.userId}`);
    expect(entry.before).toMatchObject({ role: 'Customer', city: 'Zürich' });
    expect(entry.after).toMatchObject({ role: 'Influencer', city: 'Genève' });
    // the role applies to the next request, without waiting for the token to expire
    const me = await api.get(`/user/getUser?userID=${c.userId}`, c.h);
    expect(me.body.role ?? me.body.user?.role).toBe('Influencer');
    // and the audit page shows it
    const auditPage = await http.fetch(`/admin/audit?entity=user&entityId=${c.userId}`, { cookie: adminCookie });
    const html = await auditPage.text();
    expect(html).toContain('User edited');
    expect(html).toContain('Genève');
  });

  it("sends a password-reset e-mail in the user's language and lists their orders", async () => {
    const c = await userWithRole(shop, api, 'Customer');
    const order = await placeOrder(c);
    const res = await http.postForm(details(c.userId), { intent: 'reset' }, adminCookie);
    expect(res.status).toBe(200);
    const mails = await shop.db.select().from(outbox).where(eq(outbox.to, c.email));
    expect(mails.some((m) => /\/reset\/[A-Za-z0-9_-]{20,}/.test(m.text))).toBe(true);
    const page = await http.fetch(details(c.userId), { cookie: adminCookie });
    const html = await page.text();
    expect(html).toContain(order.code);
    expect(html).toContain(c.email);
  });

  it('answers 404 "not found" (not 403) for an unknown user or order', async () => {
    for (const url of [
      '/admin/user/details?id=no-such-user',
      '/admin/order/details?id=no-such-order',
      '/admin/order/edit?id=no-such-order',
      '/admin/user/export?id=no-such-user',
    ]) {
      const res = await http.fetch(url, { cookie: adminCookie });
      const html = await res.text();
      expect(res.status, url).toBe(404);
      const visible = html.replace(/<script[\s\S]*?<\/script>/g, '');
      expect(visible, url).not.toMatch(/not allowed/i);
      if (!url.includes('export')) expect(visible, url).toMatch(/<h1>Not found<\/h1>/);
    }
  });
});

describe('data protection', () => {
  it("exports a customer's data as JSON for the admin and for the customer, and for nobody else", async () => {
    const c = await userWithRole(shop, api, 'Customer');
    const other = await userWithRole(shop, api, 'Customer');
    const order = await placeOrder(c);
    const res = await http.fetch(`/admin/user/export?id=${c.userId}`, { cookie: adminCookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment/);
    const doc = (await res.json()) as { account: Record<string, unknown>; orders: { code: string; totalChf: string; lineItems: unknown[] }[] };
    expect(doc.account.email).toBe(c.email);
    expect(JSON.stringify(doc)).not.toMatch(/argon2|passwordHash/);
    expect(doc.orders.map((o) => o.code)).toContain(order.code);
    expect(doc.orders[0].lineItems.length).toBeGreaterThan(0);

    const own = await http.fetch('/profile/export', { cookie: cookieOf(c) });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { account: { email: string } }).account.email).toBe(c.email);
    // another customer gets 403 on the admin export; anonymous visitors go to /login
    expect((await http.fetch(`/admin/user/export?id=${c.userId}`, { cookie: cookieOf(other), redirect: 'manual' })).status).toBe(403);
    const anon = await http.fetch('/profile/export', { redirect: 'manual' });
    expect(anon.status).toBe(302);
  });

  it('erasure is refused while an order is open, then anonymises the person and keeps the orders', async () => {
    const c = await userWithRole(shop, api, 'Customer');
    const order = await placeOrder(c);
    const noConfirm = await http.postForm(details(c.userId), { intent: 'erase' }, adminCookie);
    expect(noConfirm.status).toBe(400);
    const refused = await http.postForm(details(c.userId), { intent: 'erase', confirm: 'yes' }, adminCookie);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(order.code);
    const [still] = await shop.db.select().from(users).where(eq(users.id, c.userId));
    expect(still.email).toBe(c.email);

    await adminTransition(shop, order.id, 'cancelled', admin.userId, 'customer asked');
    const erased = await http.postForm(details(c.userId), { intent: 'erase', confirm: 'yes' }, adminCookie);
    expect(erased.status).toBe(200);
    expect(await erased.text()).toContain('1 order kept anonymised');

    const [u] = await shop.db.select().from(users).where(eq(users.id, c.userId));
    expect(u.email).not.toContain(c.email);
    expect(u).toMatchObject({ firstName: 'Erased', lastName: '', phone: '', street: '', city: '' });
    expect(u.anonymisedAt).not.toBeNull();
    const [o] = await shop.db.select().from(orders).where(eq(orders.id, order.id));
    expect(o.total).toBeGreaterThan(0);
    expect(o.address).toMatchObject({ firstName: 'Erased', lastName: '', street: '', city: '', postalCode: '8002', country: 'CH' });
    expect(await shop.db.select().from(outbox).where(eq(outbox.to, c.email))).toHaveLength(0);
    // nobody can log in as the erased person, and their old token is refused
    expect((await api.post('/user/login', { email: c.email, password: GOOD_PASSWORD })).status).toBe(401);
    expect((await api.get(`/user/getUser?userID=${c.userId}`, c.h)).status).toBe(401);
    expect(await auditActions(c.userId)).toContain(`user.erase admin:${admin.userId}`);
    // erasing twice says so
    expect((await http.postForm(details(c.userId), { intent: 'erase', confirm: 'yes' }, adminCookie)).status).toBe(409);
  });

  it('a customer deletes their own account on /profile with their password', async () => {
    const c = await userWithRole(shop, api, 'Customer');
    const wrong = await http.postForm('/profile', { intent: 'erase', password: 'not-my-password' }, cookieOf(c));
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('current password is wrong');
    const res = await http.postForm('/profile', { intent: 'erase', password: GOOD_PASSWORD }, cookieOf(c));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Your account was deleted');
    const [u] = await shop.db.select().from(users).where(eq(users.id, c.userId));
    expect(u.anonymisedAt).not.toBeNull();
    expect(await auditActions(c.userId)).toContain(`user.erase user:${c.userId}`);
    // the old cookies no longer open the profile
    const after = await http.fetch('/profile', { cookie: cookieOf(c), redirect: 'manual' });
    expect(after.status).toBe(302);
  });
});
