/**
 * A storefront page for a visitor with a session or a filled cart whose browser has not marked the
 * personal hint (no JavaScript, or the first page after a plain-form sign-in): the shared page
 * with the visitor's own header (server/personal-page.ts, ADR 020). What the visitor sees must be
 * what the whole page rendered for them shows; the page must hydrate with their part; and nobody's
 * header or part may reach another visitor. PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart } from '../../core/cart/index.ts';
import type { Shop } from '../../core/shop.ts';
import { createHttpApp, type HttpApp } from '../../server/app.ts';
import type { PersonalPart } from '../../server/personal-part.ts';
import { cutAroundHeader } from '../../server/personal-page.ts';
import { productWith } from '../helpers/customers.ts';
import { loadBuild, userWithCookie } from '../helpers/http.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
/** The app as it runs, with the shared page cache. */
let cached: HttpApp;
/** The same app without the page cache: every page is rendered for its visitor. */
let rendered: HttpApp;

beforeAll(async () => {
  ({ shop } = await openTestSuite());
  const build = await loadBuild();
  cached = createHttpApp(shop, { build });
  rendered = createHttpApp(shop, { build, pageCache: false });
});
afterAll(async () => {
  await shop?.close();
});

const get = (app: HttpApp, path: string, cookie: string) => Promise.resolve(app.request(`http://shop.test${path}`, { headers: { cookie } }));

/**
 * What a browser shows of a page: its markup without inline scripts (React Router's hydration
 * data, the early scripts, the personal part's JSON) and without the per-request nonce.
 */
const visible = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/ nonce="[^"]*"/g, '');

/** The JSON personal part a page carries for hydration, or null. */
const inlinePart = (html: string): PersonalPart | null => {
  const m = /<script type="application\/json" id="personal-part">([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]) as PersonalPart) : null;
};

/** The page's header markup. */
const headerOf = (html: string) => /<header class="site-header">[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';

describe('a signed-in visitor whose browser has not marked the hint', () => {
  it('gets the shared page with their own header, the same markup as the page rendered for them, never stored', async () => {
    const a = await productWith(shop, 9, 1500, 0);
    const b = await productWith(shop, 9, 2500, 1);
    const customer = await userWithCookie(shop, 'Customer');
    await addToCart(shop.db, customer.userId, a.id, 2, customer.userId);
    await addToCart(shop.db, customer.userId, b.id, 1, customer.userId);
    const admin = await userWithCookie(shop, 'Admin');
    for (const path of [`/productdetail?id=${a.id}`, '/', '/client/products?sort=priceAsc', '/client/shipping']) {
      for (const visitor of [customer, admin]) {
        const own = await get(cached, path, visitor.cookie);
        const html = await own.text();
        expect(own.status, path).toBe(200);
        expect(own.headers.get('x-page-cache'), path).toBe('own-header');
        expect(own.headers.get('cache-control')).toBe('private, no-store');
        expect(own.headers.get('vary')).toMatch(/Cookie/);
        expect(own.headers.get('etag')).toBeNull();
        const whole = await (await get(rendered, path, visitor.cookie)).text();
        expect(visible(html), path).toBe(visible(whole));
      }
    }
    const page = await (await get(cached, `/productdetail?id=${a.id}`, customer.cookie)).text();
    // the header shows the customer's cart count and account menu
    expect(headerOf(page)).toContain('data-testid="cart-count">3<');
    expect(headerOf(page)).toContain('data-testid="user-menu-trigger"');
    expect(headerOf(page)).not.toContain('admin-icon');
    // the part it hydrates with is the one GET /personal answers
    const personal = (await (await get(cached, '/personal', customer.cookie)).json()) as PersonalPart;
    expect(inlinePart(page)).toEqual(personal);
    expect(inlinePart(page)?.cart.itemCount).toBe(3);
    // an Admin's header has the admin tools icon
    expect(headerOf(await (await get(cached, '/', admin.cookie)).text())).toContain('data-testid="admin-icon"');
  });

  it("never shows one visitor's header or part to another, nor to a browser that fetches its own part", async () => {
    const p = await productWith(shop, 9, 900, 2);
    const first = await userWithCookie(shop, 'Customer');
    const second = await userWithCookie(shop, 'Influencer');
    await addToCart(shop.db, first.userId, p.id, 4, first.userId);
    const path = `/productdetail?id=${p.id}`;
    const firstPage = await (await get(cached, path, first.cookie)).text();
    const secondPage = await (await get(cached, path, second.cookie)).text();
    expect(inlinePart(firstPage)?.user?.userId).toBe(first.userId);
    expect(inlinePart(secondPage)?.user?.userId).toBe(second.userId);
    expect(secondPage).not.toContain(first.userId);
    expect(headerOf(secondPage)).not.toContain('data-testid="cart-count"');
    // a browser whose scripts marked the hint gets nobody's page, with no personal part in it
    const shared = await get(cached, path, `${first.cookie}; personal=2`);
    const sharedHtml = await shared.text();
    expect(shared.headers.get('x-page-cache')).toMatch(/^(hit|miss)$/);
    expect(inlinePart(sharedHtml)).toBeNull();
    expect(sharedHtml).not.toContain(first.userId);
    // and nobody gets a personal part
    expect(inlinePart(await (await get(cached, path, '')).text())).toBeNull();
  });

  it("shows an anonymous visitor's filled cart in the header", async () => {
    const p = await productWith(shop, 9, 1200, 3);
    const start = await cached.request('http://shop.test/');
    const cartCookie = start.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const cartId = /cart_id=([^;]+)/.exec(cartCookie)?.[1] ?? '';
    await addToCart(shop.db, cartId, p.id, 2, null);
    const own = await get(cached, '/', `${cartCookie}; cart_items=1`);
    const html = await own.text();
    expect(own.headers.get('x-page-cache')).toBe('own-header');
    expect(headerOf(html)).toContain('data-testid="cart-count">2<');
    expect(inlinePart(html)?.user).toBeNull();
    expect(visible(html)).toBe(visible(await (await get(rendered, '/', `${cartCookie}; cart_items=1`)).text()));
  });

  it('renders the page for the visitor when the cache refuses it (an unknown product answers 404)', async () => {
    const customer = await userWithCookie(shop, 'Customer');
    const res = await get(cached, '/productdetail?id=00000000-0000-4000-8000-000000000000', customer.cookie);
    expect(res.status).toBe(404);
    expect(res.headers.get('x-page-cache')).toBeNull();
    expect(headerOf(await res.text())).toContain('data-testid="user-menu-trigger"');
  });
});

describe('cutAroundHeader', () => {
  const page = '<html><head><title>x</title></head><body><header>nobody</header><main>m</main></body></html>';
  it('cuts a page around the one place its header stands after the head', () => {
    expect(cutAroundHeader(page, '<header>nobody</header>')).toEqual({
      head: '<html><head><title>x</title>',
      beforeHeader: '</head><body>',
      afterHeader: '<main>m</main></body></html>',
    });
  });
  it('refuses a header that is missing, empty, or stands twice', () => {
    expect(cutAroundHeader(page, '<header>someone</header>')).toBeNull();
    expect(cutAroundHeader(page, '')).toBeNull();
    expect(cutAroundHeader(page.replace('<main>', '<header>nobody</header><main>'), '<header>nobody</header>')).toBeNull();
  });
});
