/**
 * The admin side of the scheduled jobs through the real HTTP app: the low-stock threshold on the
 * product page and the order notification address / mail language on the settings page. Valid
 * input is saved; invalid input answers 400 with the field's message in the admin's language and
 * changes nothing.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../core/db/schema/catalogue.ts';
import { getSettings } from '../../core/config/service.ts';
import { dashboard } from '../../core/dashboard/service.ts';
import { roleCookies } from '../helpers/http.ts';
import { settingsForm } from '../helpers/settings.ts';
import { useTestSuite } from '../helpers/suite.ts';

const t = useTestSuite({ http: true }, ({ shop }) => roleCookies(shop));

async function someProduct() {
  const [p] = await t.shop.db.select().from(products).orderBy(products.sku).limit(1);
  return p;
}

describe('low-stock threshold on the admin product page', () => {
  it('shows the threshold (default 5) and saves a new one', async () => {
    const p = await someProduct();
    const page = await (await t.http.fetch(`/admin/product/add?id=${p.id}`, { cookie: t.admin })).text();
    expect(page).toMatch(/id="lowStockThreshold"[^>]*value="5"|value="5"[^>]*id="lowStockThreshold"/);
    const res = await t.http.postForm(`/admin/product/add?id=${p.id}`, { intent: 'threshold', lowStockThreshold: '12' }, t.admin);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain('done=threshold');
    const [after] = await t.shop.db.select().from(products).where(eq(products.id, p.id));
    expect(after.lowStockThreshold).toBe(12);
  });

  it('refuses a negative or broken number with the message in the admin language, and changes nothing', async () => {
    const p = await someProduct();
    for (const bad of ['-3', '2.5', 'viele', '']) {
      const res = await t.http.postForm(`/admin/product/add?id=${p.id}`, { intent: 'threshold', lowStockThreshold: bad }, t.admin);
      expect(res.status, bad).toBe(400);
    }
    const html = await (await t.http.postForm(`/admin/product/add?id=${p.id}`, { intent: 'threshold', lowStockThreshold: '-3' }, t.admin)).text();
    expect(html).toContain('Enter a whole number of units, 0 or more');
    const [after] = await t.shop.db.select().from(products).where(eq(products.id, p.id));
    expect(after.lowStockThreshold).toBe(12);
  });

  it('lists a product as low stock by its own threshold (product list filter and dashboard)', async () => {
    const [a, b] = await t.shop.db.select().from(products).orderBy(products.sku).offset(1).limit(2);
    await t.shop.db.update(products).set({ stock: 30, active: true }).where(eq(products.id, a.id));
    await t.shop.db.update(products).set({ stock: 4, active: true, lowStockThreshold: 2 }).where(eq(products.id, b.id));
    expect((await t.http.postForm(`/admin/product/add?id=${a.id}`, { intent: 'threshold', lowStockThreshold: '40' }, t.admin)).status).toBe(302);
    const list = await (await t.http.fetch('/admin/product/list?state=low', { cookie: t.admin })).text();
    expect(list).toContain(a.sku);
    expect(list).not.toContain(b.sku);
    const low = (await dashboard(t.shop.db)).lowStock.map((x) => x.id);
    expect(low).toContain(a.id);
    expect(low).not.toContain(b.id);
  });

  it('is for admins only', async () => {
    const p = await someProduct();
    const res = await t.http.postForm(`/admin/product/add?id=${p.id}`, { intent: 'threshold', lowStockThreshold: '1' }, t.customer);
    expect(res.status).toBe(403);
  });
});

describe('shop notifications on the admin settings page', () => {
  const base = async () => {
    return settingsForm(await getSettings(t.shop.db));
  };

  it('saves the order notification address and the language of the shop mails', async () => {
    const page = await (await t.http.fetch('/admin/settings', { cookie: t.admin })).text();
    expect(page).toContain('name="orderNotificationEmail"');
    expect(page).toContain('name="shopMailLocale"');
    const res = await t.http.postForm(
      '/admin/settings',
      { ...(await base()), orderNotificationEmail: ' bestellungen@casa.ch ', shopMailLocale: 'fr' },
      t.admin,
    );
    expect(res.status).toBe(200);
    expect(await getSettings(t.shop.db)).toMatchObject({ orderNotificationEmail: 'bestellungen@casa.ch', shopMailLocale: 'fr' });
    // empty = back to the contact address
    await t.http.postForm('/admin/settings', { ...(await base()), orderNotificationEmail: '', shopMailLocale: 'de' }, t.admin);
    expect(await getSettings(t.shop.db)).toMatchObject({ orderNotificationEmail: '', shopMailLocale: 'de' });
  });

  it('refuses an address that is not one, and an unknown language, changing nothing', async () => {
    const res = await t.http.postForm('/admin/settings', { ...(await base()), orderNotificationEmail: 'bestellungen at casa', shopMailLocale: 'xx' }, t.admin);
    expect(res.status).toBe(400);
    const s = await getSettings(t.shop.db);
    expect(s).toMatchObject({ orderNotificationEmail: '', shopMailLocale: 'de' });
  });
});
