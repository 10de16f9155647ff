/**
 * A product page on a 390 px phone in German and Arabic: the catalogue values in the page's
 * language (Deckblatt Kamerun, Herkunft Dominikanische Republik, Zeder; الكاميرون), none of the
 * English ones, after hydration too (the browser translates with the same dictionary as the
 * server: no hydration difference, which tests/e2e/fixtures.ts would fail). Screenshots go to
 * `WALK_SHOTS` when set (to be looked at), else to the test's output folder.
 */
import { expect, openHydrated, test } from './fixtures.ts';
import { logIn } from './login.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** English values of the product (Arturo Fuente Hemingway Short Story) that must not show on its German page. */
const ENGLISH = ['Cameroon', 'Dominican Republic', 'cedar', 'cream', 'nuts', 'baking spice'];

for (const [lang, expected] of [
  ['de', ['Kamerun', 'Dominikanische Republik', 'Zeder', 'Nüsse']],
  ['ar', ['الكاميرون', 'جمهورية الدومينيكان', 'خشب الأرز']],
] as const) {
  test(`product page at 390 px in ${lang}: catalogue values translated`, async ({ page, request }) => {
    const res = await request.post('/api/product/searchProducts', { data: { searchOptions: { searchName: 'hemingway short story' } } });
    const { products } = (await res.json()) as { products: { _id: string; name: string }[] };
    const id = products.find((p) => p.name === 'Arturo Fuente Hemingway Short Story')?._id ?? products[0]._id;
    await openHydrated(page, `/productdetail?id=${encodeURIComponent(id)}&lang=${lang}`);
    const specs = page.locator('dl.specs');
    for (const text of expected.slice(0, 2)) await expect(specs).toContainText(text);
    await expect(page.locator('ul.notes')).toContainText(expected[2]);
    const visible = await page.locator('main').innerText();
    if (lang === 'de') for (const english of ENGLISH) expect(visible, english).not.toContain(english);
    const dir = process.env.WALK_SHOTS ?? test.info().outputDir;
    await page.screenshot({ path: `${dir}/visitor-language-product-${lang}.png`, fullPage: true });
  });
}

test("admin at 390 px in German: the banner per language and a product's own texts", async ({ page }) => {
  await logIn(page, 'e2e-admin@example.ch', 'E2e-Admin-Password-1');
  // the shared server's admin has no two-factor step: the log-in lands on the dashboard
  await page.waitForURL((u) => u.pathname.startsWith('/admin/home'));
  const dir = process.env.WALK_SHOTS ?? test.info().outputDir;
  await page.goto('/admin/settings?lang=de');
  const langs = page.locator('details', { hasText: 'Banner auf Deutsch' });
  await langs.locator('summary').click();
  await expect(page.locator('input[name="promotionalText_de"]')).toBeVisible();
  await langs.screenshot({ path: `${dir}/visitor-language-admin-banner-de.png` });
  await page.goto('/admin/product/list?lang=de');
  await page.locator('a[href*="/admin/product/add?id="]').first().click();
  const own = page.getByTestId('own-texts-de');
  await own.locator('summary').click();
  await expect(own.locator('input[name="wrapper_de"]')).toBeVisible();
  await own.screenshot({ path: `${dir}/visitor-language-admin-product-de.png` });
});
