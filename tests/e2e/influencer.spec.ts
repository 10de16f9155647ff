/**
 * The influencer programme end to end in Chromium (ADR 009): the admin creates an
 * influencer and a customer and links a promo code to the influencer in /admin/promo/edit; the
 * customer buys with that code and pays in the sandbox; the influencer sees the bonus on
 * /client/influencer, finds it deducted in the cart and at checkout, pays the rest and sees it spent.
 * The admin is the first-run admin of playwright.config.ts (ADMIN_EMAIL / ADMIN_PASSWORD).
 */
import { approveSandboxPayment, expect, test } from './fixtures.ts';
import { type Browser, type Page } from '@playwright/test';

const ADMIN = { email: 'e2e-admin@example.ch', password: 'E2e-Admin-Password-1' };
const stamp = Date.now().toString(36);
const INFLUENCER = { email: `influencer.${stamp}@example.ch`, password: 'Influencer-Robusto-2026', first: 'Ines' };
const CUSTOMER = { email: `buyer.${stamp}@example.ch`, password: 'Customer-Corona-2026', first: 'Carl' };
const CODE = `INFL${stamp.toUpperCase()}`;

test.describe.configure({ mode: 'serial' });

async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // an admin lands on the back office, everyone else on the storefront
  await expect(page).toHaveURL(/localhost:\d+\/(admin\/home)?$/);
}

async function addUser(page: Page, u: { email: string; password: string; first: string }, role: string) {
  await page.goto('/admin/user/add');
  await page.getByLabel('First name').fill(u.first);
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('E-mail').fill(u.email);
  await page.getByLabel('Phone').fill('+41 79 555 12 34');
  await page.getByLabel('Date of birth').fill('1984-03-09');
  await page.getByLabel('Street and number').fill('Limmatquai 12');
  await page.getByLabel('Postcode').fill('8001');
  await page.getByLabel('City').fill('Zürich');
  await page.getByLabel('Password', { exact: true }).fill(u.password);
  await page.getByLabel('Role').selectOption(role);
  await page.getByRole('button', { name: 'Create the user' }).click();
  await expect(page.getByText(`The account ${u.email} was created and is active.`)).toBeVisible();
}

async function buyFirstProduct(page: Page) {
  await page.goto('/client/products');
  await page.locator('article').first().locator('a').first().click();
  await page.waitForURL(/\/productdetail\?id=/);
  await page.getByTestId('buy-now').click(); // the product page's own button (cards on the list have their own)
  await page.waitForURL(/\/payment$/); // buy now: straight to checkout
  await page.goto('/shopcart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
}

async function payInSandbox(page: Page) {
  await page.getByTestId('method-sandbox').check();
  await page.getByTestId('pay').click();
  await page.waitForURL(/\/sandbox-pay\?/);
  await approveSandboxPayment(page);
}

async function asUser(browser: Browser, email: string, password: string): Promise<Page> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await login(page, email, password);
  return page;
}

test('the admin links a promo code to a new influencer', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await addUser(page, INFLUENCER, 'Influencer');
  await addUser(page, CUSTOMER, 'Customer');
  await page.goto('/admin/promo/edit');
  await page.getByLabel('Promo code').fill(CODE);
  await page.locator('#value').fill('10');
  await page.getByLabel('Influencer').selectOption({ label: `${INFLUENCER.first} Tester · ${INFLUENCER.email} (Influencer)` });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/admin\/promo\/list/);
  await page.getByRole('link', { name: CODE }).click();
  // editing keeps the link
  await expect(page.getByLabel('Influencer')).toHaveValue(/.+/);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/admin\/promo\/list/);
  await page.getByRole('link', { name: CODE }).click();
  await expect(page.locator('#influencerUserId option:checked')).toHaveText(new RegExp(INFLUENCER.email.replace(/\./g, '\\.')));
});

test('a customer buys with the code; the influencer sees the bonus and spends it', async ({ browser }) => {
  const customer = await asUser(browser, CUSTOMER.email, CUSTOMER.password);
  await buyFirstProduct(customer);
  await customer.getByTestId('checkout').click();
  await customer.waitForURL(/\/payment$/);
  await customer.locator('#f-code').fill(CODE.toLowerCase());
  await customer.getByRole('button', { name: 'Apply' }).click();
  await expect(customer.getByTestId('summary-discount')).toBeVisible();
  await payInSandbox(customer);
  await customer.context().close();

  const inf = await asUser(browser, INFLUENCER.email, INFLUENCER.password);
  await inf.goto('/client/influencer');
  await expect(inf.getByRole('heading', { level: 1 })).toHaveText('Influencer profile');
  const codes = inf.getByTestId('influencer-codes');
  await expect(codes.getByRole('row').filter({ hasText: CODE })).toContainText('10 %');
  await expect(inf.getByTestId('influencer-orders').getByRole('row').filter({ hasText: CODE })).toContainText('earned');
  await expect(inf.getByTestId('bonus-pending')).toHaveText(/0\.00/);
  const available = (await inf.getByTestId('bonus-available').textContent())!;
  expect(available).not.toMatch(/^CHF\s*0\.00$/);
  await expect(inf.getByTestId('bonus-spent')).toHaveText(/0\.00/);
  expect(await inf.textContent('main')).not.toContain(CUSTOMER.email);

  // the bonus is deducted in the cart and at checkout
  await buyFirstProduct(inf);
  await expect(inf.getByTestId('cart-bonus')).toHaveText(`−${available.trim()}`);
  await inf.getByTestId('checkout').click();
  await inf.waitForURL(/\/payment$/);
  await expect(inf.getByTestId('summary-bonus')).toHaveText(`−${available.trim()}`);
  await payInSandbox(inf);
  await inf.goto('/client/influencer');
  await expect(inf.getByTestId('bonus-spent')).toHaveText(available);
  await expect(inf.getByTestId('bonus-available')).toHaveText(/0\.00/);
  await inf.context().close();
});
