/**
 * Seller settings a QR-bill depends on are checked on save (core/config/seller.ts): the IBAN's
 * check digits and CH/LI country (ibantools), QR-IBAN and ordinary IBAN both accepted with the
 * matching reference kind, the UID's eCH-0097 check digit, the postcode by country, the e-mail.
 * The admin settings form answers field messages in the admin's language; values stored before
 * the checks stop no page and are named on the dashboard. PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isQRReferenceValid, isSCORReferenceValid } from 'swissqrbill/utils';
import {
  ibanProblem,
  invalidSellerFields,
  isQrIban,
  normalizeIban,
  normalizeUid,
  sellerPostcodeProblem,
  uidCheckDigit,
  uidProblem,
} from '../../core/config/seller.ts';
import { sellerDataReport } from '../../core/config/readiness.ts';
import { getSettings, updateSettings } from '../../core/config/service.ts';
import { DEFAULT_SETTINGS } from '../../core/config/settings.ts';
import { DomainError } from '../../core/errors.ts';
import { createOrder } from '../../core/orders/index.ts';
import { customerWithCart } from '../helpers/customers.ts';
import { roleCookies } from '../helpers/http.ts';
import { settingsForm } from '../helpers/settings.ts';
import { useTestSuite } from '../helpers/suite.ts';

/** The review's values: a mistyped IBAN (last digit), a German IBAN, a UID with a wrong check digit. */
const BAD_CHECKSUM = 'CH69 0070 0110 0012 3456 8';
const GERMAN = 'DE89 3704 0044 0532 0130 00';
const BAD_UID = 'CHE-116.281.711 MWST';
const ORDINARY = 'CH93 0076 2011 6238 5295 7';
const QR_IBAN = 'CH44 3199 9123 0008 8901 2';

describe('the seller checks', () => {
  it('refuse a wrong IBAN checksum and a non-Swiss IBAN; accept an ordinary IBAN, a QR-IBAN and a Liechtenstein IBAN', () => {
    expect(ibanProblem(BAD_CHECKSUM)).toBe('seller.ibanInvalid');
    expect(ibanProblem(GERMAN)).toBe('seller.ibanCountry');
    expect(ibanProblem('CH93 0076')).toBe('seller.ibanInvalid');
    expect(ibanProblem('')).toBe('seller.ibanInvalid');
    expect(ibanProblem(ORDINARY)).toBeNull();
    expect(ibanProblem(QR_IBAN)).toBeNull();
    expect(ibanProblem('LI21 0881 0000 2324 013A A')).toBeNull();
    expect([isQrIban(QR_IBAN), isQrIban(ORDINARY)]).toEqual([true, false]);
  });

  it('normalise spaces and case of an IBAN to groups of four', () => {
    expect(normalizeIban(' ch9300762011623852957 ')).toBe(ORDINARY);
    expect(normalizeIban('CH93-0076-2011-6238-5295-7')).toBe(ORDINARY);
  });

  it('check the UID with the eCH-0097 modulo-11 digit (11 gives 0, 10 is never valid)', () => {
    expect(uidProblem(BAD_UID)).toBe('seller.uidCheckDigit');
    expect(uidProblem('CHE-116.281.710 MWST')).toBeNull(); // sum 132: 11 - 0 = 11 -> 0
    expect(uidCheckDigit('11628171')).toBe(0);
    expect(uidProblem('CHE-123.456.788 TVA')).toBeNull();
    expect(uidProblem('CHE-123.456.789 MWST')).toBe('seller.uidCheckDigit');
    // 1·5+0·4+0·3+0·2+0·7+0·6+0·5+1·4 = 9: 11 - 9 = 2; the weights matter
    expect(uidCheckDigit('10000001')).toBe(2);
    // 4·3 = 12, 1 mod 11, gives 10: no UID ends so, whatever its last digit
    expect(uidCheckDigit('00400000')).toBeNull();
    for (let d = 0; d <= 9; d++) expect(uidProblem(`CHE-004.000.00${d}`)).toBe('seller.uidCheckDigit');
    expect(uidProblem('CHE-12.456.789')).toBe('seller.uidFormat');
    expect(uidProblem('CHE-123.456.788 VAT')).toBe('seller.uidFormat');
    expect(normalizeUid('che123456788 mwst')).toBe('CHE-123.456.788 MWST');
  });

  it('check the postcode by country: four digits in Switzerland, 9485–9498 in Liechtenstein', () => {
    expect(sellerPostcodeProblem('8001', 'CH')).toBeNull();
    expect(sellerPostcodeProblem('0800', 'CH')).toBe('seller.postcodeCh');
    expect(sellerPostcodeProblem('9490', 'CH')).toBe('seller.postcodeCh');
    expect(sellerPostcodeProblem('9490', 'LI')).toBeNull();
    expect(sellerPostcodeProblem('9499', 'LI')).toBe('seller.postcodeLi');
  });

  it('find the seeded example valid, and name every invalid stored field', () => {
    expect(invalidSellerFields(DEFAULT_SETTINGS)).toEqual({});
    expect(invalidSellerFields({ ...DEFAULT_SETTINGS, iban: BAD_CHECKSUM, vatNumber: BAD_UID, email: 'x' })).toEqual({
      iban: 'seller.ibanInvalid',
      vatNumber: 'seller.uidCheckDigit',
      email: 'emailInvalid',
    });
    expect(sellerDataReport({ NODE_ENV: 'production', PAYMENT_SANDBOX: undefined }, { ...DEFAULT_SETTINGS, iban: GERMAN })[0]).toContain(
      'Seller data is not valid (iban)',
    );
  });
});

describe('saving the settings', () => {
  const t = useTestSuite({ http: true }, ({ shop }) => roleCookies(shop));

  /** What updateSettings refused, as field -> message key. */
  async function refused(patch: Parameters<typeof updateSettings>[1]) {
    const e = await updateSettings(t.shop.db, patch).then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(DomainError);
    return Object.fromEntries(Object.entries((e as DomainError).opts.fields ?? {}).map(([f, m]) => [f, m.key]));
  }

  it('refuses the review’s values in core with keyed field messages and writes nothing', async () => {
    const before = await getSettings(t.shop.db);
    expect(await refused({ iban: BAD_CHECKSUM, vatNumber: BAD_UID })).toEqual({ iban: 'seller.ibanInvalid', vatNumber: 'seller.uidCheckDigit' });
    expect(await refused({ iban: GERMAN })).toEqual({ iban: 'seller.ibanCountry' });
    expect(await refused({ country: 'LI' })).toEqual({ postalCode: 'seller.postcodeLi' }); // 8001 is not in Liechtenstein
    expect(await refused({ country: 'DE' })).toEqual({ country: 'invalidChoice' });
    expect(await getSettings(t.shop.db)).toEqual(before);
  });

  it('answers the admin form with field messages in the admin’s language, keeping what was typed', async () => {
    const before = await getSettings(t.shop.db);
    const form = { ...settingsForm(before), iban: BAD_CHECKSUM, vatNumber: BAD_UID };
    const de = await t.http.fetch('/admin/settings', {
      method: 'POST',
      body: new URLSearchParams(form),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://shop.test', 'accept-language': 'de-CH' },
      cookie: t.admin,
    });
    expect(de.status).toBe(400);
    const html = await de.text();
    expect(html).toContain('Diese IBAN ist ungültig');
    expect(html).toContain('Diese UID gibt es nicht');
    expect(html).toContain(`value="${BAD_CHECKSUM}"`);
    const en = await t.http.postForm('/admin/settings', { ...settingsForm(before), iban: GERMAN }, t.admin);
    expect(en.status).toBe(400);
    expect(await en.text()).toContain('A QR-bill needs a Swiss or Liechtenstein account');
    const fr = await t.http.fetch('/admin/settings', {
      method: 'POST',
      body: new URLSearchParams({ ...settingsForm(before), country: 'LI' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://shop.test', 'accept-language': 'fr-CH' },
      cookie: t.admin,
    });
    expect(fr.status).toBe(400);
    expect(await fr.text()).toContain('Un NPA du Liechtenstein est compris entre 9485 et 9498');
    expect(await getSettings(t.shop.db)).toEqual(before);
  });

  it('accepts an ordinary IBAN typed in lower case without spaces (stored in groups of four) and gives its orders a creditor reference', async () => {
    const s = await getSettings(t.shop.db);
    const res = await t.http.postForm('/admin/settings', { ...settingsForm(s), iban: 'ch9300762011623852957', vatNumber: 'CHE-116.281.710 MWST' }, t.admin);
    expect(res.status).toBe(200);
    const saved = await getSettings(t.shop.db);
    expect([saved.iban, saved.vatNumber]).toEqual([ORDINARY, 'CHE-116.281.710 MWST']);
    const { c } = await customerWithCart(t.shop, { stock: 5, basePrice: 4000, index: 3 });
    const order = await createOrder(t.shop, { userId: c.id, paymentMethod: 'qr-bill' });
    expect(order.paymentReference).toMatch(/^RF\d\d/);
    expect(isSCORReferenceValid(order.paymentReference!)).toBe(true);
  });

  it('accepts a QR-IBAN and a Liechtenstein address, and gives the orders a QR reference', async () => {
    const s = await getSettings(t.shop.db);
    const res = await t.http.postForm('/admin/settings', { ...settingsForm(s), iban: QR_IBAN, country: 'LI', postalCode: '9490', city: 'Vaduz' }, t.admin);
    expect(res.status).toBe(200);
    const saved = await getSettings(t.shop.db);
    expect([saved.iban, saved.country, saved.postalCode]).toEqual([QR_IBAN, 'LI', '9490']);
    const { c } = await customerWithCart(t.shop, { stock: 5, basePrice: 4000, index: 4 });
    const order = await createOrder(t.shop, { userId: c.id, paymentMethod: 'qr-bill' });
    expect(order.paymentReference).toMatch(/^\d{27}$/);
    expect(isQRReferenceValid(order.paymentReference!)).toBe(true);
    await updateSettings(t.shop.db, { country: 'CH', postalCode: '8001', city: 'Zürich' });
  });

  it('reads settings stored invalid (bypassing the checks) without a crash, names them on the dashboard, and lets unrelated changes through', async () => {
    await t.shop.db.execute(
      sql`update shop_config set settings = settings || ${JSON.stringify({ iban: BAD_CHECKSUM, vatNumber: BAD_UID })}::jsonb where id = 1`,
    );
    const s = await getSettings(t.shop.db);
    expect([s.iban, s.vatNumber, s.companyName]).toEqual([BAD_CHECKSUM, BAD_UID, DEFAULT_SETTINGS.companyName]);
    expect((await t.http.fetch('/admin/settings', { cookie: t.admin })).status).toBe(200);
    expect((await t.http.fetch('/')).status).toBe(200);
    const html = await (await t.http.fetch('/admin/home', { cookie: t.admin })).text();
    const notice = /data-testid="not-ready-invalid"[\s\S]*?<\/ul>/.exec(html)![0];
    expect(notice).toContain('IBAN or QR-IBAN for bank transfers');
    expect(notice).toContain('This IBAN is not valid');
    expect(notice).toContain('VAT number');
    expect(notice).toContain('This UID does not exist');
    // a change that does not touch them is not blocked by the stored values
    await updateSettings(t.shop.db, { shippingFee: 800 });
    expect((await getSettings(t.shop.db)).shippingFee).toBe(800);
    await updateSettings(t.shop.db, { iban: ORDINARY, vatNumber: 'CHE-116.281.710 MWST', shippingFee: 900 });
    const after = await (await t.http.fetch('/admin/home', { cookie: t.admin })).text();
    expect(after).not.toContain('data-testid="not-ready-invalid"');
  });
});
