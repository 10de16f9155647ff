/**
 * Shopping on a 390 px phone in German and Arabic: the product page's sticky add-to-cart bar
 * (there while the page's own form is off screen, gone while it is on screen, at rest below the
 * content at the end), "buy now" landing on checkout with exactly the chosen quantity (tapped
 * twice), "pay now" on an abandoned card order paying it in the sandbox, the "added" message
 * without JavaScript, and the site name and logo set in the settings in the navbar and the title.
 * On a server of its own (seeded as the shared one, tests/e2e/checkout-seed.ts): it logs in several
 * times. With WALK_SHOTS=<folder>, screenshots of each step.
 */
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { type Browser, type Page } from '@playwright/test';
import { E2E_CUSTOMER } from './checkout-env.ts';
import { logIn } from './login.ts';
import { PHONE_VIEWPORT } from '../../scripts/lib/phone-profile.ts';
import { ownServerFor, phonePage } from './own-server.ts';

const PORT = Number(process.env.E2E_PORT ?? 3210) + 17;
const BASE = `http://localhost:${PORT}`;
const SHOTS = process.env.WALK_SHOTS;
const ADMIN = { email: 'e2e-admin@example.ch', password: 'E2e-Admin-Password-1' };

test.describe.configure({ mode: 'serial' });

ownServerFor({ name: 'phone-shopping', port: PORT, seedScript: 'tests/e2e/checkout-seed.ts', admin: ADMIN });

/** A phone (touch) in `lang`, with or without JavaScript, past the age gate and cookie notice. */
const phone = (browser: Browser, lang: 'de' | 'ar' | 'en', javaScriptEnabled = true) => phonePage(browser, BASE, { lang, javaScriptEnabled });

/** Signs in (the form in English), then reads the shop in `lang`. */
async function signedIn(browser: Browser, lang: 'de' | 'ar', who: { email: string; password: string } = E2E_CUSTOMER): Promise<Page> {
  const page = await phone(browser, 'en');
  await logIn(page, who.email, who.password);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.context().addCookies([{ name: 'lang', value: lang, url: BASE }]);
  return page;
}

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 30_000 });

/** The product page of the first product of the list that is in stock. */
async function openProduct(page: Page): Promise<string> {
  await page.goto('/client/products?sort=name');
  const card = page
    .locator('article.card')
    .filter({ has: page.getByTestId('card-add-to-cart') })
    .first();
  const href = (await card.locator('.card-title a').getAttribute('href'))!;
  await page.goto(href);
  return href;
}

for (const lang of ['de', 'ar'] as const) {
  test(`the sticky add-to-cart bar (${lang}): at the bottom while the page's form is off screen, gone while it is on, at rest after the content`, async ({
    browser,
  }) => {
    const page = await phone(browser, lang);
    await openProduct(page);
    await hydrated(page);
    const bar = page.getByTestId('buy-bar');
    const form = page.locator('.buy-box');
    // first screen: the page's own form is below it, the bar is at the screen's bottom
    expect((await form.boundingBox())!.y).toBeGreaterThan(PHONE_VIEWPORT.height);
    await expect(bar).toBeVisible();
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(PHONE_VIEWPORT.height);
    await expect(bar.getByTestId('bar-add-to-cart')).toBeVisible();
    await expect(bar.locator('.price').first()).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-buy-bar-${lang}.png` });
    // the page's form on screen: no second set of buttons
    await form.scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
    // the page's end: the bar rests after the last line, covering none of it
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(bar).toBeVisible();
    const last = (await page.locator('.product-page .detail > div').last().boundingBox())!;
    expect((await bar.boundingBox())!.y).toBeGreaterThanOrEqual(last.y + last.height);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-buy-bar-end-${lang}.png` });
    // scrolled back past the form: the bar is there again and adds from where it is
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight - 2 * window.innerHeight));
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toBeVisible();
    await bar.getByTestId('bar-add-to-cart').tap();
    await expect(page.getByTestId('sidecart')).toBeVisible();
    await page.context().close();
  });
}

test('buy now (de) lands on checkout with exactly the chosen quantity; a second tap keeps it', async ({ browser }) => {
  const page = await signedIn(browser, 'de');
  const href = await openProduct(page);
  await hydrated(page);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  for (let tap = 0; tap < 2; tap++) {
    if (tap) await page.goto(href);
    await hydrated(page);
    await page.locator('#qty').fill('3');
    await page.getByTestId('buy-now').tap();
    await page.waitForURL(/\/payment$/);
    const line = page.locator('.checkout-lines li').filter({ hasText: name });
    await expect(line).toContainText(`3 × ${name}`);
    await expect(page.locator('.checkout-lines li')).toHaveCount(1);
  }
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-buy-now-de.png`, fullPage: true });
  await page.context().close();
});

test('pay now (ar): a card payment left on the provider page is paid later from the order history in the sandbox', async ({ browser }) => {
  const page = await signedIn(browser, 'ar');
  await page.goto('/payment');
  await hydrated(page);
  await page.getByTestId('method-sandbox').check();
  await page.getByTestId('pay').tap();
  await page.waitForURL(/\/sandbox-pay\?/);
  // the customer leaves the provider's page without paying
  await page.goto('/client/history');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const row = page.getByTestId('history-row').first();
  await expect(row.getByTestId('pay-now')).toBeVisible();
  const code = (await row.locator('.order-link strong').textContent())!.trim();
  await row.getByRole('link', { name: code }).tap();
  await page.waitForURL(/\/client\/historydetails\?id=/);
  await expect(page.getByTestId('pay-now-box')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-pay-now-ar.png`, fullPage: true });
  await page.getByTestId('pay-now').tap();
  await page.waitForURL(/\/sandbox-pay\?/);
  await page.getByTestId('sandbox-approve').tap();
  await page.waitForURL(/\/paymentsuccess\?order=/);
  await expect(page.getByTestId('order-code')).toHaveText(code);
  await expect(page.getByTestId('success-paid')).toBeVisible();
  await page.goto(`/client/historydetails?id=${code}`);
  await expect(page.getByTestId('order-status')).toHaveText('مدفوع');
  await expect(page.getByTestId('pay-now-box')).toHaveCount(0);
  await page.context().close();
});

test('without JavaScript (de) an add shows an "added" message and leads back to the product', async ({ browser }) => {
  const noJs = await phone(browser, 'de', false);
  await noJs.goto('/client/products?sort=name');
  const card = noJs
    .locator('article.card')
    .filter({ has: noJs.getByTestId('card-add-to-cart') })
    .nth(2);
  const name = (await card.locator('.card-title a').textContent())!.trim();
  await card.getByTestId('card-add-to-cart').tap();
  await noJs.waitForURL(/\/shopcart\?added=/);
  const notice = noJs.getByRole('status').filter({ hasText: name });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('In den Warenkorb gelegt');
  if (SHOTS) await noJs.screenshot({ path: `${SHOTS}/phone-added-nojs-de.png` });
  await notice.getByTestId('added-back').tap();
  await noJs.waitForURL(/\/client\/products\?sort=name#p-/);
  // back at the product's card, not at the top of the list
  await expect(noJs.locator('article.card').filter({ hasText: name }).first()).toBeInViewport();
  expect(await noJs.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  if (SHOTS) await noJs.screenshot({ path: `${SHOTS}/phone-added-back-de.png` });
  await noJs.context().close();
});

test('the site name and logo set in the settings show in the navbar and the title (de, ar)', async ({ browser }) => {
  const admin = await signedIn(browser, 'de', ADMIN);
  await admin.goto('/admin/settings');
  await hydrated(admin);
  // fields still holding the seeded examples say so where they are
  await expect(admin.locator('#f-iban-hint')).toContainText('Beispielwert');
  await admin.getByLabel('Name der Website').fill('Tabacalera Keller');
  await admin.getByRole('button', { name: 'Speichern' }).tap();
  await expect(admin.getByRole('status').first()).toBeVisible();
  const logo = await sharp({ create: { width: 480, height: 120, channels: 3, background: '#7a4a22' } })
    .png()
    .toBuffer();
  await admin.getByLabel('Logo-Bild').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await admin.getByRole('button', { name: 'Logo hochladen' }).tap();
  await expect(admin.getByTestId('logo-remove')).toBeVisible();
  if (SHOTS) await admin.screenshot({ path: `${SHOTS}/phone-settings-brand-de.png`, fullPage: true });
  await admin.context().close();

  for (const lang of ['de', 'ar'] as const) {
    const page = await phone(browser, lang);
    await page.goto('/client/products');
    await expect(page.locator('.navbar .brand').getByTestId('site-name')).toHaveText('Tabacalera Keller');
    await expect(page.locator('.navbar .brand').getByTestId('site-logo')).toBeVisible();
    // beside the logo and the name the phone's navbar still shows search and cart
    await expect(page.getByTestId('cart-icon')).toBeInViewport({ ratio: 1 });
    await expect(page).toHaveTitle(/ · Tabacalera Keller$/);
    await expect(page.locator('.footer-brand')).toHaveText('Tabacalera Keller');
    await hydrated(page);
    await page.locator('.card-title a').first().tap();
    await page.waitForURL(/\/productdetail\?id=/);
    await expect(page).toHaveTitle(/ · Tabacalera Keller$/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-brand-${lang}.png` });
    await page.context().close();
  }
});
