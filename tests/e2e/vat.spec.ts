/**
 * The VAT report in Chromium, against a server of its own (tests/e2e/vat-seed.ts): the admin
 * picks the third quarter of 2026 with the page's GET form, in German and in Arabic, on a 390 px
 * phone and a desktop; the figures of the ESTV form are shown, nothing is wider than the phone,
 * and the journal downloads as a Swiss Excel CSV. With UPDATE_SCREENSHOTS=1, saves the pages
 * under docs/screenshots/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { ownServerFor, pastGatesState } from './own-server.ts';
import { logIn } from './login.ts';

const ADMIN = { email: 'vat-admin@example.ch', password: 'Vat-Admin-Password-1' };
const SHOTS = 'docs/screenshots';

const own = ownServerFor<{ invoices: number; creditNotes: number }>({ name: 'vat walk', seedScript: 'tests/e2e/vat-seed.ts', admin: ADMIN });

test('VAT report: a quarter picked, its form figures on a phone in German and Arabic, the journal downloaded', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    acceptDownloads: true,
    timezoneId: 'Europe/Zurich',
    storageState: pastGatesState(own.base),
  });
  const page = await context.newPage();
  await logIn(page, ADMIN.email, ADMIN.password, `${own.base}/login?redirectTo=${encodeURIComponent('/admin/vat?lang=de')}`);
  await expect(page).toHaveURL(/\/admin\/vat/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('MWST-Abrechnung');
  // on a phone the admin pages are behind the navigation's menu, which names the page it is on
  await expect(page.getByTestId('admin-menu')).toContainText('MWST');
  await page.getByTestId('admin-menu').click();
  await expect(page.locator('.admin-menu-links').getByRole('link', { name: 'MWST' })).toBeVisible();
  await page.getByTestId('admin-menu').click();
  // the picker is a GET form: the choice is in the address
  await page.getByLabel('Jahr').selectOption('2026');
  await page.getByLabel('Periode').selectOption('Q3');
  await page.getByRole('button', { name: 'Anzeigen' }).click();
  await expect(page).toHaveURL(/year=2026&period=Q3/);
  await expect(page.getByTestId('vat-span')).toContainText(`Rechnungen: ${own.seed.invoices} · Gutschriften: ${own.seed.creditNotes}`);
  await expect(page.getByTestId('vat-span')).toContainText('01.07.2026');
  await expect(page.getByTestId('vat-span')).toContainText('30.09.2026');
  await expect(page.getByTestId('vat-rate-810')).toContainText('303');
  await expect(page.getByTestId('vat-rate-260')).toContainText('313');
  await expect(page.getByTestId('vat-z399')).toContainText('Total geschuldete Steuer');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  fs.mkdirSync('/tmp/vat-shots', { recursive: true });
  await page.screenshot({ path: '/tmp/vat-shots/admin-vat-phone-de.png', fullPage: true });
  if (process.env.UPDATE_SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, 'admin-vat-phone-de.png'), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('vat-journal').click()]);
  expect(download.suggestedFilename()).toBe('vat-journal-2026-Q3.csv');
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.startsWith('\ufeffdate;document;account;counter_account;amount_chf;vat_rate;vat_chf;text')).toBe(true);
  expect(csv).toContain(';3800;1100;-');
  expect(csv).toContain('Gutschrift ');
  // the 23:40 order of 30 September is on its Zurich day
  expect(csv).not.toContain('2026-10-01');

  await page.goto(`${own.base}/admin/vat?year=2026&period=Q3&lang=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تقرير ضريبة القيمة المضافة');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/vat-shots/admin-vat-phone-ar.png', fullPage: true });
  if (process.env.UPDATE_SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, 'admin-vat-phone-ar.png'), fullPage: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${own.base}/admin/vat?year=2026&period=Q3&lang=de`);
  await page.screenshot({ path: '/tmp/vat-shots/admin-vat-desktop-de.png', fullPage: true });
  if (process.env.UPDATE_SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, 'admin-vat-desktop-de.png'), fullPage: true });
  await context.close();
});
