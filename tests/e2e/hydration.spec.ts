/**
 * Hydration in every language a visitor can pick (and Arabic, right to left): every storefront and
 * account page hydrates without a console error or React's hydration mismatch (#418, #423, #425),
 * with the server in UTC and the browser in Europe/Zurich, for a visitor who is signed in or not,
 * for a page rendered for the visitor and one from the shared page cache (server/page-cache.ts:
 * the shared page completed by the visitor's own header, or by the personal part the script
 * fetches), and when the browser's clock is in another year than the server's (a wrong clock, a
 * page rendered before New Year and hydrated after it, a test's installed clock), or the address
 * carries a parameter value the shared page was not rendered with. The anonymous
 * walks use the shared server; the signed-in ones a server of their own with a customer who has a
 * paid order, an unpaid one and a line in the cart (tests/e2e/hydration-seed.ts).
 */
import { expect, signIn, test, waitForHydration } from './fixtures.ts';
import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PICKER_LOCALES } from '../../core/i18n/browser.ts';
import { freePort, pastGatesState, startOwnServer, type OwnServer } from './own-server.ts';
import { HYDRATION_ADMIN, HYDRATION_CUSTOMER } from './hydration-env.ts';

test.describe.configure({ mode: 'parallel' });

/** The picker's languages and Arabic. */
const LANGUAGES = [...PICKER_LOCALES, 'ar'];

/** What React and the page report when hydration goes wrong (and any uncaught error). */
const HYDRATION_PROBLEM = /hydrat|#418|#423|#425|did not match|didn't match/i;

/**
 * Collects the hydration problems and uncaught errors of `page`; {@link visit} checks them after
 * each page (the automatic fixture fails the test on any console error besides).
 */
function watch(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && HYDRATION_PROBLEM.test(m.text())) seen.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`uncaught: ${e.message}`));
  return seen;
}

/** Opens `url`, waits until React has hydrated it, and expects no hydration problem on it. */
async function visit(page: Page, seen: string[], url: string, label: string): Promise<void> {
  const from = seen.length;
  const res = await page.goto(url);
  await waitForHydration(page);
  // a mismatch found late in a slow hydration is reported after the marker is set
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  expect(seen.slice(from), `${label} ${url} (page cache: ${res?.headers()['x-page-cache'] ?? 'none'})`).toEqual([]);
}

/** A visitor of `base` in Zurich, past the age gate and the cookie notice, who chose `lang` in the picker. */
async function visitor(browser: Browser, base: string, lang: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, timezoneId: 'Europe/Zurich', storageState: pastGatesState(base) });
  await context.addCookies([{ name: 'lang', value: lang, url: base }]);
  return context;
}

/** The first product of the list (its detail page's path). */
async function firstProduct(page: Page): Promise<string> {
  const href = await page.locator('article .card-title a').first().getAttribute('href');
  expect(href).toMatch(/^\/productdetail\?id=/);
  return href!;
}

/** Storefront pages besides the product page: list with sorts, filters and pages, boxes, cart, information. */
const STOREFRONT = [
  '/',
  '/client/products',
  '/client/products?sort=price-asc&page=2',
  '/client/products?sort=name&category=cigar&strength=Medium',
  '/custombox',
  '/shopcart',
  '/about',
  '/contact',
  '/client/privacypolicy',
  '/client/termsandconditions',
  '/client/returns',
  '/client/shipping',
];

for (const lang of LANGUAGES) {
  test(`anonymous, ${lang}: every storefront page, log-in and registration hydrate, rendered and from the page cache`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const context = await visitor(browser, baseURL!, lang);
    const page = await context.newPage();
    const seen = watch(page);
    await visit(page, seen, '/client/products', lang);
    const pages = [...STOREFRONT, await firstProduct(page), '/login', '/register'];
    // the first visit of a page in a language renders it for the shared cache (unless another test
    // did); the second round is served from it
    for (const round of ['first', 'again'])
      for (const url of round === 'first' || lang === 'en' ? pages : pages.slice(0, 3)) await visit(page, seen, url, `${lang} ${round}`);
    await context.close();
  });
}

test("a browser clock in another year than the server's changes nothing (the footer's year is the server's)", async ({ browser, baseURL }) => {
  // a year ahead, and the epoch (a fake clock installed while the page hydrates reads it for a moment)
  for (const time of [new Date(Date.now() + 400 * 86_400_000), new Date(0)]) {
    const context = await visitor(browser, baseURL!, 'de');
    const page = await context.newPage();
    const seen = watch(page);
    await page.clock.install({ time });
    for (const url of ['/', '/client/products', '/client/products', '/about']) await visit(page, seen, url, `clock at ${time.toISOString()}`);
    await expect(page.locator('footer')).toContainText(/© 20\d\d /);
    await expect(page.locator('footer')).not.toContainText(`© ${time.getUTCFullYear()} `);
    await context.close();
  }
});

test("a refused form's size the page cache does not key (`?toolarge=`) is shown only as the server drew it", async ({ browser, baseURL }) => {
  const context = await visitor(browser, baseURL!, 'en');
  const page = await context.newPage();
  const seen = watch(page);
  // 1 MB, the default body limit, is a value a refusal redirects with: kept in the key and shown
  await visit(page, seen, '/client/products?toolarge=1', 'a known limit');
  await expect(page.getByTestId('body-limit')).toContainText('1 MB');
  // any other value is dropped from the shared page's key and render: no notice on either side
  for (const url of ['/client/products?toolarge=3', '/about?utm_source=x&toolarge=7']) {
    await visit(page, seen, url, 'an unknown limit');
    await expect(page.getByTestId('body-limit')).toHaveCount(0);
  }
  await context.close();
});

test.describe('signed in (a server of its own)', () => {
  type Seed = { paid: string; unpaid: string; product: string };
  let own: OwnServer<Seed>;
  let base = '';

  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    base = `http://localhost:${port}`;
    own = await startOwnServer<Seed>({ name: 'hydration', port, seedScript: 'tests/e2e/hydration-seed.ts', admin: HYDRATION_ADMIN });
  });

  test.afterAll(() => own?.stop());

  test('in every language: the shared page with the own header or the personal part, and the account pages', async ({ browser }) => {
    test.setTimeout(120_000);
    const { seed } = own;
    const context = await visitor(browser, base, 'en');
    const page = await context.newPage();
    const seen = watch(page);
    await signIn(page, HYDRATION_CUSTOMER, '/', { base });
    const storefront = ['/client/products', `/productdetail?id=${seed.product}`];
    const account = ['/payment', '/client/history', `/client/historydetails?id=${seed.paid}`, `/client/historydetails?id=${seed.unpaid}`, '/profile'];
    for (const lang of LANGUAGES) {
      await context.addCookies([{ name: 'lang', value: lang, url: base }]);
      for (const url of storefront) {
        // as the first page after a log-in without scripts: the shared page with the visitor's own
        // header (server/personal-page.ts), until this page's script marks the hint again
        const hint = (await context.cookies()).find((c) => c.name === 'personal');
        if (hint) await context.addCookies([{ ...hint, value: '1' }]);
        await visit(page, seen, url, `${lang} own header`);
      }
      // the hint marked: the shared page, completed by the personal part the script fetches
      for (const url of storefront) await visit(page, seen, url, `${lang} personal part`);
      for (const url of account) await visit(page, seen, url, `${lang} account`);
    }
    await context.close();
  });
});
