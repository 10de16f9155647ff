/**
 * The HTTP application (server/app.ts) with the built React Router app: security headers with a
 * CSP nonce, compression, immutable caching of hashed assets, the anonymous cart cookie, 404s,
 * and the cart form working without JavaScript.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCart } from '../../core/cart/service.ts';
import type { Shop } from '../../core/shop.ts';
import { CART_COOKIE, createHttpApp } from '../../server/app.ts';
import { productBySku } from '../helpers/catalogue.ts';
import { createTestShop } from '../helpers/shop.ts';

let shop: Shop;
let app: ReturnType<typeof createHttpApp>;

beforeAll(async () => {
  const buildFile = path.resolve('build/server/index.js');
  if (!fs.existsSync(buildFile)) execFileSync('npx', ['react-router', 'build'], { stdio: 'ignore' });
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  shop = await createTestShop({ env: { NODE_ENV: 'production' } });
  app = createHttpApp(shop, { build });
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const get = (p: string, headers: Record<string, string> = {}) => app.request(`http://shop.test${p}`, { headers });

/** The cart id set by a response, or null. */
function cartCookie(res: Response): { id: string; attrs: string } | null {
  const c = res.headers.getSetCookie().find((s) => s.startsWith(`${CART_COOKIE}=`));
  if (!c) return null;
  const [pair, ...attrs] = c.split(';');
  return { id: pair.slice(CART_COOKIE.length + 1), attrs: attrs.join(';') };
}

describe('security headers', () => {
  // /login is rendered per request (the anonymous page cache, serves / with hashes:
  // tests/integration/page-cache.test.ts)
  it('sends a CSP whose nonce is on every script of a rendered page', async () => {
    const res = await get('/login');
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((s) => !/type="application\/json"/.test(s));
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(s).toContain(`nonce="${nonce}"`);
    const second = (await get('/login')).headers.get('content-security-policy')!;
    expect(second).not.toContain(nonce!); // a fresh nonce per response
  });

  it('allows every inline script of a cached page by its SHA-256 hash, without unsafe-inline', async () => {
    await get('/');
    const res = await get('/');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const html = await res.text();
    const { createHash } = await import('node:crypto');
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\bsrc=/.test(m[1]));
    expect(inline.length).toBeGreaterThan(0);
    for (const m of inline) expect(csp).toContain(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  });

  it('sets nosniff, the referrer policy and frame denial on pages and API answers', async () => {
    for (const p of ['/', '/api/configuration/configurations', '/nope']) {
      const res = await get(p);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });
});

describe('compression and caching', () => {
  it('compresses HTML when the client accepts gzip', async () => {
    const res = await get('/client/products', { 'accept-encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const plain = await get('/client/products');
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('caches hashed assets immutably for a year', async () => {
    const asset = fs.readdirSync('build/client/assets').find((f) => f.endsWith('.js'))!;
    const res = await get(`/assets/${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
  });

  it('sends a hashed asset compressed with only the headers a script needs (nosniff, CORP), no document headers', async () => {
    const asset = fs.readdirSync('build/client/assets').find((f) => f.endsWith('.js'))!;
    const res = await get(`/assets/${asset}`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const h of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'referrer-policy']) expect(res.headers.get(h), h).toBeNull();
    // a page still gets them
    expect((await get('/about')).headers.get('content-security-policy')).toMatch(/default-src 'self'/);
  });

  it('never caches API answers', async () => {
    expect((await get('/api/configuration/configurations')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('the anonymous cart cookie', () => {
  it('is HttpOnly, SameSite=Lax, long-lived and carries at least 128 bits', async () => {
    const c = cartCookie(await get('/'));
    expect(c).not.toBeNull();
    expect(c!.attrs).toMatch(/HttpOnly/);
    expect(c!.attrs).toMatch(/SameSite=Lax/);
    expect(c!.attrs).toMatch(/Path=\//);
    expect(c!.attrs).toMatch(/Max-Age=7776000/);
    expect(c!.id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(Buffer.from(c!.id, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
  });

  it('is kept when valid and replaced when forged or short', async () => {
    const { id } = cartCookie(await get('/'))!;
    expect(cartCookie(await get('/', { cookie: `${CART_COOKIE}=${id}` }))).toBeNull();
    const replaced = cartCookie(await get('/', { cookie: `${CART_COOKIE}=short` }));
    expect(replaced?.id).not.toBe('short');
    expect(replaced?.id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  });

  it('is Secure in production (production means HTTPS, also behind a TLS proxy)', async () => {
    const res = await get('/', { 'x-forwarded-proto': 'https' });
    expect(cartCookie(res)!.attrs).toMatch(/Secure/);
    expect(cartCookie(await get('/'))!.attrs).toMatch(/Secure/);
  });
});

describe('not found', () => {
  it('answers 404 with the 404 layout for /undercontruction and unknown paths', async () => {
    for (const p of ['/undercontruction', '/no/such/page', '/client/nothing']) {
      const res = await get(p);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('data-testid="not-found"');
      expect(html).not.toContain('data-testid="search-toggle"'); // no shop chrome in the 404 layout
    }
  });

  it('answers 404 for an unknown product', async () => {
    const res = await get('/productdetail?id=unknown');
    expect(res.status).toBe(404);
    expect((await get('/productdetail')).status).toBe(404);
    expect((await get(`/productdetail?id=${'x'.repeat(200)}`)).status).toBe(404);
  });

  it('answers JSON 404 for unknown API calls', async () => {
    const res = await get('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found' });
  });
});

describe('pages', () => {
  it('serve the product page with price, stock and the add-to-cart form', async () => {
    const p = await productBySku(shop, 'AF-GR-CHAT-P5');
    const res = await get(`/productdetail?id=${p.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Arturo Fuente Chateau Fuente Natural (Pack of 5)');
    expect(html).toMatch(/47\.25/); // 52.50 - 10 %
    expect(html).toMatch(/52\.50/); // struck-through original
    const form = [...html.matchAll(/<form\b[^>]*>/g)].map((m) => m[0]).find((f) => f.includes('action="/shopcart"'));
    expect(form).toMatch(/method="post"/);
    const ld = /<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(ld!)).toMatchObject({
      '@type': 'Product',
      sku: 'AF-GR-CHAT-P5',
      offers: { priceCurrency: 'CHF', price: '47.25', availability: 'https://schema.org/InStock' },
    });
  });
});

describe('the cart without JavaScript', () => {
  it('a plain form post to /shopcart adds to the cart and leads to the cart page, which links back', async () => {
    const p = await productBySku(shop, 'AF-HEM-SS-S1');
    const { id } = cartCookie(await get('/'))!;
    const back = `/productdetail?id=${p.id}`;
    const form = new URLSearchParams({ intent: 'add', productId: p.id, count: '2', returnTo: back });
    const res = await app.request('http://shop.test/shopcart', {
      method: 'POST',
      body: form,
      headers: { cookie: `${CART_COOKIE}=${id}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/shopcart?${new URLSearchParams({ added: p.id, back })}`);
    const cart = await getCart(shop.db, id);
    expect(cart.lines.map((l) => [l.product.id, l.count])).toEqual([[p.id, 2]]);
    const page = await (await get('/shopcart', { cookie: `${CART_COOKIE}=${id}` })).text();
    expect(page).toContain('Arturo Fuente Hemingway Short Story');
    expect(page).toMatch(/27\.00/);
  });

  it('buy now sets the chosen quantity and goes to checkout; an off-site returnTo is ignored', async () => {
    const p = await productBySku(shop, 'AF-HEM-SS-S1');
    const { id } = cartCookie(await get('/'))!;
    const post = (form: Record<string, string>) =>
      app.request('http://shop.test/shopcart', { method: 'POST', body: new URLSearchParams(form), headers: { cookie: `${CART_COOKIE}=${id}` } });
    const buy = await post({ intent: 'buy', productId: p.id, count: '1' });
    expect(buy.headers.get('location')).toBe('/payment');
    const evil = await post({ intent: 'add', productId: p.id, count: '1', returnTo: '//evil.example/' });
    expect(evil.headers.get('location')).toBe(`/shopcart?${new URLSearchParams({ added: p.id, back: '/client/products' })}`);
    expect((await getCart(shop.db, id)).lines[0].count).toBe(2);
  });

  it('answers 409 when stock is short, 404 for an unknown product and 400 for a bad body', async () => {
    const out = await productBySku(shop, 'AF-OPX-DRB-S1');
    const post = (body: BodyInit, headers: Record<string, string> = {}) => app.request('http://shop.test/shopcart', { method: 'POST', body, headers });
    expect((await post(new URLSearchParams({ intent: 'add', productId: out.id, count: '1' }))).status).toBe(409);
    expect((await post(new URLSearchParams({ intent: 'add', productId: 'nope', count: '1' }))).status).toBe(404);
    expect((await post(new URLSearchParams({ intent: 'explode', productId: out.id }))).status).toBe(400);
    expect((await post('{"intent":"add"}', { 'content-type': 'application/json' })).status).toBe(400);
  });
});
