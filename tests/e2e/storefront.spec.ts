import { expect, test } from '@playwright/test';

test('home shows the popular, promotional and for-sale sections of the real catalogue', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('popular').locator('article')).not.toHaveCount(0);
  await expect(page.getByTestId('promotional').locator('article')).not.toHaveCount(0);
  await expect(page.getByTestId('for-sale').locator('article')).not.toHaveCount(0);
});
