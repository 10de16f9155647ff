/**
 * The admin product list at 412 products on a 390 px phone, in German (app/routes/admin/product.list.tsx):
 * paging and a search on the server, ticking products (one by one and the page's box) and archiving
 * them after the confirmation, "archive the starting catalogue" and listing it again through the
 * filter; the same archive without JavaScript. The page never scrolls sideways.
 * With WALK_SHOTS=<folder>, screenshots of the steps land there.
 */
import path from 'node:path';
import { expect, openHydrated, type Page, test } from './fixtures.ts';
import { ownServerFor, signedInPhone } from './own-server.ts';

const PORT = Number(process.env.E2E_PORT ?? 3210) + 5;
const BASE = `http://localhost:${PORT}`;
const OWNER = { email: 'bulk-owner@example.ch', password: 'Bulk-Owner-Password-1' };

test.describe.configure({ mode: 'serial' });

ownServerFor({ name: 'bulk-products', port: PORT, seedScript: 'tests/e2e/bulk-products-seed.ts', admin: OWNER });

async function shot(page: Page, name: string) {
  if (process.env.WALK_SHOTS) await page.screenshot({ path: path.join(process.env.WALK_SHOTS, `${name}.png`) });
}

/** The owner on a German phone, logged in once (the session reused by the later tests). */
const owner = signedInPhone(OWNER, BASE, 'de-CH');

const open = openHydrated;

/** The page is no wider than the phone: only the table's own box scrolls sideways. */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

const rows = (page: Page) => page.getByTestId('admin-products').locator('tbody tr');

test('pages of 50 and a search by brand at 412 products', async ({ browser }) => {
  const page = await owner(browser);
  await open(page, '/admin/product/list');
  await expect(page.getByText('Produkte: 412')).toBeVisible();
  await expect(rows(page)).toHaveCount(50);
  await expectNoSideScroll(page);
  await shot(page, 'bulk-01-list');
  await page
    .getByRole('navigation', { name: /Seiten/ })
    .getByRole('link', { name: '9' })
    .click();
  await expect(page).toHaveURL(/[?&]page=9/);
  await expect(rows(page)).toHaveCount(12);
  await page.getByRole('searchbox', { name: 'Suche' }).fill('Owner Davidoff');
  await page.getByRole('button', { name: 'Anwenden', exact: true }).first().click();
  await expect(page).toHaveURL(/[?&]q=Owner(\+|%20)Davidoff/);
  await expect(page.getByText(/^Produkte: \d+$/)).not.toHaveText('Produkte: 412');
  const brands = await rows(page).locator('.admin-block').allTextContents();
  expect(brands.length).toBeGreaterThan(0);
  for (const b of brands.filter((x) => !x.includes('%'))) expect(b.trim()).toBe('Owner Davidoff');
  // right to left: the bar and the table stay within the phone's width too
  await open(page, '/admin/product/list?lang=ar');
  await expect(page.getByTestId('bulk-bar')).toContainText('تغيير عدة منتجات');
  await expectNoSideScroll(page);
  await page.getByTestId('bulk-bar').scrollIntoViewIfNeeded();
  await shot(page, 'bulk-08-arabic');
  await page.context().close();
});

test('ticks three products and the whole page, archives them after the confirmation', async ({ browser }) => {
  const page = await owner(browser);
  await open(page, '/admin/product/list?source=own&sort=sku');
  for (const sku of ['OWN-0001', 'OWN-0002', 'OWN-0003']) await page.getByRole('checkbox', { name: new RegExp(`^${sku} `) }).check();
  await expect(page.getByTestId('bulk-bar').locator('[data-ticked]')).toHaveText('3');
  await page.getByLabel('Aktion').selectOption('archive');
  await shot(page, 'bulk-02-ticked');
  await page.getByTestId('bulk-apply').click();
  await expect(page.getByTestId('bulk-confirm')).toContainText('Zu archivierende Produkte: 3.');
  await expectNoSideScroll(page);
  await shot(page, 'bulk-03-confirm');
  await page.getByTestId('bulk-confirm-yes').click();
  await expect(page.getByTestId('bulk-done')).toHaveText('Produkte archiviert: 3');
  await expect(page).toHaveURL(/source=own/);
  // the page's box ticks the 50 of the page (keyboard: Space on the focused box)
  await page.getByTestId('bulk-select-page').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('bulk-bar').locator('[data-ticked]')).toHaveText('50');
  await page.getByTestId('bulk-apply').click();
  await expect(page.getByTestId('bulk-confirm')).toContainText('Zu archivierende Produkte: 47.');
  await page.getByTestId('bulk-confirm-yes').click();
  await expect(page.getByTestId('bulk-done')).toHaveText('Produkte archiviert: 47');
  await shot(page, 'bulk-04-archived');
  await page.context().close();
});

test('a discount for every product of a filter, and a refused percentage named in German', async ({ browser }) => {
  const page = await owner(browser);
  await open(page, '/admin/product/list?q=Owner+Davidoff&state=active');
  await page.getByLabel('Aktion').selectOption('discount');
  await page.getByLabel('Rabatt (%)').fill('150');
  await page.getByLabel(/Alle zum Filter passenden/).check();
  await page.getByTestId('bulk-apply').click();
  await expect(page.getByTestId('bulk-error')).toHaveText('Rabatt (%): Geben Sie eine ganze Zahl von 0 bis 100 ein.');
  await shot(page, 'bulk-05-bad-discount');
  await page.getByLabel('Aktion').selectOption('discount');
  await page.getByLabel('Rabatt (%)').fill('20');
  await page.getByLabel(/Alle zum Filter passenden/).check();
  await page.getByTestId('bulk-apply').click();
  await expect(page.getByTestId('bulk-done')).toContainText(/Rabatt von 20 % gesetzt bei Produkten: \d+/);
  await expect(rows(page).first()).toContainText('−20 %');
  await page.context().close();
});

test('archives the starting catalogue in one step and lists it again through the filter', async ({ browser }) => {
  const page = await owner(browser);
  await open(page, '/admin/product/list');
  await expect(page.getByTestId('starting-catalogue')).toContainText('72 Demo-Produkten; jetzt im Shop angeboten: 72.');
  await page.getByTestId('starting-archive').click();
  await expect(page.getByTestId('bulk-confirm')).toContainText('Zu archivierende Demo-Produkte: 72.');
  await page.getByTestId('bulk-confirm-yes').click();
  await expect(page.getByTestId('bulk-done')).toHaveText('Produkte archiviert: 72');
  await expect(page.getByTestId('starting-catalogue')).toContainText('jetzt im Shop angeboten: 0.');
  await shot(page, 'bulk-06-starting-archived');
  await page.getByRole('link', { name: 'Anzeigen', exact: true }).click();
  await expect(page).toHaveURL(/source=seeded/);
  await expect(page.getByText('Produkte: 72')).toBeVisible();
  await page.getByLabel('Aktion').selectOption('list');
  await page.getByLabel(/Alle zum Filter passenden/).check();
  await page.getByTestId('bulk-apply').click();
  await expect(page.getByTestId('bulk-done')).toHaveText('Produkte im Shop angeboten: 72');
  await page.context().close();
});

test.describe('without JavaScript', () => {
  test('"all on this page" archives the page after the confirmation', async ({ browser }) => {
    const page = await owner(browser, { javaScriptEnabled: false });
    await page.goto('/admin/product/list?source=own&state=active&sort=sku');
    await expect(page.getByText('Produkte: 290')).toBeVisible();
    await page.getByLabel('Aktion').selectOption('archive');
    await page.getByLabel(/Alle auf dieser Seite/).check();
    await page.getByTestId('bulk-apply').click();
    await expect(page.getByTestId('bulk-confirm')).toContainText('Zu archivierende Produkte: 50.');
    await page.getByTestId('bulk-confirm-yes').click();
    await expect(page.getByTestId('bulk-done')).toHaveText('Produkte archiviert: 50');
    await expect(page.getByText('Produkte: 240')).toBeVisible();
    await expectNoSideScroll(page);
    await shot(page, 'bulk-07-no-js');
    await page.context().close();
  });
});
