/**
 * The custom box builder's list a page at a time (app/lib/custom-box.server.ts): on a phone the
 * cigars chosen on one page stay chosen on the next and through a search, the sticky bar's Create
 * makes the box in one tap, with JavaScript and without (the pager and search are a GET of the form).
 */
import { expect, type Page, test } from './fixtures.ts';
import { moreButton } from './custom-box.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** Presses + on the first `n` cigars shown. */
async function addFirst(page: Page, n: number) {
  const items = page.getByTestId('box-variety');
  for (let i = 0; i < n; i++) await moreButton(items.nth(i)).click();
}

test('choices survive paging and a search; the sticky bar creates the box', async ({ page, hydrated }) => {
  await hydrated('/custombox', { timeout: 30_000 });
  await expect(page.getByTestId('box-variety')).toHaveCount(12);
  await addFirst(page, 3);
  await expect(page.getByTestId('box-count')).toContainText('3 of 10 cigars');
  await page.getByTestId('box-next-page').click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText('Page 2 of')).toBeVisible();
  await addFirst(page, 1);
  await expect(page.getByTestId('box-count')).toContainText('4 of 10 cigars');
  // a search by brand: only that brand's cigars, the choices kept
  const brand = (await page.getByTestId('box-variety').nth(1).locator('.card-brand').textContent())!.trim();
  await page.getByLabel('Search by name or brand').fill(brand);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(brand).replace(/%20/g, '(\\+|%20)')}`));
  const brands = await page.getByTestId('box-variety').locator('.card-brand').allTextContents();
  expect(brands.length).toBeGreaterThan(0);
  for (const b of brands) expect(b.trim()).toBe(brand);
  await expect(page.getByTestId('box-count')).toContainText('4 of 10 cigars');
  const found = page.getByTestId('box-variety');
  let i = 0;
  while ((await found.nth(i).getByRole('spinbutton').inputValue()) !== '') i++;
  await moreButton(found.nth(i)).click();
  await expect(page.getByTestId('box-count')).toContainText('5 of 10 cigars');
  await page.getByTestId('box-bar-create').click();
  await page.waitForURL(/\/shopcart/);
  await expect(page.getByTestId('cart-line').filter({ hasText: 'Custom box (5 cigars)' })).toHaveCount(1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the pager is a GET of the form: counts of page 1 go with it, and the box of both pages is created', async ({ page }) => {
    await page.goto('/custombox');
    const items = page.getByTestId('box-variety');
    for (let i = 0; i < 3; i++) await items.nth(i).getByRole('spinbutton').fill('1');
    await page.getByTestId('box-next-page').click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByTestId('box-count')).toContainText('3 of 10 cigars');
    for (let i = 0; i < 2; i++) await items.nth(i).getByRole('spinbutton').fill('1');
    await page.getByTestId('box-bar-create').click();
    await page.waitForURL(/\/shopcart/);
    await expect(page.getByTestId('cart-line').filter({ hasText: 'Custom box (5 cigars)' })).toHaveCount(1);
  });
});
