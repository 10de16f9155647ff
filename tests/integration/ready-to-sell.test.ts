/**
 * Ready to sell: the seeded seller data (IBAN, VAT number, address, WhatsApp, social links) are
 * examples until the owner replaces them. The admin dashboard says which are left (and that bank
 * transfer is off in production while the IBAN is the example); saving the owner's own data in
 * the settings ends it. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleSellerFields, sellerDataReport } from '../../core/config/readiness.ts';
import { getSettings, updateSettings } from '../../core/config/service.ts';
import { DEFAULT_SETTINGS } from '../../core/config/settings.ts';
import type { Shop } from '../../core/shop.ts';
import { userWithCookie, type TestHttp } from '../helpers/http.ts';
import { openTestSuite } from '../helpers/suite.ts';

/** The owner's own seller data: one value for each of the eleven seeded example fields, in the admin's order. */
const OWN = {
  iban: 'CH93 0076 2011 6238 5295 7',
  vatNumber: 'CHE-987.654.326 MWST',
  dir: 'Marktgasse 5, 3011 Bern',
  street: 'Marktgasse',
  buildingNumber: '5',
  postalCode: '3011',
  city: 'Bern',
  whatsapp: '+41 31 555 66 77',
  telegram: '',
  facebook: 'https://www.facebook.com/tabaco.bern',
  instagram: '',
};

describe('which seller data are examples', () => {
  it('all eleven seeded fields at first; none once replaced (empty social links are a choice)', () => {
    expect(exampleSellerFields(DEFAULT_SETTINGS)).toEqual(Object.keys(OWN));
    expect(exampleSellerFields({ ...DEFAULT_SETTINGS, ...OWN })).toEqual([]);
    expect(exampleSellerFields({ ...DEFAULT_SETTINGS, ...OWN, iban: 'ch44 3199 9123 0008 8901 2' })).toEqual(['iban']);
  });

  it('the start-up report names them, and says bank transfer is off in production', () => {
    const prod = { NODE_ENV: 'production' as const, PAYMENT_SANDBOX: undefined };
    const lines = sellerDataReport(prod, DEFAULT_SETTINGS);
    expect(lines[0]).toContain('Seller data still holds the seeded examples');
    expect(lines[1]).toContain('bank transfer (QR-bill) is not offered');
    expect(sellerDataReport({ NODE_ENV: 'development', PAYMENT_SANDBOX: undefined }, DEFAULT_SETTINGS)).toHaveLength(1);
    expect(sellerDataReport(prod, { ...DEFAULT_SETTINGS, ...OWN })).toEqual([]);
  });
});

describe('the admin dashboard', () => {
  let shop: Shop;
  let http: TestHttp;
  beforeAll(async () => {
    ({ shop, http } = await openTestSuite({ env: { NODE_ENV: 'production', PUBLIC_URL: 'http://shop.test' }, http: true }));
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('shows "not ready to sell" with the example fields and why bank transfer is off, in the admin language', async () => {
    const admin = await userWithCookie(shop, 'Admin');
    const html = await (await http.fetch('/admin/home', { cookie: admin.cookie })).text();
    const notice = /data-testid="not-ready"[\s\S]*?<\/section>/.exec(html)![0];
    expect(notice).toContain('Not ready to sell yet');
    expect(notice).toContain('IBAN or QR-IBAN for bank transfers');
    expect(notice).toContain('VAT number');
    expect(notice).toContain('WhatsApp');
    expect(notice).toMatch(/Bank transfer \(QR-bill\) is not offered to customers until you save the shop(’|&#x27;|')s own IBAN/);
    const de = await (await http.fetch('/admin/home', { cookie: admin.cookie, headers: { 'accept-language': 'de' } })).text();
    expect(/data-testid="not-ready"[\s\S]*?<\/section>/.exec(de)![0]).toContain('Noch nicht bereit zum Verkaufen');
  });

  it('lists only what is left after a partial save, and disappears once the owner saved their own data', async () => {
    const admin = await userWithCookie(shop, 'Admin');
    await updateSettings(shop.db, { iban: OWN.iban, vatNumber: OWN.vatNumber });
    let html = await (await http.fetch('/admin/home', { cookie: admin.cookie })).text();
    expect(html).toContain('data-testid="not-ready"');
    const notice = /data-testid="not-ready"[\s\S]*?<\/section>/.exec(html)![0];
    expect(notice).toContain('WhatsApp');
    expect(notice).not.toContain('IBAN or QR-IBAN for bank transfers');
    expect(notice).not.toContain('VAT number');
    expect(notice).not.toContain('data-testid="not-ready-iban"');
    await updateSettings(shop.db, OWN);
    expect(exampleSellerFields(await getSettings(shop.db))).toEqual([]);
    html = await (await http.fetch('/admin/home', { cookie: admin.cookie })).text();
    expect(html).not.toContain('data-testid="not-ready"');
  });
});
