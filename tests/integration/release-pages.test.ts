/**
 * Release day on the pages (built server): the admin schedules a release on the product page
 * (time in the shop's zone, limit, card only; bad input answered field by field), the product
 * page shows when it goes on sale in the visitor's language instead of the add-to-cart form and
 * is kept out of the page cache until then, the cart page refuses the add with that message, the
 * payment page offers card only, and the admin's release view shows the units as they sell.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productReleases } from '../../core/db/schema/releases.ts';
import { roleCookies } from '../helpers/http.ts';
import { productWith } from '../helpers/customers.ts';
import { useTestSuite } from '../helpers/suite.ts';

const t = useTestSuite({ http: true }, ({ shop }) => roleCookies(shop));

describe('release day pages', () => {
  it('an admin schedules a release; the product page says when, in German, and offers no add to cart; the cart refuses the add', async () => {
    const p = await productWith(t.shop, 100, 45_000, 60);
    const form = `/admin/product/add?id=${encodeURIComponent(p.id)}`;
    const bad = await t.http.postForm(form, { intent: 'release', opensAt: 'tomorrow', perCustomerLimit: '1000', bankTransferHours: '' }, t.admin);
    expect(bad.status).toBe(400);
    const badPage = await bad.text();
    expect(badPage).toContain('Enter a date and time');
    expect(badPage).toContain('A whole number from 1 to 999');
    expect(await t.shop.db.select().from(productReleases).where(eq(productReleases.productId, p.id))).toHaveLength(0);

    const saved = await t.http.postForm(form, { intent: 'release', opensAt: '2031-03-14T18:00', perCustomerLimit: '2', bankTransferHours: '' }, t.admin);
    expect(saved.status).toBe(302);
    const [row] = await t.shop.db.select().from(productReleases).where(eq(productReleases.productId, p.id));
    // 18:00 in Zürich (winter time) is 17:00 UTC; the unticked box means card only
    expect(row).toMatchObject({ opensAt: new Date('2031-03-14T17:00:00Z'), perCustomerLimit: 2, allowBankTransfer: false });
    expect(await (await t.http.fetch(form, { cookie: t.admin })).text()).toContain('value="2031-03-14T18:00"');

    const page = await t.http.fetch(`/productdetail?id=${encodeURIComponent(p.id)}&lang=de`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toMatch(/no-store/);
    const html = await page.text();
    expect(html).toContain('Erhältlich ab 14.03.2031, 18:00');
    expect(html).toContain('Höchstens 2 pro Kunde');
    expect(html).toContain('Zahlung nur mit Karte oder TWINT');
    expect(html).not.toContain('data-testid="add-to-cart"');

    const add = await t.http.postForm('/shopcart?lang=de', { intent: 'add', productId: p.id, count: '1', js: '1' }, t.customer);
    expect(await add.text()).toContain('ist ab 14. März 2031 um 18:00 erhältlich.');
  });

  it("the release view shows a release's figures; once open, the product page offers the add and may be cached", async () => {
    const p = await productWith(t.shop, 40, 45_000, 61);
    await t.shop.db.insert(productReleases).values({ productId: p.id, opensAt: new Date(Date.now() - 60_000), perCustomerLimit: 1 });
    const page = await t.http.fetch(`/productdetail?id=${encodeURIComponent(p.id)}`);
    expect(page.headers.get('cache-control') ?? '').not.toMatch(/no-store/);
    const html = await page.text();
    expect(html).toContain('data-testid="add-to-cart"');
    expect(html).toContain('At most 1 per customer');
    const view = await t.http.fetch(`/admin/releases?id=${encodeURIComponent(p.id)}`, { cookie: t.admin });
    expect(view.status).toBe(200);
    const text = await view.text();
    expect(text).toContain(p.name);
    expect(text).toMatch(/data-testid="release-left">40</);
    expect((await t.http.fetch('/admin/releases', { cookie: t.customer })).status).toBe(403);
  });
});
