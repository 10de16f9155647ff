/**
 * Delivery region (specification: "delivery in Switzerland only"; ADR 014): Liechtenstein is an
 * admin setting, off by default. Address checks (registration, profile, admin, checkout) refuse a
 * Liechtenstein address with a clear message unless it is on, and every text follows the setting:
 * banner, checkout note, terms, shipping page, how-to page, errors. PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../core/db/schema/accounts.ts';
import { addToCart } from '../../core/cart/service.ts';
import { getSettings, updateSettings } from '../../core/config/service.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { registration, userWithRole } from '../helpers/accounts.ts';
import { userWithCookie, type TestHttp } from '../helpers/http.ts';
import { productWith } from '../helpers/customers.ts';
import { settingsForm } from '../helpers/settings.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;
let http: TestHttp;

beforeAll(async () => {
  ({ shop, api, http } = await openTestSuite({ http: true, wideRateLimits: true }));
});
afterAll(() => shop?.close());

const vaduz = { street: 'Städtle 1', postalCode: '9490', city: 'Vaduz', country: 'LI' };
/** The visible text of a page (tags and the loader data's script left out), spaces normalised. */
const visible = async (res: Response) =>
  (await res.text())
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/[\u00a0\u202f\s]+/g, ' ');
const de = { 'accept-language': 'de-CH,de;q=0.9' };

async function withLiechtenstein(fn: () => Promise<void>) {
  await updateSettings(shop.db, { deliverLiechtenstein: true });
  try {
    await fn();
  } finally {
    await updateSettings(shop.db, { deliverLiechtenstein: false });
  }
}

describe('the setting', () => {
  it('is off on a new shop and in the public configuration', async () => {
    expect((await getSettings(shop.db)).deliverLiechtenstein).toBe(false);
    expect((await api.get('/configuration/configurations')).body.deliverLiechtenstein).toBe(false);
  });

  it('is saved from the admin settings page (a checkbox, unchecked = Switzerland only)', async () => {
    const admin = await userWithCookie(shop, 'Admin');
    const page = await (await http.fetch('/admin/settings', { cookie: admin.cookie })).text();
    expect(page).toContain('name="deliverLiechtenstein"');
    expect(page).toContain('Also deliver to Liechtenstein');
    const form = settingsForm(await getSettings(shop.db));
    expect((await http.postForm('/admin/settings', { ...form, deliverLiechtenstein: 'on' }, admin.cookie)).status).toBe(200);
    expect((await getSettings(shop.db)).deliverLiechtenstein).toBe(true);
    expect((await http.postForm('/admin/settings', form, admin.cookie)).status).toBe(200);
    expect((await getSettings(shop.db)).deliverLiechtenstein).toBe(false);
  });
});

describe('address checks', () => {
  it('registration refuses a Liechtenstein address with a clear message, in the visitor language; accepts it while the setting is on', async () => {
    const r = await api.post('/user/addClient', registration({ address: vaduz }));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('We deliver in Switzerland only.');
    expect(r.body.fields['address.country']).toBe('We deliver in Switzerland only');
    const rDe = await api.post('/user/addClient', registration({ address: vaduz }), de);
    expect(rDe.body.fields['address.country']).toBe('Wir liefern nur innerhalb der Schweiz');
    // a Liechtenstein postcode under country CH is refused too, naming the postcode
    const asCh = await api.post('/user/addClient', registration({ address: { ...vaduz, country: 'CH' } }));
    expect(asCh.status).toBe(400);
    expect(asCh.body.fields['address.postalCode']).toBe('This postcode is in Liechtenstein; we deliver in Switzerland only');
    await withLiechtenstein(async () => {
      const ok = await api.post('/user/addClient', registration({ address: vaduz }));
      expect(ok.status).toBe(201);
    });
  });

  it('a profile cannot move to Liechtenstein while it is off; an unchanged stored address may stay', async () => {
    const u = await userWithRole(shop, api, 'Customer');
    const profile = { userID: u.userId, firstName: 'Ana', lastName: 'Diaz', phone: '+41 79 123 45 67' };
    const moved = await api.post('/user/updateProfile', { ...profile, address: vaduz }, u.h);
    expect(moved.status).toBe(400);
    expect(moved.body.fields['address.country']).toBe('We deliver in Switzerland only');
    // stored while the setting was on (e.g. an older account): editing the phone keeps working
    await shop.db.update(users).set({ street: vaduz.street, postalCode: vaduz.postalCode, city: vaduz.city, country: 'LI' }).where(eq(users.id, u.userId));
    const phone = await api.post('/user/updateProfile', { ...profile, phone: '+41 79 765 43 21', address: vaduz }, u.h);
    expect(phone.status).toBe(200);
  });

  it('the admin cannot create a user with a Liechtenstein address while it is off', async () => {
    const a = await userWithCookie(shop, 'Admin');
    const { address: _ignored, ...reg } = registration();
    const fields = { ...reg, street: vaduz.street, postalCode: vaduz.postalCode, city: vaduz.city, country: 'LI', role: 'Customer' };
    const res = await http.postForm('/admin/user/add', fields, a.cookie);
    expect(res.status).toBe(400);
    expect(await visible(res)).toContain('We deliver in Switzerland only');
    expect(await shop.db.select().from(users).where(eq(users.email, reg.email))).toHaveLength(0);
  });

  it('checkout says Switzerland only and offers no Liechtenstein option while it is off', async () => {
    const u = await userWithCookie(shop, 'Customer');
    const p = await productWith(shop, 10, 2000, 5);
    await addToCart(shop.db, u.userId, p.id, 1, u.userId);
    const page = await visible(await http.fetch('/payment', { cookie: u.cookie }));
    expect(page).toContain('We deliver in Switzerland only.');
    expect(await (await http.fetch('/payment', { cookie: u.cookie })).text()).not.toContain('<option value="LI"');
    await withLiechtenstein(async () => {
      const html = await (await http.fetch('/payment', { cookie: u.cookie })).text();
      expect(html).toContain('<option value="LI"');
      expect(html).toContain('We deliver in Switzerland and Liechtenstein only.');
    });
  });
});

describe('texts follow the setting', () => {
  it('banner, terms, shipping page and how-to page say Switzerland only by default, in English and German', async () => {
    const home = await visible(await http.fetch('/'));
    expect(home).toContain('We deliver in Switzerland only.');
    expect(home).toContain('Free delivery in Switzerland from CHF 150.00');
    expect(home).not.toContain('Liechtenstein');
    const terms = await visible(await http.fetch('/client/termsandconditions'));
    expect(terms).toContain('We deliver only to addresses in Switzerland. Delivery times and fees');
    const shipping = await visible(await http.fetch('/client/shipping'));
    expect(shipping).toContain('We deliver within Switzerland only. Every parcel is packed by hand');
    expect(shipping).toContain('To addresses in Switzerland only (four-digit postcode). We do not ship to Liechtenstein or other countries.');
    const readme = await visible(await http.fetch('/readme'));
    expect(readme).toContain('We deliver in Switzerland only. Shipping costs CHF 9.00');
    const shippingDe = await visible(await http.fetch('/client/shipping', { headers: de }));
    expect(shippingDe).toContain('Wir liefern nur innerhalb der Schweiz. Jedes Paket');
    const homeDe = await visible(await http.fetch('/', { headers: de }));
    expect(homeDe).toContain('Wir liefern nur innerhalb der Schweiz.');
    expect(homeDe).not.toContain('Liechtenstein');
  });

  it('name Liechtenstein while the setting is on, in every language of the pages', async () => {
    await withLiechtenstein(async () => {
      const home = await visible(await http.fetch('/'));
      expect(home).toContain('We deliver in Switzerland and Liechtenstein.');
      expect(home).toContain('Free delivery in Switzerland and Liechtenstein from CHF 150.00');
      const terms = await visible(await http.fetch('/client/termsandconditions'));
      expect(terms).toContain('We deliver only to addresses in Switzerland and Liechtenstein.');
      const shipping = await visible(await http.fetch('/client/shipping'));
      expect(shipping).toContain('To addresses in Switzerland and Liechtenstein only (four-digit postcode).');
      const names: Record<string, string> = {
        de: 'Liechtenstein',
        ja: 'リヒテンシュタイン',
        zh: '列支敦士登',
        ar: 'ليختنشتاين',
        ru: 'Лихтенштейн',
        tr: 'Lihtenştayn',
      };
      for (const [lang, name] of Object.entries(names)) {
        const page = await visible(await http.fetch(`/client/shipping?lang=${lang}`));
        expect(page, lang).toContain(name);
      }
    });
    const ja = await visible(await http.fetch('/client/shipping?lang=ja'));
    expect(ja).not.toContain('リヒテンシュタイン');
  });
});
