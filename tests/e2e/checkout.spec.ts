/**
 * Checkout end to end in Chromium: a signed-in customer with a cart checks out, pays in the
 * sandbox, lands on /paymentsuccess and finds the order as paid in the history; a declined
 * payment lands on /paymenterror with the cart intact.
 *
 * The customer seeded by tests/e2e/checkout-seed.ts signs in through /login.
 */
import { approveSandboxPayment, expect, historyRow, openFromHistory, test } from './fixtures.ts';
import { type Page } from '@playwright/test';
import { E2E_CUSTOMER } from './checkout-env.ts';

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(E2E_CUSTOMER.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_CUSTOMER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
}

async function fillCart(page: Page) {
  await page.goto('/client/products');
  const first = page.locator('article').first();
  await first.locator('a').first().click();
  await page.waitForURL(/\/productdetail\?id=/);
  await page.getByTestId('buy-now').click(); // the product page's own button (cards on the list have their own)
  await page.waitForURL(/\/payment$/); // buy now: straight to checkout
  await page.goto('/shopcart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
}

test.describe.configure({ mode: 'serial' });

test('anonymous visitors are sent to log in first', async ({ page }) => {
  await page.goto('/payment');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpayment/);
});

test('a declined payment lands on /paymenterror with the cart intact', async ({ page }) => {
  await signIn(page);
  await fillCart(page);
  await page.getByTestId('checkout').click();
  await page.waitForURL(/\/payment$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/finish payment/i);
  await expect(page.locator('#f-street')).toHaveValue('Limmatquai 12');
  await page.getByTestId('pay').click();
  await page.waitForURL(/\/sandbox-pay\?/);
  await page.getByTestId('sandbox-decline').click();
  await page.waitForURL(/\/paymenterror\?/);
  await expect(page.getByTestId('payment-error-reason')).toHaveText(/declined/i);
  await page.goto('/shopcart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
});

test('a signed-in customer checks out, pays in the sandbox and finds the order paid in the history', async ({ page }) => {
  await signIn(page);
  await page.goto('/shopcart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByTestId('checkout').click();
  await page.waitForURL(/\/payment$/);
  const total = await page.getByTestId('summary-total').textContent();
  await page.locator('#f-postalCode').fill('8004');
  await page.getByTestId('method-sandbox').check();
  await page.getByTestId('pay').click();
  await page.waitForURL(/\/sandbox-pay\?/);
  await expect(page.getByTestId('sandbox-amount')).toHaveText(total!);
  const code = await approveSandboxPayment(page);
  expect(code).toMatch(/^[2-9A-HJ-NP-TV-Z]{8}$/);

  const row = await historyRow(page, code);
  await expect(row.getByTestId('history-status')).toHaveText('Paid');
  await openFromHistory(page, row, code);
  await expect(page).toHaveTitle(new RegExp(code));
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  await expect(page.getByTestId('invoice-download')).toBeVisible();
  const pdf = await page.request.get(`/client/invoice?id=${code}`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  // the cart was emptied by the payment
  await page.goto('/shopcart');
  await expect(page.getByTestId('cart-empty')).toBeVisible();
});
