/**
 * The shop's time zone (docs/decisions/021-shop-time-zone.md): a setting (default Europe/Zurich)
 * that refuses an unknown zone with a field message in the admin's language, reaches the browser
 * through the public configuration, and decides the text of every date the server renders (here
 * the admin order list and the customer's order history), the days of the order filter and of the
 * CSV, and the day a promo's validity starts. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addToCart } from '../../core/cart/service.ts';
import { getSettings, updateSettings } from '../../core/config/service.ts';
import { orders } from '../../core/db/schema/orders.ts';
import { promos } from '../../core/db/schema/promos.ts';
import { ordersCsv, searchOrders } from '../../core/orders/admin.ts';
import { createOrder } from '../../core/orders/index.ts';
import { createCustomer, productWith } from '../helpers/customers.ts';
import { userWithCookie } from '../helpers/http.ts';
import { settingsForm } from '../helpers/settings.ts';
import { useTestSuite } from '../helpers/suite.ts';

const t = useTestSuite({ http: true, wideRateLimits: true });

/** The visible text of a page (tags and scripts left out), spaces normalised. */
const visible = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[\u00a0\u202f\s]+/g, ' ');
const de = { 'accept-language': 'de-CH,de;q=0.9' };

/** Runs `fn` with the shop in `zone`, back to Europe/Zurich afterwards. */
async function inZone(zone: string, fn: () => Promise<void>) {
  await updateSettings(t.shop.db, { timeZone: zone });
  try {
    await fn();
  } finally {
    await updateSettings(t.shop.db, { timeZone: 'Europe/Zurich' });
  }
}

describe('the time zone setting', () => {
  it('starts as Europe/Zurich and is in the public configuration', async () => {
    expect((await getSettings(t.shop.db)).timeZone).toBe('Europe/Zurich');
    expect((await t.api.get('/configuration/configurations')).body.timeZone).toBe('Europe/Zurich');
  });

  it('refuses an unknown zone in the service, with the field named, and writes nothing', async () => {
    for (const bad of ['Europe/Zurch', 'Mars/Olympus', '+01:00', '']) {
      await expect(updateSettings(t.shop.db, { timeZone: bad })).rejects.toMatchObject({
        code: 'invalid',
        opts: { key: 'timeZoneUnknown', fields: { timeZone: { key: 'timeZoneUnknown' } } },
      });
    }
    expect((await getSettings(t.shop.db)).timeZone).toBe('Europe/Zurich');
  });

  it('the admin settings page offers the zones, refuses an unknown one with a German field message and saves a known one', async () => {
    const admin = await userWithCookie(t.shop, 'Admin');
    const page = await (await t.http.fetch('/admin/settings', { cookie: admin.cookie })).text();
    expect(page).toContain('name="timeZone"');
    expect(page).toMatch(/<option value="Europe\/Zurich" selected="">/);
    const form = { ...settingsForm(await getSettings(t.shop.db)), timeZone: 'Europe/Zurch' };
    const refused = await t.http.fetch('/admin/settings', {
      method: 'POST',
      body: new URLSearchParams(form),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://shop.test', ...de },
      cookie: admin.cookie,
    });
    expect(refused.status).toBe(400);
    expect(visible(await refused.text())).toContain('Wählen Sie eine Zeitzone aus der Liste, z. B. Europe/Zurich');
    expect((await getSettings(t.shop.db)).timeZone).toBe('Europe/Zurich');
    try {
      const saved = await t.http.postForm('/admin/settings', { ...form, timeZone: 'America/New_York' }, admin.cookie);
      expect(saved.status).toBe(200);
      expect((await getSettings(t.shop.db)).timeZone).toBe('America/New_York');
      expect((await t.api.get('/configuration/configurations')).body.timeZone).toBe('America/New_York');
    } finally {
      await updateSettings(t.shop.db, { timeZone: 'Europe/Zurich' });
    }
  });
});

describe('dates follow the setting', () => {
  it('an order placed at 10:39 UTC reads 11:39 (Zurich) on the admin list and in the CSV, 05:39 in New York; the day filter is the shop day', async () => {
    const c = await createCustomer(t.shop);
    const p = await productWith(t.shop, 10, 3000, 41);
    await addToCart(t.shop.db, c.id, p.id, 1, c.id);
    const o = await createOrder(t.shop, { userId: c.id, paymentMethod: 'qr-bill' });
    await t.shop.db
      .update(orders)
      .set({ createdAt: new Date('2026-11-28T10:39:00Z') })
      .where(eq(orders.id, o.id));
    const admin = await userWithCookie(t.shop, 'Admin');
    const list = async () => visible(await (await t.http.fetch(`/admin/order/list?q=${o.code}`, { cookie: admin.cookie })).text());
    expect(await list()).toContain('11:39');
    expect(await list()).not.toContain('10:39');
    const csv = await ordersCsv(t.shop, { q: o.code });
    expect(csv).toContain('2026-11-28T11:39:00+01:00');
    await inZone('America/New_York', async () => {
      expect(await list()).toContain('05:39');
      expect(await ordersCsv(t.shop, { q: o.code })).toContain('2026-11-28T05:39:00-05:00');
    });
    // 28 Nov 2026, 23:39 UTC: still 28 Nov in New York, already 29 Nov in Zurich
    await t.shop.db
      .update(orders)
      .set({ createdAt: new Date('2026-11-28T23:39:00Z') })
      .where(eq(orders.id, o.id));
    expect((await searchOrders(t.shop, { q: o.code, from: '2026-11-29', to: '2026-11-29' })).total).toBe(1);
    expect((await searchOrders(t.shop, { q: o.code, from: '2026-11-28', to: '2026-11-28' })).total).toBe(0);
    await inZone('America/New_York', async () => {
      expect((await searchOrders(t.shop, { q: o.code, from: '2026-11-28', to: '2026-11-28' })).total).toBe(1);
    });
  });

  it('a promo valid from 28 Nov is stored from the start of 28 Nov in Zurich and shown back as 28 Nov', async () => {
    const admin = await userWithCookie(t.shop, 'Admin');
    const code = `TZ${Date.now().toString(36).toUpperCase()}`.slice(0, 16);
    const saved = await t.http.postForm(
      '/admin/promo/edit',
      { code, kind: 'percent', value: '10', minOrder: '', validFrom: '2026-11-28', validTo: '2026-12-31', usageLimit: '', active: 'on' },
      admin.cookie,
    );
    expect(saved.status).toBe(302);
    const [row] = await t.shop.db.select().from(promos).where(eq(promos.code, code));
    expect(row.validFrom?.toISOString()).toBe('2026-11-27T23:00:00.000Z');
    expect(row.validTo?.toISOString()).toBe('2026-12-31T22:59:59.999Z');
    const edit = await (await t.http.fetch(`/admin/promo/edit?id=${row.id}`, { cookie: admin.cookie })).text();
    expect(edit).toContain('value="2026-11-28"');
    expect(edit).toContain('value="2026-12-31"');
    const list = visible(await (await t.http.fetch('/admin/promo/list', { cookie: admin.cookie })).text());
    expect(list).toContain('28 Nov 2026 – 31 Dec 2026');
    // a day that does not exist is a field message, not an error page
    const bad = await t.http.postForm(
      '/admin/promo/edit',
      { code: `${code}X`, kind: 'percent', value: '10', validFrom: '2026-02-30', active: 'on' },
      admin.cookie,
    );
    expect(bad.status).toBe(400);
  });
});
