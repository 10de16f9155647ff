/**
 * Page speed as a mid-range phone sees it (scripts/lib/phone-profile.ts; measured by
 * scripts/phone-speed.ts, which `npm run bench` prints too): for `/`, the product list,
 * a product page, `/custombox` and `/shopcart`, a new visitor's largest contentful paint, layout
 * shift and JavaScript bytes, and the same for `/payment` as a signed-in buyer with a product in
 * the cart sees it (cookies kept, browser cache empty), printed for the record (ADR 013). LCP is a time and depends on the
 * machine, so it is printed, not asserted; the layout shift and the product page's JavaScript
 * are properties of the page and are asserted (CLS ≤ 0.01, JS ≤ 122 KB compressed: 120 KB until the
 * product page gained its sticky add-to-cart bar, catalogue values in the reader's language and
 * the site's own name and logo; of the 121 KB measured then, 103 KB are React, React Router and
 * i18next, docs/benchmarks.md).
 */
import { expect, test } from './fixtures.ts';
import { E2E_PHONE_CUSTOMER } from './checkout-env.ts';
import { logIn } from './login.ts';
import { PHONE_VIEWPORT } from '../../scripts/lib/phone-profile.ts';
import { measurePhonePage, PHONE_PROFILE_LABEL, phoneLine, phonePages } from '../../scripts/phone-speed.ts';

test.use({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });

test('a new visitor on the throttled phone: no layout shift on the five pages, product page JavaScript ≤ 122 KB', async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const res = await request.post('/api/product/searchProducts', { data: { searchOptions: { searchName: 'opusx robusto' } } });
  const id = ((await res.json()) as { products: { _id: string }[] }).products[0]!._id;
  const figures: string[] = [];
  for (const path of phonePages(id)) {
    await request.get(path); // the shared page cache holds the page, as it does for real visitors
    const v = await measurePhonePage(browser, path, new URL(path, baseURL).href);
    figures.push(phoneLine(v));
    expect(v.lcp, `${path}: a largest contentful paint was recorded`).toBeGreaterThan(0);
    expect(v.cls, `${path}: layout shift`).toBeLessThanOrEqual(0.01);
    if (path.startsWith('/productdetail')) expect(v.jsBytes, 'product page JavaScript, bytes').toBeLessThanOrEqual(122 * 1024);
  }
  console.log(`${PHONE_PROFILE_LABEL}:\n${figures.join('\n')}`);
});

test('a signed-in buyer with a product in the cart on the throttled phone: no layout shift on /payment', async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const res = await request.post('/api/product/searchProducts', { data: { searchOptions: { searchName: 'opusx robusto' } } });
  const id = ((await res.json()) as { products: { _id: string }[] }).products[0]!._id;
  // signing in and filling the cart unthrottled; only the payment page itself is measured
  const setup = await browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });
  const page = await setup.newPage();
  await logIn(page, E2E_PHONE_CUSTOMER.email, E2E_PHONE_CUSTOMER.password);
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await page.goto(`/productdetail?id=${id}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByTestId('buy-now').click();
  await page.waitForURL(/\/payment$/); // buy now: straight to checkout
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/finish payment/i);
  const storageState = await setup.storageState();
  await setup.close();
  const v = await measurePhonePage(browser, '/payment', new URL('/payment', baseURL).href, 60_000, storageState);
  expect(v.lcp, '/payment: a largest contentful paint was recorded').toBeGreaterThan(0);
  expect(v.cls, '/payment: layout shift').toBeLessThanOrEqual(0.01);
  console.log(`${PHONE_PROFILE_LABEL}, signed in with a product in the cart:\n${phoneLine(v)}`);
});
