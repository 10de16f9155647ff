/**
 * API clients fetch their invoice with the access token; a demoted admin
 * loses the role at once; throttles on order creation, password change and invoice PDFs
 *.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../core/db/schema/accounts.ts';
import { addToCart } from '../../core/cart/service.ts';
import { setRateLimits } from '../../core/rate-limit/limiter.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { userWithRole } from '../helpers/accounts.ts';
import { createCustomer, productWith, customerWithCart } from '../helpers/customers.ts';
import { userWithCookie, type TestHttp } from '../helpers/http.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;
let http: TestHttp;

beforeAll(async () => {
  ({ shop, api, http } = await openTestSuite({ http: true }));
}, 60_000);
afterAll(() => shop.close());

describe('the invoice URL of payment/start works for API clients', () => {
  it('answers the PDF to the accestoken header, 401 to a bad token, the login page to nobody', async () => {
    const { c } = await customerWithCart(shop, { stock: 10, basePrice: 4500, index: 2 });
    const created = await api.post('/order/create', { userID: c.id, paymentMethod: 'qr-bill' }, c.headers);
    expect(created.status).toBe(201);
    const start = await api.post('/payment/start', { orderID: created.body.order._id }, c.headers);
    const url = start.body.invoiceUrl as string;
    expect(url).toMatch(/^\/client\/invoice\?id=/);
    const pdf = await http.fetch(url, { headers: { accestoken: c.token } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await http.fetch(url, { headers: { authorization: `Bearer ${c.token}` } })).status).toBe(200);
    expect((await http.fetch(url, { headers: { accestoken: 'not-a-token' } })).status).toBe(401);
    const other = await createCustomer(shop);
    expect((await http.fetch(url, { headers: { accestoken: other.token } })).status).toBe(404);
    const anonymous = await http.fetch(url);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toMatch(/^\/login/);
  });
});

describe('a demoted admin loses the role at once', () => {
  it('on the API and on admin pages, with a token issued while still admin', async () => {
    const admin = await userWithCookie(shop, 'Admin');
    expect((await api.get('/user/list', { accestoken: admin.token })).status).toBe(200);
    expect((await http.fetch('/admin/home', { cookie: admin.cookie })).status).toBe(200);
    await shop.db.update(users).set({ role: 'Customer' }).where(eq(users.id, admin.userId));
    expect((await api.get('/user/list', { accestoken: admin.token })).status).toBe(403);
    expect((await http.fetch('/admin/home', { cookie: admin.cookie })).status).toBe(403);
  });
});

describe('throttles', () => {
  it('order creation is limited per customer', async () => {
    await setRateLimits(shop, { order: { ip: 100, account: 2, duration: 3600 } });
    const c = await createCustomer(shop);
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const p = await productWith(shop, 10, 1000, 5 + i);
      await addToCart(shop.db, c.id, p.id, 1, c.id);
      answers.push((await api.post('/order/create', { userID: c.id, paymentMethod: 'qr-bill' }, c.headers)).status);
    }
    expect(answers).toEqual([201, 201, 429]);
    await setRateLimits(shop, { order: { ip: 1000, account: 1000, duration: 3600 } });
  });

  it('password change is limited per account', async () => {
    await setRateLimits(shop, { password: { ip: 100, account: 3, duration: 900 } });
    const u = await userWithRole(shop, api, 'Customer');
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(
        (await api.post('/user/changePassword', { userID: u.userId, currentPassword: `wrong-${i}-password`, newPassword: 'Another-Cohiba-2026' }, u.h)).status,
      );
    expect(answers).toEqual([400, 400, 400, 429]);
  });

  it('invoice PDFs are limited per account (default: 30 an hour)', async () => {
    // the page runs in the server build, which has its own copy of the limits: the defaults apply
    const c = await createCustomer(shop);
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push((await http.fetch('/client/invoice?id=nothing', { headers: { accestoken: c.token } })).status);
    expect(answers.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(answers[30]).toBe(429);
  });
});
