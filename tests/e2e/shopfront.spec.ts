/**
 * Product cards and delivery figures in Chromium: a card's "add to cart" and "buy now" work with
 * and without scripts (docs/product.md §1: add to cart, buy now), and the side cart and the
 * cart page show the delivery fee and what is missing to free delivery (settings: CHF 9.00 below
 * CHF 150.00).
 */
import { expect, test } from './fixtures.ts';
import { type Page } from '@playwright/test';

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 15_000 });
}

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test("a product card's add to cart posts the form and says so on the cart page; buy now goes to checkout without doubling", async ({ page }) => {
    await page.goto('/client/products?q=Ashton%20VSG%20Robusto');
    const card = page.locator('article.card', { hasText: 'Ashton VSG Robusto' }).first();
    await card.getByTestId('card-add-to-cart').click();
    await expect(page).toHaveURL(/\/shopcart\?added=/);
    await expect(page.getByTestId('added-notice')).toContainText('Ashton VSG Robusto');
    await page.goto('/');
    await page.locator('article.card', { hasText: 'Ashton VSG Robusto' }).first().getByTestId('card-buy-now').click();
    // checkout asks a visitor to log in first
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpayment$/);
    await page.goto('/shopcart');
    const line = page.getByTestId('cart-line').filter({ hasText: 'Ashton VSG Robusto' });
    await expect(line.getByTestId('line-count')).toHaveValue('1');
    // 1 × CHF 21.00: delivery CHF 9.00, CHF 129.00 missing to free delivery
    await expect(page.getByTestId('cart-shipping')).toHaveText(/CHF\s9\.00/);
    await expect(page.getByTestId('cart-total')).toHaveText(/CHF\s30\.00/);
    await expect(page.getByTestId('free-delivery')).toHaveText(/Add CHF\s129\.00 more for free delivery\./);
  });
});

test('with scripts a card adds in the background and the side cart shows the delivery figures', async ({ page }) => {
  await open(page, '/');
  const card = page.getByTestId('popular').locator('article.card').first();
  const name = (await card.locator('.card-title').textContent())!.trim();
  await card.getByTestId('card-add-to-cart').click();
  const side = page.getByTestId('sidecart');
  await expect(side).toBeVisible();
  await expect(side.getByTestId('sidecart-item').filter({ hasText: name })).toHaveCount(1);
  await expect(side.getByTestId('sidecart-shipping')).toHaveText(/CHF\s9\.00|Free/);
  await expect(side.getByTestId('sidecart-free-delivery')).toHaveText(/Add CHF\s[\d.’']+ more for free delivery\.|Your order ships free\./);
  await expect(page).toHaveURL(/\/$/);
});
