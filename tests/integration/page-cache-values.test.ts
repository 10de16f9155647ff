/**
 * Cache busting through the values of the parameters every page reads, and the storefront search:
 * `?lang=` is keyed only as one of the shop's locales and `?toolarge=` only as one of the upload
 * limits (server/page-cache.ts), so random values make no new page-cache entries; a `?q=` search,
 * a new render for every new text, is throttled per address with the live search's bucket and
 * answers 429 with a readable page past the limit.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '../../core/shop.ts';
import { createHttpApp, type HttpApp } from '../../server/app.ts';
import { TOO_LARGE_VALUES } from '../../server/body-limit.ts';
import { pageCacheSearch } from '../../server/page-cache.ts';
import { loadBuild } from '../helpers/http.ts';
import { createTestShop } from '../helpers/shop.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let app: HttpApp;
beforeAll(async () => {
  ({ shop } = await openTestSuite());
  app = createHttpApp(shop, { build: await loadBuild() });
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const rand = () => randomBytes(6).toString('hex');
const get = (path: string, headers: Record<string, string> = {}) =>
  app.request(`http://shop.test${path}`, { headers: { 'accept-language': 'en', ...headers } });

describe('page-cache key of lang and toolarge', () => {
  it('keeps only known values: locales normalised, toolarge one of the limits, the first of each', () => {
    expect(pageCacheSearch('/', '?lang=DE')).toBe('?lang=de');
    expect(pageCacheSearch('/', '?lang=de-CH')).toBe('?lang=de');
    expect(pageCacheSearch('/', '?lang=xx1')).toBe('');
    expect(pageCacheSearch('/', '?lang=xx1&lang=fr')).toBe('');
    expect(pageCacheSearch('/', '?toolarge=5')).toBe('');
    expect(pageCacheSearch('/', '?toolarge=1')).toBe('?toolarge=1');
    expect(TOO_LARGE_VALUES.has('1')).toBe(true);
    expect(pageCacheSearch('/client/products', '?q=fuente&lang=it&toolarge=abc')).toBe('?lang=it&q=fuente');
  });

  it('500 random lang values and 500 random toolarge values leave the entry count unchanged', async () => {
    const stats = app.pageCache!.stats;
    const first = await get('/');
    expect(first.status).toBe(200);
    await get('/?lang=de');
    const entries = stats.entries;
    expect(entries).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < 500; i++) {
      const res = await get(`/?lang=${rand()}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-page-cache')).toBe('hit');
      await res.arrayBuffer();
    }
    for (let i = 0; i < 500; i++) {
      const res = await get(`/?toolarge=${i + 1000}${rand()}`);
      expect(res.headers.get('x-page-cache')).toBe('hit');
      await res.arrayBuffer();
    }
    // the same locale in other spellings is the same entry
    for (const lang of ['DE', 'de-CH', 'de_AT', `de-${rand()}`]) expect((await get(`/?lang=${lang}`)).headers.get('x-page-cache')).toBe('hit');
    expect(stats.entries).toBe(entries);
  }, 120_000);
});

describe('storefront search ?q=', () => {
  it('is throttled per address: 429 with a readable page in the visitor language past the limit', async () => {
    // the pages run from the build, with limiters of their own: the limit comes from the environment
    const limited = await createTestShop({ env: { SEARCH_RATE_LIMIT: '3' } });
    try {
      const other = createHttpApp(limited, { build: await loadBuild() });
      const search = (q: string) => other.request(`http://shop.test/client/products?q=${q}`, { headers: { 'accept-language': 'de' } });
      for (let i = 0; i < 3; i++) expect((await search(rand())).status).toBe(200);
      const refused = await search(rand());
      expect(refused.status).toBe(429);
      const html = await refused.text();
      expect(html).toContain('data-testid="search-limited"');
      expect(html).toMatch(/Zu viele Versuche\. Bitte versuchen Sie es in \d+ Sekunden erneut\./);
      expect(html).toContain('lang="de"');
      // the product list without a search is not throttled
      expect((await other.request('http://shop.test/client/products?sort=price-asc')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
