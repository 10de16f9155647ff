/**
 * The audit log as an owner reads it, in German on a 390 px phone, against a server of its own
 * (tests/e2e/audit-seed.ts): labels instead of action keys, CHF instead of Rappen, the shop's local
 * time, the order's code and the admin's name, one entry for the CSV import; the filter by order
 * code works without JavaScript too (a GET form). The phone shot is saved as
 * `audit-de-390.png` in the test's output folder (with UPDATE_SCREENSHOTS=1 also in docs/screenshots).
 */
import fs from 'node:fs';
import { expect, test } from './fixtures.ts';
import { ownServerFor, pastGatesState } from './own-server.ts';

const ADMIN = { email: 'audit-admin@example.ch', password: 'Audit-Admin-Password-1' };

const own = ownServerFor<{ code: string }>({ name: 'audit walk', seedScript: 'tests/e2e/audit-seed.ts', admin: ADMIN });

test('the audit log on a phone in German: labels, CHF, local time, order code, names; filtered without scripts', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'de-CH',
    timezoneId: 'Europe/Zurich',
    storageState: pastGatesState(own.base),
  });
  const page = await context.newPage();
  await page.goto(`${own.base}/login?redirectTo=${encodeURIComponent('/admin/audit?lang=de')}`);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 20_000 });
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.locator('main').getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/admin\/audit/);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Änderungsprotokoll');
  const list = page.getByTestId('audit-entries');
  const refund = list.locator('[data-action="order.refund"]');
  await expect(refund).toContainText('Rückerstattung ausgeführt');
  await expect(refund).toContainText(own.seed.code);
  await expect(refund).toContainText('Olivia Owner');
  await expect(refund).toContainText(/Erstattet\s*CHF\s0\.00\s*→\s*CHF\s[\d']+\.\d\d/);
  // the order's status that stayed is a detail, not "Versandt → –"
  await expect(refund).not.toContainText(/→\s*–/);
  const imported = list.locator('[data-action="catalogue.import"]');
  await expect(imported).toHaveCount(1);
  await expect(imported).toContainText('Sortiment Dezember.csv');
  await expect(list.locator('[data-action="product.update"]')).toHaveCount(0);
  await expect(list.locator('[data-action="settings.update"]')).toContainText(/Versandkosten\s*CHF\s[\d.]+\s*→\s*CHF\s9\.50/);
  // no action key, no Rappen figure, no ISO instant anywhere in the list
  const text = await list.innerText();
  expect(text).not.toMatch(/\b(order|product|settings|catalogue)\.[a-z]+/);
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
  expect(text).not.toContain('refundedAmount');
  // the shop's local time: the page's time is the one Zürich reads (the server runs in UTC)
  const at = await refund.locator('time').getAttribute('datetime');
  const zurich = new Intl.DateTimeFormat('de-CH', { timeZone: 'Europe/Zurich', hour: '2-digit', minute: '2-digit' }).format(new Date(at!));
  await expect(refund.locator('time')).toContainText(zurich);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const shot = testInfo.outputPath('audit-de-390.png');
  await page.screenshot({ path: shot, fullPage: true });
  if (process.env.UPDATE_SCREENSHOTS) fs.copyFileSync(shot, 'docs/screenshots/admin-audit-phone-de.png');

  // the same filter without JavaScript: a GET form
  const noScript = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false, storageState: await context.storageState() });
  const plain = await noScript.newPage();
  await plain.goto(`${own.base}/admin/audit?lang=de`);
  await plain.getByLabel('Bestellung, Produkt oder Person').fill(own.seed.code);
  await plain.getByRole('button', { name: 'Filtern' }).click();
  await expect(plain).toHaveURL(new RegExp(`q=${own.seed.code}`));
  const found = plain.getByTestId('audit-entry');
  await expect(found).toHaveCount(2);
  await expect(plain.getByTestId('audit-entries')).toContainText('Bestellung versandt');
  await noScript.close();
  await context.close();
});
