/**
 * Page speed as a mid-range phone sees it (scripts/lib/phone-profile.ts; measured by
 * scripts/phone-speed.ts, which `npm run bench` prints too): for `/`, the product list,
 * a product page, `/custombox` and `/shopcart`, a new visitor's largest contentful paint, layout
 * shift and JavaScript bytes, printed for the record (ADR 013). LCP is a time and depends on the
 * machine, so it is printed, not asserted; the layout shift and the product page's JavaScript
 * are properties of the page and are asserted (CLS ≤ 0.01, JS ≤ 120 KB compressed).
 */
import { expect, test } from './fixtures.ts';
import { PHONE_VIEWPORT } from '../../scripts/lib/phone-profile.ts';
import { measurePhonePage, PHONE_PROFILE_LABEL, phoneLine, phonePages } from '../../scripts/phone-speed.ts';

test.use({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });

test('a new visitor on the throttled phone: no layout shift on the five pages, product page JavaScript ≤ 120 KB', async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const res = await request.post('/api/product/searchProducts', { data: { searchOptions: { searchName: 'opusx robusto' } } });
  const id = ((await res.json()) as { products: { _id: string }[] }).products[0]!._id;
  const figures: string[] = [];
  for (const path of phonePages(id)) {
    await request.get(path); // the shared page cache holds the page, as it does for real visitors
    const v = await measurePhonePage(browser, path, new URL(path, baseURL).href);
    figures.push(phoneLine(v));
    expect(v.lcp, `${path}: a largest contentful paint was recorded`).toBeGreaterThan(0);
    expect(v.cls, `${path}: layout shift`).toBeLessThanOrEqual(0.01);
    if (path.startsWith('/productdetail')) expect(v.jsBytes, 'product page JavaScript, bytes').toBeLessThanOrEqual(120 * 1024);
  }
  console.log(`${PHONE_PROFILE_LABEL}:\n${figures.join('\n')}`);
});
