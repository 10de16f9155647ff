/**
 * Every admin route and action is refused on the server to anonymous visitors, Customers and
 * Influencers, table-driven:
 * - every /admin/* loader guards itself: a single-route data request (`/admin/x.data?_routes=…`,
 *   which React Router answers without running the admin layout's loader) is refused, and
 *   answered for Admins;
 * - every admin page action (document POST and single-route data POST) is refused and changes
 *   nothing (the database is compared before and after);
 * - the admin resource routes (user data export) and the admin JSON API endpoints are refused.
 * `ADMIN_ROUTES` must list every admin route of app/routes.ts: a test checks that it does.
 */
import fs from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '../../app/routes.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { auditLog } from '../../core/db/schema/audit.ts';
import { products } from '../../core/db/schema/catalogue.ts';
import { shopConfig } from '../../core/db/schema/config.ts';
import { outbox } from '../../core/db/schema/mail.ts';
import { promos } from '../../core/db/schema/promos.ts';
import type { Shop } from '../../core/shop.ts';
import { userWithCookie, type TestHttp } from '../helpers/http.ts';
import { openTestSuite } from '../helpers/suite.ts';

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
  ['/admin/user/details', 'routes/admin/user.details'],
  ['/admin/audit', 'routes/admin/audit'],
  ['/admin/outbox', 'routes/admin/outbox'],
  ['/admin/order/packing', 'routes/admin/order.packing'],
  ['/admin/custombox', 'routes/admin/custombox'],
  ['/admin/releases', 'routes/admin/releases'],
  ['/admin/refunds', 'routes/admin/refunds'],
  ['/admin/vat', 'routes/admin/vat'],
  ['/admin/product/photos', 'routes/admin/product.photos'],
];

/** Every admin page action, with a form that an Admin's request would act on. `{user}` / `{victim}` are filled in. */
const ADMIN_ACTIONS: [string, string, Record<string, string>][] = [
  ['/admin/settings', 'routes/admin/settings', { shop_closed: 'on', companyName: 'Hacked GmbH' }],
  ['/admin/order/edit?id=nope', 'routes/admin/order.edit', { to: 'cancelled' }],
  ['/admin/order/list', 'routes/admin/order.list', { intent: 'match' }],
  ['/admin/product/add', 'routes/admin/product.add', { sku: 'HACK-1', name: 'Hack', category: 'accessory', basePriceChf: '1.00', stock: '1' }],
  ['/admin/promo/edit', 'routes/admin/promo.edit', { code: 'HACKED', kind: 'percent', value: '50', minOrder: '0', active: 'on' }],
  [
    '/admin/user/add',
    'routes/admin/user.add',
    {
      firstName: 'H',
      lastName: 'H',
      email: 'hacker@example.ch',
      phone: '+41 79 000 00 00',
      dateOfBirth: '1980-01-01',
      street: 'x 1',
      postalCode: '8000',
      city: 'Z',
      password: 'Hacker-Password-1',
      role: 'Admin',
    },
  ],
  ['/admin/user/list', 'routes/admin/user.list', { userId: '{user}', role: 'Admin' }],
  ['/admin/user/details?id={victim}', 'routes/admin/user.details', { intent: 'block' }],
  ['/admin/user/details?id={victim}', 'routes/admin/user.details', { intent: 'erase', confirm: 'yes' }],
  ['/admin/user/details?id={victim}', 'routes/admin/user.details', { intent: 'reset' }],
  [
    '/admin/user/details?id={victim}',
    'routes/admin/user.details',
    { intent: 'update', firstName: 'X', lastName: 'Y', phone: '+41 79 000 00 00', street: 'a 1', postalCode: '8000', city: 'Z', country: 'CH', role: 'Admin' },
  ],
  ['/admin/order/details?id=nope', 'routes/admin/order.details', { id: 'nope', intent: 'refund', amountChf: '1.00' }],
  ['/admin/product/list', 'routes/admin/product.list', { intent: 'import', csvText: 'sku,name\nHACK-2,Hack' }],
  ['/admin/custombox', 'routes/admin/custombox', { name: 'Hack box', capacity: '5', priceChf: '1.00' }],
  // the further intents of pages with several actions
  ['/admin/order/details?id=nope', 'routes/admin/order.details', { id: 'nope', intent: 'ship', carrier: 'post', trackingNumber: '99.00.123456.12345678' }],
  ['/admin/product/add?id={product}', 'routes/admin/product.add', { intent: 'stock', delta: '+50', reason: 'correction', note: 'hack' }],
  ['/admin/product/add?id={product}', 'routes/admin/product.add', { intent: 'remove' }],
  ['/admin/product/add?id={product}', 'routes/admin/product.add', { intent: 'photos', key: 'x', delete: 'x' }],
  ['/admin/product/add?id={product}', 'routes/admin/product.add', { intent: 'photo', alt: 'hack' }],
  [
    '/admin/product/add?id={product}',
    'routes/admin/product.add',
    { intent: 'save', sku: 'HACK-3', name: 'Hack', category: 'accessory', basePriceChf: '1.00', stock: '1' },
  ],
  ['/admin/product/list', 'routes/admin/product.list', { csvText: 'sku,name\nHACK-4,Hack', apply: 'yes' }],
  ['/admin/user/details?id={blocked}', 'routes/admin/user.details', { intent: 'unblock' }],
  ['/admin/refunds', 'routes/admin/refunds', { ids: '00000000-0000-0000-0000-000000000000' }],
  ['/admin/product/photos', 'routes/admin/product.photos', { sku: 'HACK-5' }],
];

let shop: Shop;
let http: TestHttp;
const cookies: Record<string, string> = {};
/** Access tokens by role: the JSON API takes the `accestoken` header, never the page cookie. */
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let victim = '';
let blocked = '';
let productId = '';

beforeAll(async () => {
  ({ shop, http } = await openTestSuite({ http: true }));
  for (const role of ['Customer', 'Influencer', 'Admin'] as const) {
    const u = await userWithCookie(shop, role);
    cookies[role] = u.cookie;
    tokens[role] = u.token;
    ids[role] = u.userId;
  }
  victim = (await userWithCookie(shop, 'Customer')).userId;
  blocked = (await userWithCookie(shop, 'Customer')).userId;
  await shop.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked));
  [{ id: productId }] = await shop.db.select({ id: products.id }).from(products).orderBy(products.sku).limit(1);
});

/** Row counts and the settings: what an admin action would change. */
async function snapshot(): Promise<string> {
  const n = async (t: Parameters<typeof shop.db.select>[0] extends never ? never : any) => (await shop.db.select({ n: count() }).from(t))[0].n;
  const [settings] = await shop.db.select({ s: shopConfig.settings }).from(shopConfig);
  const people = await shop.db
    .select({ id: users.id, role: users.role, firstName: users.firstName, blockedAt: users.blockedAt, anonymisedAt: users.anonymisedAt })
    .from(users)
    .orderBy(users.id);
  const catalogue = await shop.db
    .select({ id: products.id, sku: products.sku, stock: products.stock, active: products.active, images: products.images })
    .from(products)
    .orderBy(products.id);
  return JSON.stringify({
    users: people,
    products: catalogue,
    promos: await n(promos),
    outbox: await n(outbox),
    audit: await n(auditLog),
    settings: settings?.s ?? null,
  });
}
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

/** The paths of every route under the admin layout in app/routes.ts. */
function adminPathsOfRouteConfig(): string[] {
  const out: string[] = [];
  const walk = (list: readonly { path?: string; index?: boolean; file: string; children?: unknown[] }[], prefix: string) => {
    for (const r of list) {
      const path = r.path ? `${prefix}/${r.path}`.replace(/\/+/g, '/') : prefix;
      // pages of the admin area (its downloads are served by the server, app/resources/, tested below)
      if (r.file.includes('routes/admin/') && r.file.endsWith('.tsx')) out.push(path);
      if (r.children) walk(r.children as never, path);
    }
  };
  walk(routes as never, '');
  return out;
}

describe('the table covers every admin route', () => {
  it('lists every route of the admin layout', () => {
    expect(ADMIN_ROUTES.map(([p]) => p).sort()).toEqual(adminPathsOfRouteConfig().sort());
  });
  it('tries every admin route that has an action', () => {
    const withAction = fs
      .readdirSync('app/routes/admin')
      .filter((f) => /export (async )?function action|export const action/.test(fs.readFileSync(`app/routes/admin/${f}`, 'utf8')))
      .map((f) => `routes/admin/${f.replace(/\.tsx?$/, '')}`);
    expect([...new Set(ADMIN_ACTIONS.map(([, id]) => id))].sort()).toEqual(withAction.sort());
  });
});

describe('admin page actions', () => {
  const fill = (v: string) => v.replace('{user}', ids.Customer).replace('{victim}', victim).replace('{blocked}', blocked).replace('{product}', productId);
  it.each(ADMIN_ACTIONS)('POST %s (%s) is refused to anonymous, Customer and Influencer and changes nothing', async (rawPath, routeId, rawForm) => {
    const path = fill(rawPath);
    const form = Object.fromEntries(Object.entries(rawForm).map(([k, v]) => [k, fill(v)]));
    const before = await snapshot();
    for (const who of ['anonymous', 'Customer', 'Influencer'] as const) {
      const cookie = who === 'anonymous' ? undefined : cookies[who];
      // a document POST (form without JavaScript)
      const doc = await http.postForm(path, form, cookie);
      if (who === 'anonymous') expect([302, 303], `${path} anonymous`).toContain(doc.status);
      else expect(doc.status, `${path} as ${who}`).toBe(403);
      // a single-route data POST (what the browser's router sends), which skips the layout's loader
      const [p, q] = path.split('?');
      const dataUrl = `${p}.data?${q ? `${q}&` : ''}_routes=${encodeURIComponent(routeId)}`;
      const res = await http.postForm(dataUrl, form, cookie);
      const body = await res.text();
      if (who === 'anonymous')
        expect(res.status === 302 || res.status === 202 || res.status === 204 || /\/login/.test(body), `${dataUrl} anonymous ${res.status}`).toBe(true);
      else expect(res.status, `${dataUrl} as ${who}`).toBe(403);
    }
    expect(await snapshot(), `${path}: something changed`).toBe(before);
  });
});

describe('admin resources and JSON API', () => {
  it.each(['/admin/order/export', '/admin/order/creditnote?id=nope', '/admin/product/export'])(
    'the download %s is refused to anonymous, Customer and Influencer',
    async (url) => {
      const anon = await http.fetch(url, { redirect: 'manual' });
      expect([302, 401, 403]).toContain(anon.status);
      for (const role of ['Customer', 'Influencer']) {
        const res = await http.fetch(url, { cookie: cookies[role], redirect: 'manual' });
        expect(res.status, role).toBe(403);
        expect(await res.text()).not.toContain('@example.ch');
      }
    },
  );

  it("the product page script's photo upload is refused to anonymous, Customer and Influencer and changes nothing", async () => {
    const path = `/admin/product/photo?id=${productId}`;
    const before = await snapshot();
    const anon = await http.postForm(path, { alt: 'hack' });
    expect([302, 303]).toContain(anon.status);
    expect(anon.headers.get('location')).toMatch(/^\/login\?redirectTo=/);
    for (const role of ['Customer', 'Influencer']) expect((await http.postForm(path, { alt: 'hack' }, cookies[role])).status, role).toBe(403);
    expect(await snapshot()).toBe(before);
  });

  it("the refunds' payment file (POST /admin/refunds/pain001) is refused to anonymous, Customer and Influencer and changes nothing", async () => {
    const path = '/admin/refunds/pain001';
    const before = await snapshot();
    const anon = await http.postForm(path, {});
    expect([302, 303]).toContain(anon.status);
    expect(anon.headers.get('location')).toMatch(/^\/login\?redirectTo=/);
    for (const role of ['Customer', 'Influencer']) expect((await http.postForm(path, {}, cookies[role])).status, role).toBe(403);
    expect(await snapshot()).toBe(before);
  });

  it('the user data export is refused to anonymous, Customer and Influencer', async () => {
    const url = `/admin/user/export?id=${victim}`;
    const anon = await http.fetch(url, { redirect: 'manual' });
    expect(anon.status).toBe(302);
    for (const role of ['Customer', 'Influencer']) {
      const res = await http.fetch(url, { cookie: cookies[role], redirect: 'manual' });
      expect(res.status, role).toBe(403);
      expect(await res.text()).not.toContain('@example.ch');
    }
    expect((await http.fetch(url, { cookie: cookies.Admin })).status).toBe(200);
  });

  it.each([
    ['GET', '/api/user/list', null],
    ['POST', '/api/user/setRole', { userID: '{user}', role: 'Admin' }],
    ['POST', '/api/email/send', { to: 'x@example.ch', subject: 'x', text: 'x' }],
  ] as const)('%s %s is refused to anonymous (401), Customer and Influencer (403)', async (method, path, body) => {
    const before = await snapshot();
    const init = (token?: string) => ({
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { accestoken: token } : {}) },
      body: body ? JSON.stringify(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fill(v)]))) : undefined,
    });
    const fill = (v: string) => v.replace('{user}', ids.Customer);
    expect((await http.fetch(path, init())).status).toBe(401);
    for (const role of ['Customer', 'Influencer']) expect((await http.fetch(path, init(tokens[role]))).status, role).toBe(403);
    expect(await snapshot()).toBe(before);
  });
});
