/**
 * The anonymous page cache (ADR 010) through the whole HTTP app: what is cached, for
 * whom, and that every write to what the pages show is visible on the next request — also
 * writes that know nothing about the cache (plain UPDATEs, an order taking stock, settings).
 * PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { products } from '../../core/db/schema/catalogue.ts';
import { addToCart } from '../../core/cart/service.ts';
import { updateSettings } from '../../core/config/service.ts';
import { apiClient } from '../helpers/api.ts';
import { createCustomer, productWith } from '../helpers/customers.ts';
import { cookiesOf, userWithCookie } from '../helpers/http.ts';
import { useTestSuite } from '../helpers/suite.ts';

const t = useTestSuite({ http: true });

const get = async (path: string, init: RequestInit & { cookie?: string } = {}) => {
  const res = await t.http.fetch(path, init);
  return { res, html: await res.text(), cache: res.headers.get('x-page-cache') };
};

describe('anonymous page cache', () => {
  it('serves the second anonymous view of a page from the cache, with an ETag that answers 304 and brotli/gzip bodies', async () => {
    const p = await productWith(t.shop, 7, 2350, 0);
    const first = await get(`/productdetail?id=${p.id}`);
    expect(first.res.status).toBe(200);
    expect(first.cache).toBe('miss');
    const second = await get(`/productdetail?id=${p.id}`);
    expect(second.cache).toBe('hit');
    expect(second.html).toBe(first.html);
    const etag = second.res.headers.get('etag');
    expect(etag).toBeTruthy();
    const notModified = await t.http.fetch(`/productdetail?id=${p.id}`, { headers: { 'if-none-match': etag! } });
    expect(notModified.status).toBe(304);
    const br = await t.http.fetch(`/productdetail?id=${p.id}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const gz = await t.http.fetch(`/productdetail?id=${p.id}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
  });

  it('keeps one entry per language and theme', async () => {
    const en = await get('/about', { cookie: 'lang=en' });
    const de = await get('/about', { cookie: 'lang=de' });
    expect(de.cache).toBe('miss');
    expect(de.html).toContain('lang="de"');
    expect(en.html).toContain('lang="en"');
    const dark = await get('/about', { cookie: 'lang=de; theme=dark' });
    expect(dark.cache).toBe('miss');
    expect(dark.html).toContain('data-theme="dark"');
    expect((await get('/about', { cookie: 'lang=de' })).cache).toBe('hit');
  });

  it("allows a cached page's inline scripts by hash: its CSP carries no nonce", async () => {
    await get('/');
    const { res, html } = await get('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).not.toMatch(/'nonce-/);
    const hashes = csp.match(/'sha256-[^']+'/g) ?? [];
    const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>[\s\S]*?<\/script>/g)];
    expect(inline.length).toBeGreaterThan(0);
    expect(hashes.length).toBeGreaterThan(0);
  });

  it('shows a price changed by a plain UPDATE (no cache call) on the next request', async () => {
    const p = await productWith(t.shop, 5, 4100, 1);
    const before = await get(`/productdetail?id=${p.id}`);
    await get(`/productdetail?id=${p.id}`);
    expect(before.html).toMatch(/41\.00/);
    await t.shop.db.update(products).set({ basePrice: 5290 }).where(eq(products.id, p.id));
    const after = await get(`/productdetail?id=${p.id}`);
    expect(after.cache).toBe('miss');
    expect(after.html).toMatch(/52\.90/);
    expect(after.html).not.toMatch(/41\.00/);
  });

  it('shows the stock taken by an order on the next request', async () => {
    const p = await productWith(t.shop, 9, 1500, 2);
    expect((await get(`/productdetail?id=${p.id}`)).html).toContain('In stock (9 available)');
    expect((await get(`/productdetail?id=${p.id}`)).cache).toBe('hit');
    const c = await createCustomer(t.shop);
    await addToCart(t.shop.db, c.id, p.id, 2, c.id);
    const order = await apiClient(t.shop).post('/order/create', { userID: c.id, paymentMethod: 'qr-bill' }, c.headers);
    expect(order.status).toBe(201);
    const after = await get(`/productdetail?id=${p.id}`);
    expect(after.html).toContain('In stock (7 available)');
  });

  it('shows a changed promotional text and a closed shop on the next request of every cached page', async () => {
    await get('/');
    await get('/client/products');
    expect((await get('/')).cache).toBe('hit');
    await updateSettings(t.shop.db, { promotionalInfo: { text: 'Cache-busting promo 4711' } });
    expect((await get('/')).html).toContain('Cache-busting promo 4711');
    expect((await get('/client/products')).html).toContain('Cache-busting promo 4711');
    // a raw SQL write to the settings row, as a script or psql would do it
    await t.shop.db.execute(sql`update shop_config set settings = jsonb_set(settings, '{promotionalInfo,text}', '"Raw SQL promo 0815"') where id = 1`);
    expect((await get('/')).html).toContain('Raw SQL promo 0815');
  });

  it('gives a signed-in customer without the personal hint the shared page with their own header, and the hint; never shows them an anonymous page', async () => {
    await get('/');
    expect((await get('/')).cache).toBe('hit');
    const user = await userWithCookie(t.shop, 'Customer');
    const signedIn = await get('/', { cookie: user.cookie });
    expect(signedIn.res.status).toBe(200);
    // the shared page with the visitor's own header (server/personal-page.ts)
    expect(signedIn.cache).toBe('own-header');
    expect(signedIn.html).toContain(user.userId);
    expect(cookiesOf(signedIn.res)).toMatch(/(^|; )personal=1/);
    const anonymous = await get('/');
    expect(anonymous.html).not.toContain(user.userId);
    expect(cookiesOf(anonymous.res)).not.toMatch(/personal=/);
  });

  it("serves a signed-in customer with the hint the shared page (nobody's), and their own user and cart in the uncached personal part", async () => {
    const p = await productWith(t.shop, 9, 1500, 0);
    const user = await userWithCookie(t.shop, 'Customer');
    await addToCart(t.shop.db, user.userId, p.id, 2, user.userId);
    await get(`/productdetail?id=${p.id}`);
    // the server's hint alone (a browser without scripts): the shared page with their own header
    const own = await get(`/productdetail?id=${p.id}`, { cookie: `${user.cookie}; personal=1` });
    expect(own.cache).toBe('own-header');
    expect(own.html).toContain(user.userId);
    // the hint as the page's script marks it (app/lib/personal.ts): the shared page
    const shared = await get(`/productdetail?id=${p.id}`, { cookie: `${user.cookie}; personal=2` });
    expect(shared.cache).toBe('hit');
    expect(shared.html).not.toContain(user.userId);
    expect(shared.html).not.toMatch(/data-testid="cart-count"/);
    expect(shared.res.headers.getSetCookie().join('\n')).not.toMatch(/personal=/);
    // what the page's script asks for once hydrated (app/lib/personal.ts): the personal part alone
    const data = await t.http.fetch('/personal', { cookie: `${user.cookie}; personal=2` });
    expect(data.status).toBe(200);
    expect(data.headers.get('x-page-cache')).toBeNull();
    const body = await data.text();
    expect(body).toContain(user.userId);
    expect(Object.keys(JSON.parse(body) as object).sort()).toEqual(['cart', 'user']);
    // React Router's data request of the route is rendered for the visitor too, never shared
    const routeData = await t.http.fetch(`/productdetail.data?id=${p.id}`, { cookie: `${user.cookie}; personal=2` });
    expect(routeData.headers.get('x-page-cache')).toBeNull();
    expect(await routeData.text()).toContain('"personal",true');
  });

  it('clears a stale hint: a browser whose session is gone is told so and gets the shared page', async () => {
    const res = await t.http.fetch('/client/products.data', { cookie: 'personal=1' });
    expect(res.headers.getSetCookie().join('\n')).toMatch(/personal=;.*Max-Age=0/);
  });

  it("a visitor with a filled cart gets their own header on the shared page without the hint, the shared page with it; the cached page never shows anybody's cart", async () => {
    const p = await productWith(t.shop, 20, 1990, 3);
    const visit = await t.http.fetch('/');
    const cartCookie = cookiesOf(visit);
    expect(cartCookie).toMatch(/cart_id=/);
    const added = await t.http.postForm('/shopcart', { intent: 'add', productId: p.id, count: '3', returnTo: '/' }, cartCookie);
    expect(added.status).toBeLessThan(400);
    const set = cookiesOf(added);
    expect(set).toMatch(/cart_items=1/);
    expect(set).toMatch(/personal=1/);
    const hint = set
      .split('; ')
      .filter((c) => c.startsWith('cart_items='))
      .join('; ');
    const own = await get('/', { cookie: `${cartCookie}; ${hint}` });
    expect(own.cache).toBe('own-header');
    expect(own.html).toMatch(/data-testid="cart-count"[^>]*>3</);
    const shared = await get('/', { cookie: `${cartCookie}; ${set.replace('personal=1', 'personal=2')}` });
    expect(shared.cache).toBe('hit');
    expect(shared.html).not.toMatch(/data-testid="cart-count"/);
    const stranger = await get('/');
    expect(stranger.cache).toBe('hit');
    expect(stranger.html).not.toMatch(/data-testid="cart-count"/);
    // emptying the cart clears both hints
    const removed = await t.http.postForm('/shopcart', { intent: 'remove', productId: p.id, returnTo: '/' }, `${cartCookie}; ${set}`);
    expect(removed.headers.getSetCookie().join('\n')).toMatch(/cart_items=;/);
    expect(removed.headers.getSetCookie().join('\n')).toMatch(/personal=;/);
  });

  it('does not cache pages outside the list (cart, account pages)', async () => {
    expect((await get('/shopcart')).cache).toBeNull();
    expect((await get('/login')).cache).toBeNull();
  });
});

/**
 * The HTTP app behind the page cache's front door on a real server on 127.0.0.1, counting the
 * requests that reach the app (`appCalls`); close `server` at the end.
 */
async function frontDoorServer() {
  const { createServer } = await import('node:http');
  const { getRequestListener } = await import('@hono/node-server');
  const { createHttpApp } = await import('../../server/app.ts');
  const { withFront } = await import('../../server/page-cache-front.ts');
  const { loadBuild } = await import('../helpers/http.ts');
  const app = createHttpApp(t.shop, { build: await loadBuild() });
  const counter = { appCalls: 0 };
  const listener = getRequestListener((req) => {
    counter.appCalls++;
    return app.fetch(req);
  });
  const server = createServer(withFront(app.front, listener));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return Object.assign(counter, { app, server, base: `http://127.0.0.1:${(server.address() as { port: number }).port}` });
}

describe('the front door (server/page-cache-front.ts) on a real HTTP server', () => {
  it('answers a hit before the app with the same headers and body, a new cart cookie, 304 on its ETag; a write or a session goes to the app', async () => {
    const front = await frontDoorServer();
    const { server, base } = front;
    try {
      const p = await productWith(t.shop, 5, 4100, 0);
      const url = `${base}/productdetail?id=${p.id}`;
      const first = await fetch(url);
      const firstHtml = await first.text();
      expect(first.headers.get('x-page-cache')).toBe('miss');
      const calls = front.appCalls;
      const hit = await fetch(url, { headers: { 'accept-encoding': 'br' } });
      const hitHtml = await hit.text();
      expect(front.appCalls).toBe(calls); // the app was not involved
      expect(hit.headers.get('x-page-cache')).toBe('hit');
      expect(hit.headers.get('content-encoding')).toBe('br');
      expect(hitHtml).toBe(firstHtml);
      for (const h of ['content-security-policy', 'x-frame-options', 'content-type', 'etag', 'vary', 'cache-control', 'referrer-policy'])
        expect(hit.headers.get(h), h).toBe(first.headers.get(h));
      expect(hit.headers.get('x-request-id')).toBeTruthy();
      expect(hit.headers.getSetCookie().some((c) => /^cart_id=[\w-]{22,64};.*HttpOnly/.test(c))).toBe(true);
      const again = await fetch(url, { headers: { 'if-none-match': hit.headers.get('etag')! } });
      expect(again.status).toBe(304);
      expect(front.appCalls).toBe(calls);
      // a price change is visible on the next request (the entry's version is stale)
      await t.shop.db.update(products).set({ basePrice: 4900 }).where(eq(products.id, p.id));
      const changed = await fetch(url);
      expect(changed.headers.get('x-page-cache')).toBe('miss');
      expect(await changed.text()).toContain('49.00');
      expect(front.appCalls).toBe(calls + 1);
      // a signed-in visitor without the personal hint goes to the app (and gets the hint) …
      const { cookie } = await userWithCookie(t.shop, 'Customer');
      const signed = await fetch(url, { headers: { cookie } });
      expect(signed.headers.get('x-page-cache')).toBe('own-header');
      expect(front.appCalls).toBe(calls + 2);
      const personal = signed.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .find((c) => c.startsWith('personal='));
      expect(personal).toBe('personal=1');
      // … and once the page's script has marked it, gets the shared page from the front door
      const shared = await fetch(url, { headers: { cookie: `${cookie}; personal=2` } });
      expect(shared.headers.get('x-page-cache')).toBe('hit');
      expect(front.appCalls).toBe(calls + 2);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('keys a page only by the query parameters it reads: utm_source or a random parameter makes no new entry, in the app and at the front door', async () => {
    const front = await frontDoorServer();
    const { app, server, base } = front;
    const stats = app.pageCache!.stats;
    try {
      const first = await fetch(`${base}/client/products?utm_source=newsletter&foo=1&sort=price-asc`);
      const firstHtml = await first.text();
      expect(first.headers.get('x-page-cache')).toBe('miss');
      expect(stats.entries).toBe(1);
      // the shared page holds nothing of the dropped parameters (pager links included)
      expect(firstHtml).not.toContain('utm_source');
      expect(firstHtml).not.toContain('foo=');
      expect(firstHtml).toContain('sort=price-asc&amp;page=2');
      const calls = front.appCalls;
      for (const extra of ['utm_source=other', `r=${Math.random()}`, 'fbclid=abc&gclid=def', '']) {
        const res = await fetch(`${base}/client/products?sort=price-asc${extra ? `&${extra}` : ''}`);
        expect(res.headers.get('x-page-cache'), extra).toBe('hit');
        expect(await res.text()).toBe(firstHtml);
      }
      expect(front.appCalls).toBe(calls); // all answered by the front door
      expect(stats.entries).toBe(1);
      // the same through the app (the front door answers only what is cached already)
      const viaApp = await app.fetch(new Request(`${base}/client/products?sort=price-asc&x=${Math.random()}`));
      expect(viaApp.headers.get('x-page-cache')).toBe('hit');
      expect(stats.entries).toBe(1);
      // parameters the page reads still make their own entries, in any order
      const page2 = await fetch(`${base}/client/products?page=2&sort=price-asc`);
      expect(page2.headers.get('x-page-cache')).toBe('miss');
      expect(await page2.text()).not.toBe(firstHtml);
      expect((await fetch(`${base}/client/products?sort=price-asc&page=2&utm_medium=mail`)).headers.get('x-page-cache')).toBe('hit');
      const p = await productWith(t.shop, 4, 2600, 1);
      expect((await fetch(`${base}/productdetail?id=${p.id}&ref=x`)).headers.get('x-page-cache')).toBe('miss');
      expect((await fetch(`${base}/productdetail?id=${p.id}&ref=y`)).headers.get('x-page-cache')).toBe('hit');
      // a page that reads no parameter: one entry whatever the query
      expect((await fetch(`${base}/client/shipping?a=1`)).headers.get('x-page-cache')).toBe('miss');
      expect((await fetch(`${base}/client/shipping?b=2`)).headers.get('x-page-cache')).toBe('hit');
      // … but the refused upload's notice of the layout (server/body-limit.ts) is kept
      const notice = await fetch(`${base}/client/shipping?toolarge=1&b=3`);
      expect(notice.headers.get('x-page-cache')).toBe('miss');
      expect(await notice.text()).toContain('larger than the 1 MB this page accepts');
      expect(stats.entries).toBe(5);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
