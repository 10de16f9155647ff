/**
 * The bulk photo upload by SKU (/admin/product/photos) on a 390 px phone: in German, phone photos
 * of 5 MB and a zip file chosen at once, the match shown before anything is sent (which file goes
 * to which product, and why the others do not), then uploaded one by one from the keyboard with the
 * progress bar and a result per file; in Arabic the same preview right to left; without
 * JavaScript the plain form answers the same result table. The page never scrolls sideways.
 * Screenshots go to docs/screenshots/ with `UPDATE_SCREENSHOTS=1` (else to a temporary folder).
 */
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { MB, noiseJpeg } from '../helpers/inputs.ts';
import { expect, type Page, test, waitForHydration } from './fixtures.ts';
import { ownServerFor, screenshotsDir, signedInPhone, uploadFiles } from './own-server.ts';

// an offset of its own: other specs use the ports just above E2E_PORT
const PORT = Number(process.env.E2E_PORT ?? 3210) + 61;
const BASE = `http://localhost:${PORT}`;
const OWNER = { email: 'photos-owner@example.ch', password: 'Photos-Owner-Password-1' };
const SHOTS = screenshotsDir('bulk-photos');

test.describe.configure({ mode: 'serial' });

ownServerFor({ name: 'bulk-photos', port: PORT, seedScript: 'tests/e2e/bulk-photos-seed.ts', admin: OWNER });

const file = uploadFiles('bulk-photos', async () => {
  // one phone photo of 5 MB under several names (noise does not compress: as large as a detailed photo)
  const photo = await noiseJpeg(5 * MB);
  for (const name of ['CDT-ROB-001.jpg', 'CDT-ROB-001_2.jpg', 'cdt-tor-002-3.jpg', 'CDT-TOR-002.jpg']) fs.writeFileSync(file(name), photo);
  const small = await noiseJpeg(200_000);
  fs.writeFileSync(file('CDT-NOPE-404.jpg'), small);
  fs.writeFileSync(file('Notizen.txt'), 'Fotos vom Dienstag');
  fs.writeFileSync(file('Kiste.zip'), zipSync({ 'Kiste/CDT-COR-003.jpg': small, 'Kiste/CDT-COR-003_2.jpg': small }));
});

/** The owner on a phone in `locale`, logged in once (the session reused by the later tests). */
const owner = signedInPhone(OWNER, BASE, 'de-CH');

async function open(page: Page, url: string, hydrated = true) {
  await page.goto(url);
  if (hydrated) await waitForHydration(page);
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

const rowOf = (page: Page, name: string) => page.getByTestId('bulk-photo-results').locator('tr', { hasText: name });

test('German phone: five photos and a zip matched before sending, uploaded one by one with progress and a result per file', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await owner(browser);
  await open(page, '/admin/product/list');
  await page.getByRole('link', { name: 'Fotos per SKU' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fotos per SKU' })).toBeVisible();
  await waitForHydration(page);

  const chosen = ['CDT-ROB-001_2.jpg', 'CDT-ROB-001.jpg', 'cdt-tor-002-3.jpg', 'CDT-TOR-002.jpg', 'CDT-NOPE-404.jpg', 'Notizen.txt', 'Kiste.zip'];
  await page.getByLabel('Fotos oder ZIP-Dateien').setInputFiles(chosen.map(file));
  // the preview: which file goes to which product as which photo, and why the others do not
  await expect(page.getByText('6 von 8 Dateien werden hinzugefügt.')).toBeVisible();
  await expect(rowOf(page, 'CDT-ROB-001.jpg').first()).toContainText('wird Foto 1');
  await expect(rowOf(page, 'CDT-ROB-001_2.jpg')).toContainText('wird Foto 2');
  await expect(rowOf(page, 'cdt-tor-002-3.jpg')).toContainText('wird Foto 2');
  await expect(rowOf(page, 'CDT-COR-003_2.jpg')).toContainText('wird Foto 2');
  await expect(rowOf(page, 'CDT-NOPE-404.jpg')).toContainText('kein Produkt mit SKU CDT-NOPE-404');
  await expect(rowOf(page, 'Notizen.txt')).toContainText('kein Bild');
  await expectNoSideScroll(page);
  await page.screenshot({ path: path.join(SHOTS, 'bulk-photos-de-preview.png'), fullPage: true });

  // from the keyboard: the upload button, then Enter
  const upload = page.getByRole('button', { name: 'Fotos hochladen (6)' });
  await upload.focus();
  await page.keyboard.press('Enter');
  const progress = page.getByTestId('bulk-photo-progress');
  await expect(progress).toBeVisible();
  await expect(progress.locator('label')).toContainText(/Foto \d von 6 · \d+,\d von \d+,\d MB|6 von 6 Fotos gesendet/);
  await page.screenshot({ path: path.join(SHOTS, 'bulk-photos-de-progress.png') });
  await expect(page.getByText('6 von 8 Dateien hinzugefügt.')).toBeVisible({ timeout: 180_000 });
  await expect(progress.locator('label')).toHaveText(/^6 von 6 Fotos gesendet · \d+,\d MB$/);
  for (const name of ['CDT-ROB-001.jpg', 'CDT-ROB-001_2.jpg', 'cdt-tor-002-3.jpg', 'CDT-TOR-002.jpg', 'CDT-COR-003.jpg', 'CDT-COR-003_2.jpg'])
    await expect(rowOf(page, name).first()).toContainText('hinzugefügt');
  await expect(rowOf(page, 'CDT-NOPE-404.jpg')).toContainText('kein Produkt mit SKU CDT-NOPE-404');
  await expectNoSideScroll(page);
  await page.screenshot({ path: path.join(SHOTS, 'bulk-photos-de-results.png'), fullPage: true });

  // the product page shows the photos in name order
  await rowOf(page, 'CDT-TOR-002.jpg').getByRole('link').click();
  await expect(page.locator('.photo-row')).toHaveCount(2);
});

test('Arabic phone: the preview right to left', async ({ browser }) => {
  const page = await owner(browser, { locale: 'ar' });
  await open(page, '/admin/product/photos?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByLabel('صور أو ملفات zip').setInputFiles(['CDT-ROB-001.jpg', 'CDT-NOPE-404.jpg', 'Notizen.txt'].map(file));
  await expect(rowOf(page, 'CDT-NOPE-404.jpg')).toContainText('لا يوجد منتج برمز SKU CDT-NOPE-404');
  // CDT-ROB-001 has two photos now: this one would be its third
  await expect(rowOf(page, 'CDT-ROB-001.jpg')).toContainText('ستكون الصورة 3');
  await expectNoSideScroll(page);
  await page.screenshot({ path: path.join(SHOTS, 'bulk-photos-ar-preview.png'), fullPage: true });
});

test('without JavaScript: the plain form answers the result table', async ({ browser }) => {
  const page = await owner(browser, { javaScriptEnabled: false });
  await open(page, '/admin/product/photos?lang=de', false);
  await page.getByLabel('Fotos oder ZIP-Dateien').setInputFiles(['CDT-NOPE-404.jpg', 'Kiste.zip'].map(file));
  await page.getByRole('button', { name: 'Fotos hochladen' }).click();
  await expect(page.getByText('2 von 3 Dateien hinzugefügt.')).toBeVisible();
  await expect(rowOf(page, 'CDT-COR-003.jpg')).toContainText('hinzugefügt');
  await expect(rowOf(page, 'CDT-NOPE-404.jpg')).toContainText('kein Produkt mit SKU CDT-NOPE-404');
  await expectNoSideScroll(page);
  await page.screenshot({ path: path.join(SHOTS, 'bulk-photos-de-nojs.png'), fullPage: true });
});
