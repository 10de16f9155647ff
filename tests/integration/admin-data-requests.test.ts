/**
 * Every /admin/* loader guards itself: a single-route data request (`/admin/x.data?_routes=…`,
 * which React Router answers without running the admin layout's loader) is refused to
 * anonymous visitors, Customers and Influencers, and answered for Admins (issue 4, item 6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '../../core/shop.ts';
import { createTestHttp, userWithCookie, type TestHttp } from '../helpers/http.ts';
import { createTestShop } from '../helpers/shop.ts';

const ADMIN_ROUTES: [string, string][] = [
  ['/admin', 'routes/admin/index'],
  ['/admin/home', 'routes/admin/home'],
  ['/admin/settings', 'routes/admin/settings'],
  ['/admin/order/list', 'routes/admin/order.list'],
  ['/admin/order/details', 'routes/admin/order.details'],
  ['/admin/order/edit', 'routes/admin/order.edit'],
  ['/admin/product/add', 'routes/admin/product.add'],
  ['/admin/product/list', 'routes/admin/product.list'],
  ['/admin/promo/edit', 'routes/admin/promo.edit'],
  ['/admin/promo/list', 'routes/admin/promo.list'],
  ['/admin/user/add', 'routes/admin/user.add'],
  ['/admin/user/list', 'routes/admin/user.list'],
  ['/admin/outbox', 'routes/admin/outbox'],
];

let shop: Shop;
let http: TestHttp;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  shop = await createTestShop();
  http = await createTestHttp(shop);
  for (const role of ['Customer', 'Influencer', 'Admin'] as const) cookies[role] = (await userWithCookie(shop, role)).cookie;
});
afterAll(() => shop.close());

/** The data-request URL React Router's client uses for one route. */
const dataUrl = (path: string, routeId: string) => `${path}.data?${routeId.endsWith('/index') ? 'index&' : ''}_routes=${encodeURIComponent(routeId)}`;

describe('single-route data requests to admin loaders', () => {
  it.each(ADMIN_ROUTES)('%s is refused to anonymous, Customer and Influencer, answered for Admin', async (path, routeId) => {
    const url = dataUrl(path, routeId);
    const anon = await http.fetch(url, { redirect: 'manual' });
    const anonBody = await anon.text();
    // React Router encodes a thrown redirect in the data stream (status 202/204 with a redirect payload)
    expect(anon.status === 302 || anon.status === 204 || anon.status === 202 || /\/login/.test(anonBody), `${url} anon ${anon.status}`).toBe(true);
    expect(anonBody).not.toMatch(/"email"|argon2/);
    for (const role of ['Customer', 'Influencer']) {
      const res = await http.fetch(url, { cookie: cookies[role], redirect: 'manual' });
      const body = await res.text();
      expect(res.status, `${url} as ${role}`).toBe(403);
      expect(body).not.toMatch(/argon2|@example\.ch/);
    }
    const admin = await http.fetch(url, { cookie: cookies.Admin, redirect: 'manual' });
    expect(admin.status, `${url} as Admin`).toBeLessThan(400);
  });
});
