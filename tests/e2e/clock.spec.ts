/**
 * The shop's clock (docs/decisions/021-shop-time-zone.md): the server runs in UTC, the browser in
 * Europe/Zurich (playwright.config.ts). Every main page and admin page loads, hydrates and logs no
 * console error (tests/e2e/fixtures.ts fails the test otherwise, React's hydration mismatch
 * included), and the seeded order placed at 10:39 UTC reads 11:39, the Zurich time, on the
 * customer's and the admin's pages, with and without scripts. The promo valid from 28 Nov reads
 * 28 Nov.
 */
import { expect, logIn, openHydrated, signIn, test } from './fixtures.ts';
import { type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_CLOCK_CUSTOMER } from './clock-env.ts';

test.describe.configure({ mode: 'parallel' });

/** Opens `url` and waits until React has hydrated it and nothing is loading. */
const open = (page: Page, url: string) => openHydrated(page, url, { idle: true });

/** The main text of the page. */
const main = (page: Page) => page.locator('main').first();

test('the shop pages hydrate without a console error (server in UTC, browser in Zurich)', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page, '/client/products');
  const detail = (await page.locator('a[href*="/productdetail?id="]').first().getAttribute('href'))!;
  for (const url of ['/', detail, '/shopcart', '/custombox', '/login', '/register', '/contact', '/client/shipping']) {
    await open(page, url);
    await expect(page.locator('h1').first()).toBeVisible();
  }
});

test("the customer's order history and order page show the order time in Zurich time", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, E2E_CLOCK_CUSTOMER, '/client/history');
  await open(page, '/client/history');
  await expect(main(page)).toContainText(/28 Nov 2026|28\.11\.2026|28\. Nov\. 2026/);
  await open(page, (await page.locator('a[href*="/client/historydetails"]').first().getAttribute('href'))!);
  await expect(main(page)).toContainText('11:39');
  await expect(main(page)).not.toContainText('10:39');
});

test('without scripts the order page already says 11:39 (rendered by the server in UTC)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, timezoneId: 'UTC' });
  const page = await context.newPage();
  await logIn(page, E2E_CLOCK_CUSTOMER.email, E2E_CLOCK_CUSTOMER.password, '/login?redirectTo=/client/history');
  // without scripts the log-in answers with a "Continue" link
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.waitForURL((u) => u.pathname === '/client/history');
  await page.goto((await page.locator('a[href*="/client/historydetails"]').first().getAttribute('href'))!);
  await expect(page.locator('main')).toContainText('11:39');
  await expect(page.locator('main')).not.toContainText('10:39');
  await context.close();
});

test('the admin pages hydrate without a console error and show the order and promo in Zurich time', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, E2E_ADMIN, '/admin/home');
  await open(page, '/admin/home');
  await open(page, `/admin/order/list?q=${encodeURIComponent(E2E_CLOCK_CUSTOMER.email)}`);
  await expect(main(page)).toContainText('11:39');
  await expect(main(page)).not.toContainText('10:39');
  await open(page, (await page.locator('a[href*="/admin/order/details"]').first().getAttribute('href'))!);
  await expect(main(page)).toContainText('11:39');
  await expect(main(page)).not.toContainText('10:39');
  await open(page, '/admin/promo/list');
  const promo = page.locator('tr', { hasText: 'CLOCK28' });
  await expect(promo).toContainText(/28 Nov 2026/);
  await expect(promo).toContainText(/31 Dec 2026/);
  await open(page, (await promo.locator('a[href*="/admin/promo/edit"]').first().getAttribute('href'))!);
  await expect(page.locator('input[name="validFrom"]')).toHaveValue('2026-11-28');
  await open(page, '/admin/audit');
  await open(page, '/admin/settings');
  await expect(page.locator('select[name="timeZone"]')).toHaveValue('Europe/Zurich');
  for (const url of ['/admin/order/list', '/admin/product/list', '/admin/user/list', '/admin/outbox']) await open(page, url);
});

test('a console error on a page fails the test (the automatic fixture of tests/e2e/fixtures.ts)', async ({ page }) => {
  // expected to fail: the fixture must turn the logged error into a failed test
  test.fail();
  await page.goto('/login');
  await page.evaluate(() => console.error('an error the page logs'));
});
