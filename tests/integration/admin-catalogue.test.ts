/**
 * Admin settings and product management through the real HTTP app: only admins may read or
 * post; valid input is saved (prices in Rappen); invalid input answers 400 with field messages
 * and changes nothing.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../core/db/schema/catalogue.ts';
import { getSettings } from '../../core/config/service.ts';
import { roleCookies } from '../helpers/http.ts';
import { EXAMPLE_SETTINGS_FORM } from '../helpers/settings.ts';
import { useTestSuite } from '../helpers/suite.ts';

const t = useTestSuite({ http: true }, ({ shop }) => roleCookies(shop));

const settingsForm = {
  ...EXAMPLE_SETTINGS_FORM,
  shop_closed: 'on',
  promotionalText: 'Winter tasting on 12 December',
  shippingFee: '8.50',
  freeShippingThreshold: '200',
};

describe('admin settings', () => {
  it('are refused to anonymous visitors (redirect to login) and to customers (403)', async () => {
    const anon = await t.http.fetch('/admin/settings', { redirect: 'manual' });
    expect(anon.status).toBe(302);
    expect(anon.headers.get('location')).toContain('/login');
    expect((await t.http.fetch('/admin/settings', { cookie: t.customer })).status).toBe(403);
    const post = await t.http.postForm('/admin/settings?_data', settingsForm, t.customer);
    expect(post.status).toBe(403);
    expect((await getSettings(t.shop.db)).shop_closed).toBe(false);
  });

  it('are saved by an admin, money in Rappen, and shown in the public configuration', async () => {
    // the public configuration is served from the settings cache: read once before the change
    expect(((await (await t.http.fetch('/api/configuration/configurations')).json()) as { shop_closed: boolean }).shop_closed).toBe(false);
    const res = await t.http.postForm('/admin/settings', settingsForm, t.admin);
    expect(res.status).toBe(200);
    const s = await getSettings(t.shop.db);
    expect(s.shop_closed).toBe(true);
    expect(s.shippingFee).toBe(850);
    expect(s.freeShippingThreshold).toBe(20_000);
    expect(s.promotionalInfo.text).toBe('Winter tasting on 12 December');
    const api = await t.http.fetch('/api/configuration/configurations');
    const body = await api.json();
    expect(body).toMatchObject({ shop_closed: true, shippingFee: 8.5, dir: 'Marktgasse 5, 3011 Bern' });
    // every page now carries the closed-shop banner and the new promotional text
    const home = await (await t.http.fetch('/')).text();
    expect(home).toContain('Store temporarily closed, under construction.');
    expect(home).toContain('Winter tasting on 12 December');
  });

  it('refuses invalid values with field messages and keeps the old settings', async () => {
    const before = await getSettings(t.shop.db);
    const res = await t.http.postForm('/admin/settings', { ...settingsForm, email: 'nope', postalCode: '123', shippingFee: '8.505' }, t.admin);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('The email is invalid');
    expect(html).toContain('Please enter a 4-digit Swiss postcode');
    expect(await getSettings(t.shop.db)).toEqual(before);
  });
});

describe('admin products', () => {
  const form = {
    sku: 'TEST-ROB-1',
    category: 'cigar',
    brand: 'Casa Test',
    line: 'Reserva',
    name: 'Casa Test Reserva Robusto',
    packaging: 'Single',
    unitsPerPackage: '1',
    vitola: 'Robusto',
    lengthMm: '127',
    ringGauge: '50',
    strength: 'Medium',
    wrapper: 'Ecuador Habano',
    binder: '',
    filler: '',
    origin: 'Dominican Republic',
    basePriceChf: '14.50',
    discountPercent: '10',
    stock: '12',
    active: 'on',
    descriptionEn: 'A test robusto.',
  };

  it('lists every product for an admin only', async () => {
    expect((await t.http.fetch('/admin/product/list', { cookie: t.customer })).status).toBe(403);
    const res = await t.http.fetch('/admin/product/list', { cookie: t.admin });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('AF-HEM-SS-S1');
  });

  it('creates a product with its price in Rappen, findable by the live search', async () => {
    const res = await t.http.postForm('/admin/product/add', form, t.admin);
    expect(res.status).toBe(302);
    const [p] = await t.shop.db.select().from(products).where(eq(products.sku, 'TEST-ROB-1'));
    expect(p).toMatchObject({ basePrice: 1450, discountPercent: 10, stock: 12, lengthMm: 127, ringGauge: 50, active: true, popular: false, binder: null });
    const search = await t.http.fetch('/api/product/searchProducts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ searchOptions: { searchName: 'casa test robusto' } }),
    });
    expect((await search.json()).products[0]).toMatchObject({ _id: p.id, packaging: 'Single' });
  });

  it('refuses a duplicate SKU and invalid fields without writing', async () => {
    const count = (await t.shop.db.select().from(products)).length;
    const dup = await t.http.postForm('/admin/product/add', form, t.admin);
    expect(dup.status).toBe(409);
    const bad = await t.http.postForm('/admin/product/add', { ...form, sku: 'TEST-2', name: '', basePriceChf: 'twelve', discountPercent: '150' }, t.admin);
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('The field is required');
    expect(html).toContain('Enter an amount in CHF');
    expect((await t.shop.db.select().from(products)).length).toBe(count);
  });

  it('edits an existing product; its stock changes only through an adjustment with a reason', async () => {
    const [p] = await t.shop.db.select().from(products).where(eq(products.sku, 'TEST-ROB-1'));
    const res = await t.http.postForm(`/admin/product/add?id=${p.id}`, { ...form, stock: '0', basePriceChf: '15', active: '' }, t.admin);
    expect(res.status).toBe(302);
    const [after] = await t.shop.db.select().from(products).where(eq(products.id, p.id));
    expect(after).toMatchObject({ stock: 12, basePrice: 1500, active: false });
    const adjusted = await t.http.postForm(`/admin/product/add?id=${p.id}`, { intent: 'stock', delta: '-12', reason: 'count', note: 'inventory' }, t.admin);
    expect(adjusted.status).toBe(302);
    const [counted] = await t.shop.db.select().from(products).where(eq(products.id, p.id));
    expect(counted.stock).toBe(0);
    const page = await (await t.http.fetch(`/admin/product/add?id=${p.id}`, { cookie: t.admin })).text();
    expect(page).toContain('inventory');
  });
});
