/**
 * Delivery region (specification: "delivery in Switzerland only"; ADR 014): Liechtenstein is an
 * admin setting, off by default. Address checks (registration, profile, admin, checkout) refuse a
 * Liechtenstein address with a clear message unless it is on, and every text follows the setting:
 * banner, checkout note, terms, shipping page, how-to page, errors. PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../core/db/schema/accounts.ts';
import { addToCart } from '../../core/cart/service.ts';
import { getSettings, updateSettings } from '../../core/config/service.ts';
import { registration, userWithRole } from '../helpers/accounts.ts';
import { userWithCookie } from '../helpers/http.ts';
import { productWith } from '../helpers/customers.ts';
import { settingsForm } from '../helpers/settings.ts';
import { useTestSuite } from '../helpers/suite.ts';

const t = useTestSuite({ http: true, wideRateLimits: true });

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
  await updateSettings(t.shop.db, { deliverLiechtenstein: true });
  try {
    await fn();
  } finally {
    await updateSettings(t.shop.db, { deliverLiechtenstein: false });
  }
}

describe('the setting', () => {
  it('is off on a new shop and in the public configuration', async () => {
    expect((await getSettings(t.shop.db)).deliverLiechtenstein).toBe(false);
    expect((await t.api.get('/configuration/configurations')).body.deliverLiechtenstein).toBe(false);
  });

  it('is saved from the admin settings page (a checkbox, unchecked = Switzerland only)', async () => {
    const admin = await userWithCookie(t.shop, 'Admin');
    const page = await (await t.http.fetch('/admin/settings', { cookie: admin.cookie })).text();
    expect(page).toContain('name="deliverLiechtenstein"');
    expect(page).toContain('Also deliver to Liechtenstein');
    const form = settingsForm(await getSettings(t.shop.db));
    expect((await t.http.postForm('/admin/settings', { ...form, deliverLiechtenstein: 'on' }, admin.cookie)).status).toBe(200);
    expect((await getSettings(t.shop.db)).deliverLiechtenstein).toBe(true);
    expect((await t.http.postForm('/admin/settings', form, admin.cookie)).status).toBe(200);
    expect((await getSettings(t.shop.db)).deliverLiechtenstein).toBe(false);
  });
});

describe('address checks', () => {
  it('registration refuses a Liechtenstein address with a clear message, in the visitor language; accepts it while the setting is on', async () => {
    const r = await t.api.post('/user/addClient', registration({ address: vaduz }));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('We deliver in Switzerland only.');
    expect(r.body.fields['address.country']).toBe('We deliver in Switzerland only');
    const rDe = await t.api.post('/user/addClient', registration({ address: vaduz }), de);
    expect(rDe.body.fields['address.country']).toBe('Wir liefern nur innerhalb der Schweiz');
    // a Liechtenstein postcode under country CH is refused too, naming the postcode
    const asCh = await t.api.post('/user/addClient', registration({ address: { ...vaduz, country: 'CH' } }));
    expect(asCh.status).toBe(400);
    expect(asCh.body.fields['address.postalCode']).toBe('This postcode is in Liechtenstein; we deliver in Switzerland only');
    await withLiechtenstein(async () => {
      const ok = await t.api.post('/user/addClient', registration({ address: vaduz }));
      expect(ok.status).toBe(201);
    });
  });

  it('a profile cannot move to Liechtenstein while it is off; an unchanged stored address may stay', async () => {
    const u = await userWithRole(t.shop, t.api, 'Customer');
    const profile = { userID: u.userId, firstName: 'Ana', lastName: 'Diaz', phone: '+41 79 123 45 67' };
    const moved = await t.api.post('/user/updateProfile', { ...profile, address: vaduz }, u.h);
    expect(moved.status).toBe(400);
    expect(moved.body.fields['address.country']).toBe('We deliver in Switzerland only');
    // stored while the setting was on (e.g. an older account): editing the phone keeps working
    await t.shop.db.update(users).set({ street: vaduz.street, postalCode: vaduz.postalCode, city: vaduz.city, country: 'LI' }).where(eq(users.id, u.userId));
    const phone = await t.api.post('/user/updateProfile', { ...profile, phone: '+41 79 765 43 21', address: vaduz }, u.h);
    expect(phone.status).toBe(200);
  });

  it('the admin cannot create a user with a Liechtenstein address while it is off', async () => {
    const a = await userWithCookie(t.shop, 'Admin');
    const { address: _ignored, ...reg } = registration();
    const fields = { ...reg, street: vaduz.street, postalCode: vaduz.postalCode, city: vaduz.city, country: 'LI', role: 'Customer' };
    const res = await t.http.postForm('/admin/user/add', fields, a.cookie);
    expect(res.status).toBe(400);
    expect(await visible(res)).toContain('We deliver in Switzerland only');
    expect(await t.shop.db.select().from(users).where(eq(users.email, reg.email))).toHaveLength(0);
  });

  it('checkout says Switzerland only and offers no Liechtenstein option while it is off', async () => {
    const u = await userWithCookie(t.shop, 'Customer');
    const p = await productWith(t.shop, 10, 2000, 5);
    await addToCart(t.shop.db, u.userId, p.id, 1, u.userId);
    const page = await visible(await t.http.fetch('/payment', { cookie: u.cookie }));
    expect(page).toContain('We deliver in Switzerland only.');
    expect(await (await t.http.fetch('/payment', { cookie: u.cookie })).text()).not.toContain('<option value="LI"');
    await withLiechtenstein(async () => {
      const html = await (await t.http.fetch('/payment', { cookie: u.cookie })).text();
      expect(html).toContain('<option value="LI"');
      expect(html).toContain('We deliver in Switzerland and Liechtenstein only.');
    });
  });
});

describe('texts follow the setting', () => {
  it('banner, terms, shipping page and how-to page say Switzerland only by default, in English and German', async () => {
    const home = await visible(await t.http.fetch('/'));
    expect(home).toContain('We deliver in Switzerland only.');
    expect(home).toContain('Free delivery in Switzerland from CHF 150.00');
    expect(home).not.toContain('Liechtenstein');
    const terms = await visible(await t.http.fetch('/client/termsandconditions'));
    expect(terms).toContain('We deliver only to addresses in Switzerland. Delivery times and fees');
    const shipping = await visible(await t.http.fetch('/client/shipping'));
    expect(shipping).toContain('We deliver within Switzerland only. Every parcel is packed by hand');
    expect(shipping).toContain('To addresses in Switzerland only (four-digit postcode). We do not ship to Liechtenstein or other countries.');
    const readme = await visible(await t.http.fetch('/readme'));
    expect(readme).toContain('We deliver in Switzerland only. Shipping costs CHF 9.00');
    const shippingDe = await visible(await t.http.fetch('/client/shipping', { headers: de }));
    expect(shippingDe).toContain('Wir liefern nur innerhalb der Schweiz. Jedes Paket');
    const homeDe = await visible(await t.http.fetch('/', { headers: de }));
    expect(homeDe).toContain('Wir liefern nur innerhalb der Schweiz.');
    expect(homeDe).not.toContain('Liechtenstein');
  });

  it('name Liechtenstein while the setting is on, in every language of the pages', async () => {
    await withLiechtenstein(async () => {
      const home = await visible(await t.http.fetch('/'));
      expect(home).toContain('We deliver in Switzerland and Liechtenstein.');
      expect(home).toContain('Free delivery in Switzerland and Liechtenstein from CHF 150.00');
      const terms = await visible(await t.http.fetch('/client/termsandconditions'));
      expect(terms).toContain('We deliver only to addresses in Switzerland and Liechtenstein.');
      const shipping = await visible(await t.http.fetch('/client/shipping'));
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
        const page = await visible(await t.http.fetch(`/client/shipping?lang=${lang}`));
        expect(page, lang).toContain(name);
      }
    });
    const ja = await visible(await t.http.fetch('/client/shipping?lang=ja'));
    expect(ja).not.toContain('リヒテンシュタイン');
  });
});
