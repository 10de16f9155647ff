/**
 * Refunds to pay in Chromium, in German, against a server of its own: the admin sees the two
 * accepted bank-transfer refunds with the customers' IBANs, downloads the pain.001 file (valid
 * against SIX's pain.001.001.09.ch.03 schema, xmllint-wasm) and marks them paid, after which the
 * list is empty; the settings page shows the return settings. With UPDATE_SCREENSHOTS=1, saves the
 * list on a 390 px phone and a desktop under docs/screenshots/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { expect, test } from './fixtures.ts';
import { ownServerFor, pastGatesState } from './own-server.ts';
import { logIn } from './login.ts';

const ADMIN = { email: 'refunds-admin@example.ch', password: 'Refunds-Admin-Password-1' };
const SHOTS = 'docs/screenshots';
const XSD = fs.readFileSync('tests/fixtures/sps/pain.001.001.09.ch.03.xsd', 'utf8');

const own = ownServerFor<{ creditNotes: string[] }>({ name: 'refunds walk', seedScript: 'tests/e2e/refunds-seed.ts', admin: ADMIN });

test('refunds to pay: listed, exported as a valid pain.001, marked paid', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true, storageState: pastGatesState(own.base) });
  const page = await context.newPage();
  await logIn(page, ADMIN.email, ADMIN.password, `${own.base}/login?redirectTo=${encodeURIComponent('/admin/refunds?lang=de')}`);
  await expect(page).toHaveURL(/\/admin\/refunds/);
  const rows = page.getByTestId('refund-to-pay');
  await expect(rows).toHaveCount(2);
  for (const n of own.seed.creditNotes) await expect(page.getByTestId('refunds-to-pay')).toContainText(n);
  await expect(page.getByTestId('refunds-to-pay')).toContainText('CH93 0076 2011 6238 5295 7');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Offene Rückzahlungen');
  for (const [size, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.reload();
    await expect(rows).toHaveCount(2);
    // nothing wider than the phone: the table scrolls inside its box, the page does not
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    if (process.env.UPDATE_SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, `admin-refunds-${size}-de.png`), fullPage: true });
  }

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('refunds-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^RF-\d{14}-[0-9A-F]{8}\.xml$/);
  const xml = fs.readFileSync((await download.path())!, 'utf8');
  const result = await validateXML({ xml: [{ fileName: 'refunds.xml', contents: xml }], schema: [{ fileName: 'pain.001.001.09.ch.03.xsd', contents: XSD }] });
  expect(result.errors).toEqual([]);
  expect(xml).toContain('<NbOfTxs>2</NbOfTxs>');
  expect(xml).toContain('<Nm>Jean-Luc Rochat-Müller</Nm>');

  await page.getByTestId('refunds-mark-paid').click();
  await expect(page.getByText('Als bezahlt markiert: 2')).toBeVisible();
  await page.goto(`${own.base}/admin/refunds?lang=de`);
  await expect(page.getByTestId('refunds-empty')).toBeVisible();

  // the return settings: send back or keep, the address, the text per language
  await page.goto(`${own.base}/admin/settings?lang=de`);
  const returns = page.locator('fieldset', { has: page.getByText('Rücksendungen', { exact: true }) });
  await expect(returns.getByLabel('Rücksendeadresse')).toBeVisible();
  await returns.getByText('Rücksendetext in weiteren Sprachen').click();
  await expect(returns.getByLabel('Deutsch')).toBeVisible();
  await context.close();
});
