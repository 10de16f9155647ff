/**
 * Checkout end to end in Chromium: a signed-in customer with a cart checks out, pays in the
 * sandbox, lands on /paymentsuccess and finds the order as paid in the history; a declined
 * payment lands on /paymenterror with the cart intact.
 *
 * Sign-in: until the accounts pages exist on this branch, the customer seeded by
 * tests/e2e/checkout-seed.ts signs in with an access-token cookie signed with the server's
 * SESSION_SECRET (playwright.config.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { E2E_CUSTOMER, E2E_SESSION_SECRET } from './checkout-env.ts';

async function signIn(page: Page, baseURL: string) {
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ role: 'Customer' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(E2E_CUSTOMER.id)
    .setIssuedAt(now)
    .setExpirationTime(now + 15 * 60)
    .sign(new TextEncoder().encode(E2E_SESSION_SECRET));
  await page.context().addCookies([{ name: 'access_token', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
}

async function fillCart(page: Page) {
  await page.goto('/client/products');
  const first = page.locator('article').first();
  await first.locator('a').first().click();
  await page.waitForURL(/\/productdetail\?id=/);
  await page.getByRole('button', { name: /buy now/i }).click();
  await page.waitForURL(/\/shopcart/);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
}

test.describe.configure({ mode: 'serial' });

test('anonymous visitors are sent to log in first', async ({ page }) => {
  await page.goto('/payment');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpayment/);
});

test('a declined payment lands on /paymenterror with the cart intact', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
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

test('a signed-in customer checks out, pays in the sandbox and finds the order paid in the history', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
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
  await page.getByTestId('sandbox-approve').click();
  await page.waitForURL(/\/paymentsuccess\?order=/);
  const code = (await page.getByTestId('order-code').textContent())!.trim();
  expect(code).toMatch(/^[2-9A-HJ-NP-TV-Z]{8}$/);
  await expect(page.getByTestId('success-paid')).toBeVisible();

  await page.goto('/client/history');
  const row = page.getByTestId('history-row').filter({ hasText: code });
  await expect(row.getByTestId('history-status')).toHaveText('Paid');
  await row.getByRole('link', { name: code }).click();
  await page.waitForURL(/\/client\/historydetails\?id=/);
  await expect(page).toHaveTitle(new RegExp(code));
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  await expect(page.getByTestId('invoice-download')).toBeVisible();
  const pdf = await page.request.get(`/client/invoice?id=${code}`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  // the cart was emptied by the payment
  await page.goto('/shopcart');
  await expect(page.getByTestId('cart-empty')).toBeVisible();
});
