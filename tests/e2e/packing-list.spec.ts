/**
 * The packing list on a 390 px phone in German, against a server of its own: the gift card's text
 * first and large, the custom box named in German with its cigars and their SKUs, the promo
 * discount with its code and the total; a screenshot for the eye (test-results/packing-list-de.png).
 */
import { expect, test } from './fixtures.ts';
import { ownServerFor } from './own-server.ts';

const PORT = Number(process.env.E2E_PORT ?? 3210) + 9;
const BASE = `http://localhost:${PORT}`;
const ADMIN = { email: 'packing-admin@example.ch', password: 'Packing-Admin-Password-1' };
const GIFT = 'Alles Gute zum 50. Geburtstag, Hans!';

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 }, locale: 'de-CH' });

const own = ownServerFor<{ code: string; orderId: string }>({ name: 'packing list', port: PORT, seedScript: 'tests/e2e/packing-list-seed.ts', admin: ADMIN });

test('the packing list of a gift box order, in German on a phone', async ({ page }) => {
  // the log-in form in German (the page follows the browser's language)
  await page.goto(`${BASE}/login?redirectTo=/admin/home`);
  await page.getByLabel('E-Mail').fill(ADMIN.email);
  await page.getByLabel('Passwort', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/admin\/home/);
  await page.goto(`${BASE}/admin/order/packing?id=${own.seed.orderId}`);
  const gift = page.getByTestId('packing-gift');
  await expect(gift).toContainText(GIFT);
  await expect(gift.getByRole('heading')).toHaveText('Geschenkkarte: diesen Text auf die Karte schreiben');
  const lines = page.getByTestId('packing-lines');
  await expect(lines).toContainText('Zedernholzkiste für 10 Zigarren');
  await expect(lines).not.toContainText('Cedar box');
  await expect(lines.locator('.packing-contents li')).toHaveCount(5);
  await expect(lines.locator('.packing-contents li').first()).toContainText(/^2× .+ [A-Z0-9-]+$/);
  await expect(page.getByTestId('order-summary')).toContainText('(FEST10)');
  await expect(page.getByTestId('summary-total')).toBeVisible();
  await page.screenshot({ path: 'test-results/packing-list-de.png', fullPage: true });
  // the gift text is above the lines, and nothing is wider than the phone
  const giftBox = (await gift.boundingBox())!;
  const linesBox = (await lines.boundingBox())!;
  expect(giftBox.y).toBeLessThan(linesBox.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
