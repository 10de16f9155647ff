/**
 * The owner's first month and a new customer's first order, walked as they would on phones, in
 * German, with the server in UTC and the browsers in Europe/Zurich, against a shop of its own that
 * mails through an in-process SMTP server:
 * - the owner saves a mistyped IBAN (refused with a field message), then a good ordinary IBAN;
 * - an anonymous visitor fills a cart, is told at the cart why an account is needed, registers
 *   from there, confirms from the mail, lands signed in on checkout with the cart and pays by
 *   QR-bill without logging in again;
 * - the order page shows IBAN, reference and amount as text and the order time in Zurich time;
 * - the owner records the bank transfer by hand and the order is paid.
 * The fixture (tests/e2e/fixtures.ts) fails the walk on any console error or hydration warning.
 */
import { type Browser, type BrowserContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures.ts';
import { linkIn } from '../helpers/smtp.ts';
import { ownServerFor } from './own-server.ts';

const PORT = Number(process.env.E2E_PORT ?? 3210) + 7;
const BASE = `http://localhost:${PORT}`;
const OWNER = { email: 'marco.owner@example.ch', password: 'Owner-Walk-Passw0rd-1' };
const CUSTOMER = { email: `lukas.mueller.${Date.now()}@example.ch`, password: 'Lukas-Maduro-2026!' };
/** An ordinary (not QR) IBAN: its QR-bills carry a creditor reference (RF…). */
const GOOD_IBAN = 'CH93 0076 2011 6238 5295 7';

test.describe.configure({ mode: 'serial' });

const own = ownServerFor({ name: 'first month walk', port: PORT, seedScript: 'tests/e2e/catalogue-seed.ts', admin: OWNER, smtp: true, env: { TZ: 'UTC' } });

/** A phone in German in Zurich, past the age gate and the cookie notice. */
async function phone(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'de-CH',
    timezoneId: 'Europe/Zurich',
  });
  await context.addInitScript(() => {
    // about:blank has no storage of its own
    if (location.protocol !== 'http:') return;
    localStorage.setItem('ageConfirmedAt', String(Date.now()));
    localStorage.setItem('cookieChoice', 'accepted');
  });
  return context;
}

/** Opens `url` and waits until React has hydrated it. */
async function open(page: Page, url: string) {
  await page.goto(url.startsWith('http') ? url : `${BASE}${url}`);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 20_000 });
}

async function ownerLogIn(page: Page) {
  await open(page, '/login?redirectTo=/admin/home');
  await page.locator('input[name="email"]').fill(OWNER.email);
  await page.locator('input[name="password"]').fill(OWNER.password);
  await page.locator('main').getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((u) => u.pathname === '/admin/home');
}

/** With WALK_SHOTS=<folder>, a full-page screenshot of each step there (to look at the walk). */
async function shot(page: Page, name: string) {
  if (process.env.WALK_SHOTS) await page.screenshot({ path: `${process.env.WALK_SHOTS}/${name}.png`, fullPage: true });
}

/** The hour and minute `at` shows on a Zurich clock (`11:39`). */
const zurichTime = (at: Date) => new Intl.DateTimeFormat('de-CH', { timeZone: 'Europe/Zurich', hour: '2-digit', minute: '2-digit' }).format(at);

test('the first month: a bad IBAN refused, a new customer registers from the cart and pays by QR-bill, the owner records the payment', async ({ browser }) => {
  test.setTimeout(240_000);

  // the owner: a mistyped IBAN is refused next to the field, a good ordinary IBAN is saved
  const ownerContext = await phone(browser);
  const owner = await ownerContext.newPage();
  await ownerLogIn(owner);
  await open(owner, '/admin/settings');
  const iban = owner.locator('input[name="iban"]');
  await iban.fill('CH69 0070 0110 0012 3456 8');
  await owner.locator('main').getByRole('button', { name: 'Speichern' }).click();
  await expect(owner.locator(`#${await iban.getAttribute('aria-describedby').then((d) => d!.split(' ')[0])}`)).toContainText(/IBAN/);
  await expect(iban).toHaveAttribute('aria-invalid', 'true');
  await expect(owner.locator('.form-success')).toHaveCount(0);
  await shot(owner, '01-settings-bad-iban');
  await owner.locator('input[name="iban"]').fill(GOOD_IBAN);
  await owner.locator('main').getByRole('button', { name: 'Speichern' }).click();
  await expect(owner.locator('.form-success')).toBeVisible();
  await expect(owner.locator('input[name="iban"]')).toHaveValue(GOOD_IBAN);

  // an anonymous visitor fills a cart and is told at the cart why an account is needed
  const customerContext = await phone(browser);
  const customer = await customerContext.newPage();
  await open(customer, '/client/products');
  await customer.locator('a[href*="/productdetail?id="]').first().click();
  await customer.waitForURL(/\/productdetail\?id=/);
  await expect(customer.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 20_000 });
  await customer.getByTestId('buy-now').click();
  // buy now: straight to checkout, which first asks a visitor to log in (or register)
  await customer.waitForURL(/\/login\?redirectTo=%2Fpayment$/);
  await customer.goto(`${BASE}/shopcart`); // this spec's own server
  await expect(customer.getByTestId('cart-line')).toHaveCount(1);
  const note = customer.getByTestId('checkout-account');
  await expect(note).toBeVisible();
  await expect(note).toContainText('18');
  await shot(customer, '02-cart-why-account');

  // registers from there; the form keeps the way back to checkout
  await note.getByTestId('checkout-register').click();
  await customer.waitForURL((u) => u.pathname === '/register' && u.searchParams.get('redirectTo') === '/payment');
  await expect(customer.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 20_000 });
  const field = (name: string) => customer.locator(`form [name="${name}"]`);
  await field('firstName').fill('Lukas');
  await field('lastName').fill("Müller-D'Alessandro");
  await field('email').fill(CUSTOMER.email);
  await field('phone').fill('+41 79 555 12 34');
  await field('dateOfBirth').fill('1990-04-17');
  await field('street').fill('Kramgasse 49');
  await field('postalCode').fill('3011');
  await field('city').fill('Bern');
  await field('password').fill(CUSTOMER.password);
  await field('passwordConfirm').fill(CUSTOMER.password);
  await customer.locator('main form button[type="submit"]').last().click();
  await expect(customer.getByTestId('register-sent-hint')).toContainText(CUSTOMER.email);

  // confirms from the mail: signed in, back on checkout with the cart, without logging in again
  await expect.poll(() => own.smtp.mails.filter((m) => m.to.includes(CUSTOMER.email)).length, { message: 'the confirmation mail' }).toBe(1);
  const link = linkIn(own.smtp.mails.find((m) => m.to.includes(CUSTOMER.email))!.raw, 'confirm');
  expect(link).toContain(BASE);
  await open(customer, link!);
  const confirmButton = customer.getByTestId('confirm-email');
  if (await confirmButton.count()) await confirmButton.click();
  await customer.waitForURL((u) => u.pathname === '/payment', { timeout: 20_000 });
  await expect(customer.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 20_000 });
  await expect(customer.locator('#f-street')).toHaveValue('Kramgasse 49');
  const total = (await customer.getByTestId('summary-total').textContent())!;
  await shot(customer, '03-payment-after-confirm');

  // pays by QR-bill
  await customer.getByTestId('method-qr-bill').check();
  const orderedAt = new Date();
  await customer.getByTestId('pay').click();
  await customer.waitForURL(/\/paymentsuccess\?order=/);
  const code = (await customer.getByTestId('order-code').textContent())!.trim();
  await expect(customer.getByTestId('transfer-iban')).toHaveText(GOOD_IBAN);
  await expect(customer.getByTestId('transfer-reference')).toHaveText(/^RF\d{2}/);
  await expect(customer.getByTestId('transfer-amount')).toHaveText(total);
  await shot(customer, '04-payment-success');

  // the order page: IBAN, reference and amount as text, the time on a Zurich clock
  await open(customer, '/client/history');
  await customer.getByRole('link', { name: code }).click();
  await customer.waitForURL(/\/client\/historydetails\?id=/);
  await expect(customer.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 20_000 });
  const reference = (await customer.getByTestId('transfer-reference').textContent())!;
  await expect(customer.getByTestId('transfer-iban')).toHaveText(GOOD_IBAN);
  await expect(customer.getByTestId('transfer-amount')).toHaveText(total);
  const shown = [zurichTime(orderedAt), zurichTime(new Date(orderedAt.getTime() + 60_000))];
  await expect(customer.locator('main')).toContainText(new RegExp(shown.join('|')));
  await expect(customer.getByTestId('documents')).toHaveCount(0);
  await shot(customer, '05-order-page');
  // the same page in Arabic: right to left, the IBAN and the reference still read left to right
  const orderUrl = customer.url();
  await open(customer, `${orderUrl}&lang=ar`);
  await expect(customer.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(customer.getByTestId('transfer-iban')).toHaveAttribute('dir', 'ltr');
  await expect(customer.getByTestId('transfer-iban')).toHaveText(GOOD_IBAN);
  await shot(customer, '05-order-page-ar');
  await open(customer, `${orderUrl}&lang=de`);
  // the confirmation mail lists the same payment data as text
  await expect.poll(() => own.smtp.mails.filter((m) => m.to.includes(CUSTOMER.email)).length).toBeGreaterThanOrEqual(2);

  // the owner records the bank transfer by hand: the order is paid
  await open(owner, `/admin/order/list?q=${code}`);
  await owner.getByRole('link', { name: code }).first().click();
  await owner.waitForURL(/\/admin\/order\/details/);
  await expect(owner.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 20_000 });
  const form = owner.getByTestId('manual-payment-form');
  await form.locator('[name="amount"]').fill(total.replace(/[^\d.,]/g, ''));
  await form.locator('[name="note"]').fill(`E-Banking, Referenz ${reference}`);
  await shot(owner, '06-admin-order-record-payment');
  await owner.getByTestId('manual-payment-submit').click();
  await expect(owner.getByTestId('admin-order-status')).toHaveText(/bezahlt/i);
  await expect(owner.getByTestId('manual-payment-form')).toHaveCount(0);

  // and the customer sees it paid
  await open(customer, customer.url());
  await expect(customer.getByTestId('order-status')).toHaveText(/bezahlt/i);
  await expect(customer.getByTestId('bank-transfer')).toHaveCount(0);
  await shot(customer, '07-order-paid');
});
