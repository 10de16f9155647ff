/**
 * Pages in the visitor's language through the real HTTP app: a German product page shows the
 * catalogue values translated ("Deckblatt Kamerun", "Herkunft Dominikanische Republik", "Zeder")
 * and none of a list of English values; a product's own texts from the CSV's per-language columns
 * (`name_de`, `wrapper_de`, `tasting_notes_de`) on pages in that language, the English ones (through
 * the dictionary) elsewhere; the promotional banner per picker language with English as fallback,
 * and its field messages; the custom box models' default names in the page's language.
 */
import { inArray, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importProductsCsv, productsCsv } from '../../core/catalogue/manage.ts';
import { CSV_COLUMN_SPECS, csvTemplate } from '../../core/catalogue/csv-columns.ts';
import { getSettings } from '../../core/config/service.ts';
import { boxModelName } from '../../core/custom-box/model-name-text.ts';
import { listBoxModels } from '../../core/custom-box/service.ts';
import { products } from '../../core/db/schema/index.ts';
import { roleCookies } from '../helpers/http.ts';
import { EXAMPLE_SETTINGS_FORM } from '../helpers/settings.ts';
import { useTestSuite } from '../helpers/suite.ts';

const t = useTestSuite({ http: true }, ({ shop }) => roleCookies(shop));

const HEADER =
  'sku;category;brand;line;name;vitola;wrapper;binder;filler;origin;strength;packaging;price_chf;stock;description_en;tasting_notes;name_de;wrapper_de;tasting_notes_de;origin_fr';
const CSV = [
  HEADER,
  'T37-CAM;cigar;Test Fuente;Hemingway;Test Short Story;Box-pressed Robusto;Cameroon;Dominican Republic;Dominican Republic, Nicaragua;Dominican Republic;Medium;Single;13.50;20;A compact perfecto.;cedar | cocoa | leather;;;;',
  'T37-OWN;cigar;Test Casa;Reserva;Owner Blend;Toro;Sun Grown (Ecuador);Nicaragua;Nicaragua;Nicaragua;Full-bodied;Box of 25;250.00;5;A strong blend.;cedar | black pepper;Hausmischung;Sonnentabak aus Ecuador;Waldboden | Espresso;Nicaragua (Estelí)',
].join('\r\n');

/** Visible text of an HTML page: scripts, styles and tags removed, entities of quotes decoded, spaces collapsed. */
function visible(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** The product page's spec rows as `label value` pairs ("Deckblatt Kamerun"). */
function specRows(html: string): string[] {
  return [...html.matchAll(/<dt>(.*?)<\/dt><dd>(.*?)<\/dd>/g)].map((m) => `${visible(m[1]).trim()} ${visible(m[2]).trim()}`);
}

async function ids(): Promise<Record<string, string>> {
  const rows = await t.shop.db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(inArray(products.sku, ['T37-CAM', 'T37-OWN']));
  return Object.fromEntries(rows.map((r) => [r.sku, r.id]));
}

const page = async (path: string) => {
  const res = await t.http.fetch(path);
  expect(res.status).toBe(200);
  return res.text();
};

/** English catalogue values that must not appear on the German page of the T37-CAM product. */
const ENGLISH = ['Cameroon', 'Dominican Republic', 'cedar', 'cocoa', 'leather', 'Box-pressed'];

describe('catalogue values and per-language texts', () => {
  it('imports the per-language columns and stores them by language', async () => {
    const r = await importProductsCsv(t.shop.db, CSV, { dryRun: false, adminId: 'test', fileName: 't37.csv' });
    expect(r.problems).toEqual([]);
    expect(r.applied).toBe(true);
    const [own] = await t.shop.db
      .select()
      .from(products)
      .where(inArray(products.sku, ['T37-OWN']));
    expect(own.texts).toEqual({
      de: { name: 'Hausmischung', wrapper: 'Sonnentabak aus Ecuador', tastingNotes: ['Waldboden', 'Espresso'] },
      fr: { origin: 'Nicaragua (Estelí)' },
    });
    const [cam] = await t.shop.db
      .select()
      .from(products)
      .where(inArray(products.sku, ['T37-CAM']));
    expect(cam.texts).toEqual({});
  });

  it('German product page: "Deckblatt Kamerun", "Herkunft Dominikanische Republik", tasting notes in German, no English value', async () => {
    const id = (await ids())['T37-CAM'];
    const html = await page(`/productdetail?id=${id}&lang=de`);
    const rows = specRows(html);
    expect(rows).toEqual(
      expect.arrayContaining([
        'Vitola Robusto, gepresst',
        'Deckblatt Kamerun',
        'Umblatt Dominikanische Republik',
        'Einlage Dominikanische Republik, Nicaragua',
        'Herkunft Dominikanische Republik',
      ]),
    );
    const text = visible(html);
    for (const note of ['Zeder', 'Kakao', 'Leder']) expect(text).toContain(note);
    for (const english of ENGLISH) expect(text, english).not.toContain(english);
  });

  it('French and Arabic product pages translate too; English shows the values as entered', async () => {
    const id = (await ids())['T37-CAM'];
    expect(specRows(await page(`/productdetail?id=${id}&lang=fr`))).toEqual(expect.arrayContaining(['Cape Cameroun', 'Origine République dominicaine']));
    expect(visible(await page(`/productdetail?id=${id}&lang=ar`))).toContain('الكاميرون');
    expect(specRows(await page(`/productdetail?id=${id}&lang=en`))).toEqual(expect.arrayContaining(['Wrapper Cameroon', 'Origin Dominican Republic']));
  });

  it('on the Arabic page a cigar\'s length stays one left-to-right measure ("140 mm (5.5″)") in its right-to-left row', async () => {
    const [cigar] = await t.shop.db.select().from(products).where(isNotNull(products.lengthIn)).orderBy(products.sku).limit(1);
    const html = await page(`/productdetail?id=${cigar.id}&lang=ar`);
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(html).toContain(`<bdi dir="ltr">${cigar.lengthMm} mm (${cigar.lengthIn}″)</bdi>`);
  });

  it("the owner's German texts on German pages (name, wrapper, notes), the dictionary for the fields without one and in French", async () => {
    const id = (await ids())['T37-OWN'];
    const de = await page(`/productdetail?id=${id}&lang=de`);
    expect(de).toContain('<h1>Hausmischung</h1>');
    expect(specRows(de)).toEqual(expect.arrayContaining(['Deckblatt Sonnentabak aus Ecuador', 'Herkunft Nicaragua']));
    expect(visible(de)).toContain('Waldboden');
    expect(visible(de)).not.toContain('black pepper');
    const fr = await page(`/productdetail?id=${id}&lang=fr`);
    expect(fr).toContain('<h1>Owner Blend</h1>');
    expect(specRows(fr)).toEqual(expect.arrayContaining(['Cape cultivé au soleil (Équateur)', 'Origine Nicaragua (Estelí)']));
    expect(visible(fr)).toContain('poivre noir');
    // the product list's card carries the German name on German pages
    const list = await page('/client/products?lang=de');
    expect(list).toContain('Hausmischung');
    expect(list).not.toContain('Owner Blend');
  });

  it('the export writes the per-language columns back, and the template and column table name them', async () => {
    const csv = await productsCsv(t.shop.db);
    const [head] = csv.split(/\r?\n/);
    expect(head).toContain('name_de');
    expect(head).toContain('tasting_notes_es');
    expect(csv).toContain('Waldboden | Espresso');
    expect(csvTemplate().split('\r\n')[0].split(';')).toEqual(expect.arrayContaining(['wrapper_de', 'origin_fr', 'tasting_notes_it']));
    expect(CSV_COLUMN_SPECS.find((s) => s.column === 'wrapper_de')).toMatchObject({ required: false, overrides: 'wrapper', example: 'Kamerun' });
  });

  it("the live search names a product in the page's language where the owner gave a name, else in English, and finds it by either name", async () => {
    const search = async (lang: string, query = 'owner blend') => {
      const res = await t.http.fetch(`/api/product/searchProducts?lang=${lang}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ searchOptions: { searchName: query } }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { products: { _id: string; name: string }[] }).products;
    };
    const own = (await ids())['T37-OWN'];
    expect((await search('de')).find((h) => h._id === own)?.name).toBe('Hausmischung');
    expect((await search('fr')).find((h) => h._id === own)?.name).toBe('Owner Blend');
    expect((await search('en')).find((h) => h._id === own)?.name).toBe('Owner Blend');
    // an unknown language is English, never a property of the texts object
    expect((await search('valueOf')).find((h) => h._id === own)?.name).toBe('Owner Blend');
    // the German name finds it too, in any language
    expect((await search('de', 'hausmischung'))[0]).toMatchObject({ _id: own, name: 'Hausmischung' });
    expect((await search('en', 'hausmischung'))[0]).toMatchObject({ _id: own, name: 'Owner Blend' });
  });

  it('refuses a too long per-language cell naming its column', async () => {
    const bad = [HEADER, `T37-BAD;cigar;B;L;N;;;;;;;Single;1.00;0;D.;;${'x'.repeat(201)};;;`].join('\r\n');
    const r = await importProductsCsv(t.shop.db, bad, { dryRun: true, adminId: 'test' });
    expect(r.problems).toEqual([expect.objectContaining({ field: 'name_de', key: 'tooLong', params: { column: 'name_de', max: 200 } })]);
  });
});

const settingsForm = {
  ...EXAMPLE_SETTINGS_FORM,
  promotionalText: 'Advent tasting every Saturday',
  promotionalText_de: 'Adventsdegustation jeden Samstag',
  promotionalText_fr: '',
  promotionalText_it: 'Degustazione d’Avvento ogni sabato',
  promotionalText_es: '',
  shippingFee: '9.00',
  freeShippingThreshold: '150',
};

describe('promotional banner per language', () => {
  const banner = (html: string) => /data-testid="promo-banner"[^>]*>([^<]*)</.exec(html)?.[1] ?? null;

  it('the admin saves a text per picker language; each language shows its own, the others the English one', async () => {
    const res = await t.http.postForm('/admin/settings', settingsForm, t.admin);
    expect(res.status).toBe(200);
    const s = await getSettings(t.shop.db);
    expect(s.promotionalInfo).toEqual({
      text: 'Advent tasting every Saturday',
      texts: { de: 'Adventsdegustation jeden Samstag', it: 'Degustazione d’Avvento ogni sabato' },
    });
    expect(banner(await page('/?lang=de'))).toBe('Adventsdegustation jeden Samstag');
    expect(banner(await page('/?lang=it'))).toBe('Degustazione d’Avvento ogni sabato');
    expect(banner(await page('/?lang=fr'))).toBe('Advent tasting every Saturday');
    expect(banner(await page('/?lang=en'))).toBe('Advent tasting every Saturday');
    expect(banner(await page('/?lang=ja'))).toBe('Advent tasting every Saturday');
    // the settings page shows the stored texts in their fields
    const form = await (await t.http.fetch('/admin/settings?lang=de', { cookie: t.admin })).text();
    expect(form).toContain('name="promotionalText_de"');
    expect(form).toContain('Adventsdegustation jeden Samstag');
  });

  it('refuses a text over 200 characters with a message at its field, and keeps the stored texts', async () => {
    const res = await t.http.postForm('/admin/settings?lang=de', { ...settingsForm, promotionalText_fr: 'x'.repeat(201) }, t.admin);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/promotionalText_fr[\s\S]{0,600}200/);
    expect((await getSettings(t.shop.db)).promotionalInfo.texts?.fr).toBeUndefined();
  });
});

describe('custom box models', () => {
  it("the builder names the default models in the page's language", async () => {
    const models = await listBoxModels(t.shop.db);
    const defaults = models.filter((m) => m.active && boxModelName(m, 'de') !== m.name);
    expect(defaults.length).toBeGreaterThan(0);
    const de = visible(await page('/custombox?lang=de'));
    for (const m of defaults) expect(de, m.name).not.toContain(m.name);
    expect(de).toContain('Zedernholzkiste');
    const ar = visible(await page('/custombox?lang=ar'));
    for (const m of defaults) expect(ar, m.name).not.toContain(m.name);
  });
});
