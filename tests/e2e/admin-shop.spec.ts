/**
 * The admin walk, in Chromium against a server of its own that sends
 * mail through an in-process SMTP server: upload a product photo and see it on the product page as
 * AVIF/WebP; find an order by its code; export the orders as CSV; ship the order with a tracking
 * number and read the customer's e-mail with the tracking link; refund it with the returned units
 * back in stock.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { expect, signIn, test } from './fixtures.ts';
import { decodeQp } from '../helpers/smtp.ts';
import { ownServerFor } from './own-server.ts';

const PORT = Number(process.env.E2E_PORT ?? 3210) + 2;
const BASE = `http://localhost:${PORT}`;
const ADMIN = { email: 'walk-admin@example.ch', password: 'Walk-Admin-Password-1' };

type Seed = { code: string; orderId: string; productId: string };

test.describe.configure({ mode: 'serial' });

const own = ownServerFor<Seed>({ name: 'admin walk', port: PORT, seedScript: 'tests/e2e/admin-shop-seed.ts', admin: ADMIN, smtp: true });

test('admin: photo, order search, CSV export, shipping e-mail, refund with stock back', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    localStorage.setItem('ageConfirmedAt', String(Date.now()));
    localStorage.setItem('cookieChoice', 'accepted');
  });
  await signIn(page, ADMIN, '/admin/home', { base: BASE });
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // upload a photo
  await page.goto(`${BASE}/admin/product/add?id=${own.seed.productId}`);
  const photo = await sharp({ create: { width: 1400, height: 1050, channels: 3, background: { r: 110, g: 62, b: 30 } } })
    .jpeg()
    .toBuffer();
  await page.locator('#photo').setInputFiles({ name: 'robusto.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByLabel('Description for screen readers (alt text)').last().fill('Robusto, side view');
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByTestId('photo-list').locator('li')).toHaveCount(1);
  // a text file is refused with a clear message
  await page.locator('#photo').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not an image at all') });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByTestId('photo-error')).toContainText('not an image');

  // the product page shows it as AVIF/WebP with a srcset and intrinsic size
  await page.goto(`${BASE}/productdetail?id=${own.seed.productId}`);
  const avif = page.locator('.detail-media picture source[type="image/avif"]');
  await expect(avif).toHaveAttribute('srcset', /\/media\/products\/[0-9a-f-]+\/640\.avif 640w/);
  await expect(page.locator('.detail-media picture source[type="image/webp"]')).toHaveAttribute('srcset', /\.webp 320w/);
  const img = page.locator('.detail-media picture img');
  await expect(img).toHaveAttribute('alt', 'Robusto, side view');
  await expect(img).toHaveAttribute('width', '1280');
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\.avif$/);
  const file = await page.request.get(`${BASE}${(await avif.getAttribute('srcset'))!.split(' ')[0]}`);
  expect(file.headers()['content-type']).toBe('image/avif');
  expect(file.headers()['cache-control']).toContain('immutable');

  // find the order by its code
  await page.goto(`${BASE}/admin/order/list`);
  await page.getByLabel('Search').fill(own.seed.code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${own.seed.code}`));
  const rows = page.getByTestId('admin-orders').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Giulia Bernasconi');

  // export the (filtered) list as CSV
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('orders-export').click()]);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('order_code,created_at,status');
  expect(csv).toContain(own.seed.code);
  expect(csv.trim().split('\n')).toHaveLength(2);

  // ship with a tracking number: the customer gets the Swiss Post link in Italian
  await rows.first().getByRole('link', { name: own.seed.code }).click();
  await expect(page.getByRole('heading', { name: new RegExp(own.seed.code) })).toBeVisible();
  const mailsBefore = own.smtp.mails.length;
  await page.getByLabel('Tracking number').fill('99.60.123456.12345678');
  await page.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(page.getByTestId('admin-order-status')).toHaveText('Shipped');
  await expect(page.getByTestId('tracking').getByRole('link', { name: '99.60.123456.12345678' })).toHaveAttribute('href', /service\.post\.ch/);
  await own.smtp.waitFor(mailsBefore + 1);
  const mail = decodeQp(own.smtp.mails.at(-1)!.raw);
  expect(own.smtp.mails.at(-1)!.to).toEqual(['giulia.bernasconi@example.ch']);
  expect(mail).toContain('https://service.post.ch/ekp-web/ui/entry/search/99.60.123456.12345678');
  expect(mail).toMatch(/in viaggio/);

  // refund everything, the two units back into stock
  await page.goto(`${BASE}/admin/product/add?id=${own.seed.productId}`);
  const stockBefore = Number(await page.getByTestId('stock-now').textContent());
  await page.goto(`${BASE}/admin/order/details?id=${own.seed.orderId}`);
  await page.locator('input[name^="line-"]').fill('2');
  await page.getByLabel('Reason (on the credit note)').fill('Returned unopened');
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByTestId('admin-order-status')).toHaveText('Refunded');
  await expect(page.getByTestId('refunds')).toContainText('Returned unopened');
  const creditNote = await page.request.get(`${BASE}${await page.getByTestId('refunds').getByRole('link').first().getAttribute('href')}`);
  expect(creditNote.headers()['content-type']).toBe('application/pdf');
  await own.smtp.waitFor(mailsBefore + 2);
  expect(own.smtp.mails.at(-1)!.raw).toContain('filename=credit-note-');
  await page.goto(`${BASE}/admin/product/add?id=${own.seed.productId}`);
  await expect(page.getByTestId('stock-now')).toHaveText(String(stockBefore + 2));
  await expect(page.getByTestId('stock-history')).toContainText('Refund (returned items)');
});
