/**
 * Small things of the shop on a phone: where the log-in leads (an admin to the back office, a
 * customer as before, an explicit `redirectTo` first), the live search closing once a result is
 * chosen, and "back" / "to" arrows pointing along the reading direction in Arabic. On a server of
 * its own (seeded as the shared one, tests/e2e/checkout-seed.ts): its log-ins would use up the
 * shared server's per-address log-in limit (30 in 15 minutes) for the specs after it.
 */
import { expect, openHydrated, test } from './fixtures.ts';
import { type Browser } from '@playwright/test';
import { E2E_CUSTOMER } from './checkout-env.ts';
import { logIn } from './login.ts';
import { ownServerFor, phonePage } from './own-server.ts';

const PORT = Number(process.env.E2E_PORT ?? 3210) + 13;
const BASE = `http://localhost:${PORT}`;

test.describe.configure({ mode: 'serial' });

const ADMIN = { email: 'e2e-admin@example.ch', password: 'E2e-Admin-Password-1' };

ownServerFor({ name: 'phones', port: PORT, seedScript: 'tests/e2e/checkout-seed.ts', admin: ADMIN });

/** A new visitor on a phone (touch), with or without JavaScript. */
const phone = (browser: Browser, javaScriptEnabled = true) => phonePage(browser, BASE, { javaScriptEnabled });

test('an admin lands on the back office after logging in, with and without JavaScript', async ({ browser }) => {
  const page = await phone(browser);
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await page.context().close();

  // without scripts the page confirms and its link leads to the back office
  const noJs = await phone(browser, false);
  await logIn(noJs, ADMIN.email, ADMIN.password);
  await expect(noJs.getByText('Log in successfully')).toBeVisible();
  await noJs.getByRole('link', { name: 'Continue' }).click();
  await expect(noJs).toHaveURL(/\/admin\/home$/);
  await noJs.context().close();
});

test('an explicit redirectTo wins for an admin; a customer still lands on the storefront', async ({ browser }) => {
  const admin = await phone(browser);
  await logIn(admin, ADMIN.email, ADMIN.password, '/login?redirectTo=%2Fcontact');
  await expect(admin).toHaveURL(/\/contact$/);
  await admin.context().close();

  const customer = await phone(browser);
  await logIn(customer, E2E_CUSTOMER.email, E2E_CUSTOMER.password);
  await expect(customer.getByText('Log in successfully').first()).toBeVisible();
  await expect(customer).toHaveURL(/\/$/);
  await customer.context().close();
});

test('tapping a live-search result opens the product and closes the search panel', async ({ browser }) => {
  const page = await phone(browser);
  await openHydrated(page, '/', { timeout: 30_000 });
  await page.getByTestId('search-toggle').tap();
  const input = page.getByTestId('search-input');
  await input.fill('opusx robusto');
  const hit = page.getByTestId('search-results').getByRole('link').first();
  await expect(hit).toContainText('Fuente Fuente OpusX Robusto');
  await hit.tap();
  await expect(page).toHaveURL(/\/productdetail\?id=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fuente Fuente OpusX Robusto');
  await expect(input).toBeHidden();
  await expect(page.locator('details.search')).not.toHaveAttribute('open');
  await page.context().close();
});

test('a back arrow points along the reading direction: mirrored in Arabic, as written in English', async ({ browser }) => {
  const page = await phone(browser);
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/home$/);
  const arrow = page
    .getByRole('link', { name: /./ })
    .filter({ has: page.locator('.dir-arrow') })
    .first()
    .locator('.dir-arrow');
  await page.goto('/admin/product/add?lang=en');
  await expect(arrow).toHaveText('←');
  expect(await arrow.evaluate((el) => getComputedStyle(el).transform)).toBe('none');
  await page.goto('/admin/product/add?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(arrow).toHaveText('←');
  expect(await arrow.evaluate((el) => getComputedStyle(el).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
  await page.context().close();
});
