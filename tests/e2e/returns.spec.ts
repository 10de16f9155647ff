/**
 * The returns walk in Chromium, against a server of its own that sends mail through an in-process
 * SMTP server: the customer opens their shipped order (tracking link), asks to return it as
 * damaged with a phone photo and gets the confirmation mail; the admin finds the open return on
 * the dashboard, opens the order, accepts it with the units back into stock, and the customer
 * gets the mail with the credit note, which their order page then lists for download. Also:
 * cancelling an unpaid order from its page. With UPDATE_SCREENSHOTS=1, saves the screenshots of
 * the customer's order page and of the admin's returns (phone and desktop, English and German)
 * under docs/screenshots/.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { type Browser, type Page } from '@playwright/test';
import { decodeQp } from '../helpers/smtp.ts';
import { RETURNS_ADMIN, RETURNS_CUSTOMER } from './returns-env.ts';
import { ownServerFor, pastGatesState } from './own-server.ts';
import { logIn } from './login.ts';

// screenshots are taken only when asked for (UPDATE_SCREENSHOTS=1, into docs/): a plain test run
// leaves the tree clean and does not encode 20 full-page PNGs that nobody would see (12 CPU-s)
const SHOTS = 'docs/screenshots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

type Seed = { shipped: string; unpaid: string };

test.describe.configure({ mode: 'serial' });

// a free port of its own: several walks (and other checkouts' servers) run on this machine at once
const own = ownServerFor<Seed>({ name: 'returns walk', seedScript: 'tests/e2e/returns-seed.ts', admin: RETURNS_ADMIN, smtp: true });

/** A signed-in page of its own (own cookies), past the age gate and the cookie notice. */
async function signedIn(browser: Browser, who: { email: string; password: string }, to: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, storageState: pastGatesState(own.base) });
  const page = await context.newPage();
  await logIn(page, who.email, who.password, `${own.base}/login?redirectTo=${encodeURIComponent(to)}`);
  await expect(page).toHaveURL(new RegExp(to.replace(/[?]/g, '\\?')));
  return page;
}

/** The raw mail to `to` whose text contains `subject`, once it arrived. */
async function mailTo(to: string, subject: string): Promise<string> {
  await expect.poll(() => own.smtp.mails.some((m) => m.to.includes(to) && decodeQp(m.raw).includes(subject))).toBe(true);
  return decodeQp(own.smtp.mails.find((m) => m.to.includes(to) && decodeQp(m.raw).includes(subject))!.raw);
}

/**
 * The page at `url` on a phone and a desktop, in English and German, each checked by `ready`;
 * with UPDATE_SCREENSHOTS=1 also a full-page screenshot of each into docs/screenshots.
 */
async function shots(page: Page, url: string, name: string, ready: (p: Page) => Promise<void>) {
  for (const lang of ['en', 'de'] as const) {
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${own.base}${url}${url.includes('?') ? '&' : '?'}lang=${lang}`);
      await ready(page);
      if (process.env.UPDATE_SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-${size}-${lang}.png`), fullPage: true });
    }
  }
  await page.goto(`${own.base}/?lang=en`);
}

test('a return: requested by the customer with a photo, accepted by the admin, mails at each step', async ({ browser }) => {
  test.setTimeout(180_000);
  const orderUrl = `/client/historydetails?id=${own.seed.shipped}`;
  const customer = await signedIn(browser, RETURNS_CUSTOMER, orderUrl);
  await expect(customer.getByTestId('tracking-link')).toHaveAttribute('href', 'https://service.post.ch/ekp-web/ui/entry/search/99.60.123456.87654321');
  await expect(customer.getByTestId('doc-invoice')).toBeVisible();

  await shots(customer, orderUrl, 'client-order-return-form', async (p) => {
    await expect(p.getByTestId('return-form')).toBeVisible();
  });
  await customer.goto(`${own.base}${orderUrl}`);

  // the request: damaged, a message with accents and an apostrophe, a 4 MP phone photo
  const w = 2304;
  const h = 1728;
  const photo = await sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const form = customer.getByTestId('return-form');
  await form.getByLabel('Goods damaged').check();
  await form.getByLabel('Describe the problem').fill("Die Kiste kam zerdrückt an; l'étui d'un Robusto est fendu.");
  await form.locator('#return-photos').setInputFiles({ name: 'IMG_3318.JPG', mimeType: 'image/jpeg', buffer: photo });
  await form.getByRole('button', { name: 'Request the return' }).click();
  await expect(customer.getByTestId('order-done')).toContainText('Your return request has been sent');
  await expect(customer.getByTestId('return-status')).toHaveText('Requested');
  await expect(customer.locator('.return-photos img')).toHaveCount(1);
  const requested = await mailTo(RETURNS_CUSTOMER.email, `We have received your return request for order ${own.seed.shipped}`);
  expect(requested).toContain('reason: goods damaged');

  // the admin: the dashboard lists the open return; the order shows it with the photo
  const admin = await signedIn(browser, RETURNS_ADMIN, '/admin/home');
  await expect(admin.getByTestId('dash-returns')).toContainText(own.seed.shipped);
  await admin.getByTestId('dash-returns').getByRole('link').first().click();
  await expect(admin.getByTestId('admin-return-status')).toHaveText('Requested');
  await expect(admin.getByTestId('admin-returns').locator('img')).toHaveCount(1);
  const photoSrc = await admin.getByTestId('admin-returns').locator('img').getAttribute('src');
  expect((await admin.request.get(`${own.base}${photoSrc}`)).headers()['content-type']).toBe('image/jpeg');
  await shots(admin, `/admin/order/details?id=${own.seed.shipped}`, 'admin-order-returns', async (p) => {
    await expect(p.getByTestId('admin-returns')).toBeVisible();
  });
  await shots(admin, '/admin/home', 'admin-home-returns', async (p) => {
    await expect(p.getByTestId('dash-returns')).toBeVisible();
  });

  // accept: full refund (suggested), units back into stock
  await admin.goto(`${own.base}/admin/order/details?id=${own.seed.shipped}`);
  const returns = admin.getByTestId('admin-returns');
  await returns.getByLabel('Put returned items back into stock').check();
  await returns.getByRole('button', { name: 'Accept and refund' }).click();
  await expect(admin.getByTestId('admin-return-status')).toHaveText('Accepted');
  await expect(admin.getByRole('status')).toContainText('Return accepted');
  await expect(admin.getByTestId('admin-order-status')).toHaveText('Refunded');
  const accepted = await mailTo(RETURNS_CUSTOMER.email, `Your return for order ${own.seed.shipped} has been accepted`);
  expect(accepted).toMatch(/credit-note-[^"\s]+-C1\.pdf/);
  expect(accepted).toContain('Content-Type: application/pdf');

  // the customer's page: accepted, the credit note to download
  await customer.goto(`${own.base}${orderUrl}`);
  await expect(customer.getByTestId('return-status')).toHaveText('Accepted');
  const note = customer.getByTestId('doc-credit_note');
  await expect(note).toBeVisible();
  const pdf = await customer.request.get(`${own.base}${await note.getAttribute('href')}`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  // someone who is not signed in is sent to the login page, never the PDF
  const anonymous = await fetch(`${own.base}${await note.getAttribute('href')}`, { redirect: 'manual' });
  expect(anonymous.status).toBe(302);
  await shots(customer, orderUrl, 'client-order-returns', async (p) => {
    await expect(p.getByTestId('return-status')).toBeVisible();
  });
});

test('an unpaid order is cancelled from its page; the customer gets a mail', async ({ browser }) => {
  const url = `/client/historydetails?id=${own.seed.unpaid}`;
  const page = await signedIn(browser, RETURNS_CUSTOMER, url);
  await shots(page, url, 'client-order-cancel', async (p) => {
    await expect(p.getByTestId('return-unavailable')).toBeVisible();
  });
  await page.goto(`${own.base}${url}`);
  await page.getByText('Cancel this order…').click();
  await page.getByTestId('cancel-order').click();
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('order-done')).toContainText('Your order has been cancelled');
  await expect(page.getByTestId('cancel-order')).toHaveCount(0);
  await mailTo(RETURNS_CUSTOMER.email, `Your order ${own.seed.unpaid} has been cancelled`);
});
