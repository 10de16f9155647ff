/**
 * A product page on a 390 px phone in German and Arabic: the catalogue values in the page's
 * language (Deckblatt Kamerun, Herkunft Dominikanische Republik, Zeder; الكاميرون), none of the
 * English ones, after hydration too (the browser translates with the same dictionary as the
 * server: no hydration difference, which tests/e2e/fixtures.ts would fail). Screenshots go to
 * `WALK_SHOTS` when set (to be looked at), else to the test's output folder.
 */
import { expect, test } from './fixtures.ts';

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
    await page.goto(`/productdetail?id=${encodeURIComponent(id)}&lang=${lang}`);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    const specs = page.locator('dl.specs');
    for (const text of expected.slice(0, 2)) await expect(specs).toContainText(text);
    await expect(page.locator('ul.notes')).toContainText(expected[2]);
    const visible = await page.locator('main').innerText();
    if (lang === 'de') for (const english of ENGLISH) expect(visible, english).not.toContain(english);
    const dir = process.env.WALK_SHOTS ?? test.info().outputDir;
    await page.screenshot({ path: `${dir}/visitor-language-product-${lang}.png`, fullPage: true });
  });
}
