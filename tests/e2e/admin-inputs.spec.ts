/**
 * Inputs as a new owner makes them, in Chromium at 390 px against the built server: photos from a
 * phone (5 MB and more, several at once) uploaded on the product edit page with a progress bar; a
 * 16 MB photo and a HEIC photo refused with a message before anything is sent; without scripts,
 * a set of photos over the 50 MB of one upload comes back to the page with the message in German;
 * a 5,000-row CSV in the shop's own export format checked and imported from the product list.
 * Screenshots of the upload and of the messages go to docs/screenshots/ with `UPDATE_SCREENSHOTS=1`
 * (else to a temporary folder, so a test run leaves the repository as it was).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { expect, signIn, test, waitForHydration } from './fixtures.ts';
import { type Locator, type Page } from '@playwright/test';
import { bigCatalogueCsv, heicLike, MB, noiseJpeg } from '../helpers/inputs.ts';
import { ownServerFor, screenshotsDir, uploadFiles } from './own-server.ts';

// an offset of its own: other specs and parallel runs use the ports just above E2E_PORT
const PORT = Number(process.env.E2E_PORT ?? 3210) + 50;
const BASE = `http://localhost:${PORT}`;
const ADMIN = { email: 'inputs-admin@example.ch', password: 'Inputs-Admin-Password-1' };
const SHOTS = screenshotsDir('admin-inputs');

/** The signed-in admin's cookies, from the first test (one login for the walk). */
let signedIn: Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 } });

const own = ownServerFor<{ productId: string }>({ name: 'inputs walk', port: PORT, seedScript: 'tests/e2e/admin-shop-seed.ts', admin: ADMIN });

// phone-sized photos as files (large buffers do not cross to the browser as values)
const inputFile = uploadFiles('admin-inputs', async () => {
  // 24 MB of noise photos take a while on a busy machine
  test.setTimeout(120_000);
  fs.writeFileSync(inputFile('IMG_2041.jpg'), await noiseJpeg(5 * MB));
  fs.writeFileSync(inputFile('IMG_2042.jpg'), await noiseJpeg(3 * MB));
  fs.writeFileSync(inputFile('IMG_2043.jpg'), await noiseJpeg(16 * MB));
  fs.writeFileSync(inputFile('IMG_2044.HEIC'), heicLike());
});

/** A 390 x 844 screenshot with `target` in the middle of the screen (below the sticky header). */
async function shot(page: Page, target: Locator, file: string) {
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: path.join(SHOTS, file) });
}

test('photos from a phone: two at once with a progress bar, then a 16 MB one and a HEIC one refused', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN, '/admin/home', { base: BASE });
  signedIn = await page.context().storageState();
  await page.goto(`${BASE}/admin/product/add?id=${own.seed.productId}`);
  // the page's scripts run: the upload form then sends photo by photo
  await waitForHydration(page, { idle: true });
  const photos = page.locator('#photos');
  await expect(photos.locator('#photo-hint')).toContainText('each at most 15 MB; up to 6 photos (50 MB together) at once');
  await page.locator('#photo').setInputFiles([inputFile('IMG_2041.jpg'), inputFile('IMG_2042.jpg')]);
  await page.getByRole('button', { name: 'Upload' }).click();
  const progress = page.getByTestId('photo-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toContainText(/photo [12] of 2/);
  await shot(page, progress, 'admin-photos-progress-390-en.png');
  // the server renders each photo in three widths and formats: seconds per photo on a busy machine
  await expect(page.getByTestId('photo-uploaded')).toHaveText('Photos uploaded: 2.', { timeout: 90_000 });
  await expect(page.getByTestId('photo-list').locator('li')).toHaveCount(2);
  await shot(page, page.getByTestId('photo-uploaded'), 'admin-photos-done-390-en.png');

  // over 15 MB and HEIC: refused before anything is sent, each file named with its reason
  await page.locator('#photo').setInputFiles([inputFile('IMG_2043.jpg'), inputFile('IMG_2044.HEIC')]);
  await page.getByRole('button', { name: 'Upload' }).click();
  const error = page.getByTestId('photo-error');
  await expect(error).toContainText('IMG_2043.jpg is larger than 15 MB and was not uploaded.');
  await expect(error).toContainText('IMG_2044.HEIC: HEIC photos cannot be read here. Send the photo as JPEG or PNG');
  await expect(page.getByTestId('photo-list').locator('li')).toHaveCount(2);
  await shot(page, error, 'admin-photos-refused-390-en.png');
});

test('without scripts, photos over the 50 MB of one upload come back to the page with the message in German', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, storageState: signedIn });
  await context.addCookies([{ name: 'lang', value: 'de', url: BASE }]);
  const page = await context.newPage();
  await page.goto(`${BASE}/admin/product/add?id=${own.seed.productId}`);
  const big = inputFile('IMG_2043.jpg');
  const photosBefore = await page.locator('[data-testid="photo-list"] li').count();
  await page.locator('#photo').setInputFiles([big, big, big, big]);
  await page.locator('.photo-upload button[type="submit"]').click();
  await expect(page).toHaveURL(/toolarge=50/);
  const message = page.getByTestId('photo-limit');
  await expect(message).toHaveText(
    'Diese Fotos sind zusammen grösser als 50 MB, das Maximum pro Upload; es wurde nichts gespeichert. Wählen Sie weniger Fotos auf einmal (je höchstens 15 MB).',
  );
  await expect(page.locator('[data-testid="photo-list"] li')).toHaveCount(photosBefore);
  await shot(page, message, 'admin-photos-limit-390-de.png');
  await context.close();
});

test("a 5,000-row CSV in the shop's own export format is checked and imported", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: signedIn });
  const page = await context.newPage();
  // the shop's own export, downloaded from the product list as the owner would
  await page.goto(`${BASE}/admin/product/list`);
  await waitForHydration(page, { idle: true });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('products-export').click()]);
  const exported = fs.readFileSync((await download.path())!, 'utf8');
  expect(exported).toContain('sku,category,brand');
  const before = (parse(exported.replace(/^\uFEFF/, ''), { columns: true }) as unknown[]).length;
  const { csv } = bigCatalogueCsv(exported, 5_000);
  const file = inputFile('products-5000.csv');
  fs.writeFileSync(file, `\uFEFF${csv}`);
  expect(fs.statSync(file).size).toBeGreaterThan(5 * MB);
  await page.locator('#csv').setInputFiles(file);
  await page.getByRole('button', { name: 'Check file' }).click();
  const result = page.getByTestId('import-result');
  await expect(result).toContainText(`5000 row(s): ${5_000 - before} new, ${before} to update, 0 problem(s).`, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Import 5000 product(s) now' }).click();
  await expect(result).toContainText(`Imported: ${5_000 - before} new, ${before} updated.`, { timeout: 60_000 });
  await shot(page, result, 'admin-csv-import-390-en.png');
  // the list now holds them: search one of the new SKUs
  await page.locator('#q').fill('-N4999');
  // the search form's button (the bulk bar below has an "Apply" of its own)
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('admin-products').locator('tbody tr')).toHaveCount(1);
  await context.close();
});
