/**
 * The product CSV import reads files as Excel in Switzerland writes them (core/catalogue/manage.ts
 * `decodeCsvFile`, `csvDelimiter`): "CSV (Trennzeichen-getrennt)" is Windows-1252 with `;`, CRLF,
 * no byte order mark, Excel's WAHR/FALSCH and prices as typed (a decimal comma too); bad rows are
 * listed in the admin's language with the column and the allowed values; the shop's export
 * imports back unchanged; a 5,000-row Windows-1252 file imports in one go. On PGlite, or
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { count, inArray } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { csvDelimiter, decodeCsvFile, importProductsCsv, productsCsv } from '../../core/catalogue/manage.ts';
import { CSV_COLUMN_SPECS, csvTemplate } from '../../core/catalogue/csv-columns.ts';
import { CSV_COLUMNS, STRENGTHS } from '../../core/catalogue/limits.ts';
import { products } from '../../core/db/schema/index.ts';
import { userWithCookie } from '../helpers/http.ts';
import { useTestSuite } from '../helpers/suite.ts';

const t = useTestSuite({ http: true }, async ({ shop }) => ({ admin: await userWithCookie(shop, 'Admin') }), 120_000);

/** `text` in Windows-1252, as Excel writes it (iconv-lite's table; its € – — „ bytes are checked below). */
const cp1252 = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(iconv.encode(text, 'windows-1252'));

/** A header and rows as Swiss-German Excel saves "CSV (Trennzeichen-getrennt)": `;`, CRLF, a closing CRLF. */
const excelCsv = (rows: string[][]) => rows.map((r) => r.map((c) => (/[;"\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(';')).join('\r\n') + '\r\n';

/** A row's cells as the owner types them in Excel, by column. */
const typed = (sku: string) => ({
  sku,
  category: 'cigar',
  brand: 'Zürcher Tabakmanufaktur',
  line: 'Sélection Größe',
  name: `Zürich Ämtler ${sku}`,
  vitola: 'Robusto',
  strength: 'Medium',
  packaging: 'Kiste',
  units_per_package: '10',
  price_chf: '14,50',
  stock: '12',
  active: 'WAHR',
  description_en: 'Creamy; with cedar — "smooth"',
  description_de: 'Cremig, mit Zedernholz – «weich» für 12 €',
});
type Column = keyof ReturnType<typeof typed>;
/** The file's columns: the template's (CSV_COLUMNS) that the owner fills, in the template's order. */
const HEADER = CSV_COLUMNS.filter((c): c is Column => c in typed(''));
const row = (sku: string, over: Partial<Record<Column, string>> = {}) => HEADER.map((h) => ({ ...typed(sku), ...over })[h]);

async function postCsv(bytes: Uint8Array<ArrayBuffer>, lang = 'de'): Promise<{ status: number; page: string }> {
  const form = new FormData();
  form.set('csv', new File([bytes], 'Produkte.csv', { type: 'text/csv' }));
  const res = await t.http.fetch(`/admin/product/list?lang=${lang}`, {
    method: 'POST',
    body: form,
    headers: { origin: 'http://shop.test' },
    cookie: t.admin.cookie,
  });
  return { status: res.status, page: await res.text() };
}

describe('a file as Swiss-German Excel writes it', () => {
  const skus = ['CH-EXCEL-1', 'CH-EXCEL-2', 'CH-EXCEL-3'];
  const file = () =>
    cp1252(
      excelCsv([
        HEADER,
        row(skus[0]),
        row(skus[1], { price_chf: "1'250.00", active: 'FALSCH', strength: '' }),
        row(skus[2], { price_chf: '9.9', units_per_package: '1', packaging: 'Einzeln' }),
        // rows emptied in Excel come back as bare separators
        HEADER.map(() => ''),
        HEADER.map(() => ''),
      ]),
    );

  it('is recognised as Windows-1252 with ";" and reads umlauts, quotes and the euro sign right', () => {
    const bytes = file();
    expect(bytes[0]).toBe('s'.charCodeAt(0)); // no byte order mark
    expect(new TextDecoder().decode(bytes).endsWith(';'.repeat(HEADER.length - 1) + '\r\n')).toBe(true);
    const { text, encoding } = decodeCsvFile(bytes);
    expect(encoding).toBe('windows-1252');
    expect(csvDelimiter(text)).toBe(';');
    expect(text).toContain('Zürich Ämtler CH-EXCEL-1');
    expect(text).toContain('«weich» für 12 €');
  });

  it('imports: names with umlauts, prices with a decimal comma and an apostrophe, WAHR/FALSCH; emptied rows skipped', async () => {
    const { text } = decodeCsvFile(file());
    const dry = await importProductsCsv(t.shop.db, text, { dryRun: true, adminId: t.admin.userId });
    expect(dry).toMatchObject({ problems: [], rows: 3, creates: skus, delimiter: ';' });
    const done = await importProductsCsv(t.shop.db, text, { dryRun: false, adminId: t.admin.userId });
    expect(done.applied).toBe(true);
    const rows = await t.shop.db.select().from(products).where(inArray(products.sku, skus)).orderBy(products.sku);
    expect(rows.map((p) => [p.sku, p.name, p.line, p.brand, p.basePrice, p.active, p.strength])).toEqual([
      [skus[0], 'Zürich Ämtler CH-EXCEL-1', 'Sélection Größe', 'Zürcher Tabakmanufaktur', 1450, true, 'Medium'],
      [skus[1], 'Zürich Ämtler CH-EXCEL-2', 'Sélection Größe', 'Zürcher Tabakmanufaktur', 125000, false, null],
      [skus[2], 'Zürich Ämtler CH-EXCEL-3', 'Sélection Größe', 'Zürcher Tabakmanufaktur', 990, true, 'Medium'],
    ]);
    expect(rows[0].description).toEqual({ en: 'Creamy; with cedar — "smooth"', de: 'Cremig, mit Zedernholz – «weich» für 12 €' });
  });

  it('uploaded on the admin page: the check says how it was read, the import writes it', async () => {
    const { status, page } = await postCsv(file());
    expect(status).toBe(200);
    expect(page).toContain('Gelesen als Windows-1252, Trennzeichen «;».');
    expect(page).toContain('3 Zeile(n): 0 neu, 3 zu aktualisieren, 0 Problem(e).');
    const draft = /name="draft" value="([^"]+)"/.exec(page)?.[1];
    expect(draft).toBeTruthy();
    const form = new FormData();
    form.set('draft', draft!);
    form.set('apply', 'yes');
    const res = await t.http.fetch('/admin/product/list?lang=de', {
      method: 'POST',
      body: form,
      headers: { origin: 'http://shop.test' },
      cookie: t.admin.cookie,
    });
    expect(await res.text()).toContain('Importiert: 0 neu, 3 aktualisiert.');
  });

  it('a tab-separated UTF-16 file (Excel\'s "Unicode text") and a UTF-8 one with a byte order mark read the same', () => {
    const text = excelCsv([HEADER, row(skus[0])]).replaceAll(';', '\t');
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(text, 'utf16le'))]);
    expect(decodeCsvFile(utf16)).toEqual({ text, encoding: 'utf-16le' });
    expect(csvDelimiter(text)).toBe('\t');
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    expect(decodeCsvFile(utf8)).toEqual({ text, encoding: 'utf-8' });
  });

  it("Excel's typographic characters: € – — „ “ are the bytes 0x80 0x96 0x97 0x84 0x93", () => {
    expect([...cp1252('€–—„“')]).toEqual([0x80, 0x96, 0x97, 0x84, 0x93]);
    expect(decodeCsvFile(Uint8Array.of(0x73, 0x6b, 0x75, 0x0d, 0x0a, 0x80, 0x96, 0x97, 0x84, 0x93, 0xfc))).toEqual({
      text: 'sku\r\n€–—„“ü',
      encoding: 'windows-1252',
    });
  });

  it('a separator inside a quoted header cell does not count', () => {
    expect(csvDelimiter('"a;b",c,d\r\n1;2;3,4,5')).toBe(',');
    expect(csvDelimiter('sku\na')).toBe(',');
  });
});

describe('bad rows', () => {
  const bad = () =>
    cp1252(
      excelCsv([
        HEADER,
        row('PEÑA-1'),
        row('CH-BAD-2', { strength: 'Strong' }),
        row('CH-BAD-3', { category: 'accessory', line: '', strength: '' }),
        row('CH-BAD-4', { price_chf: '12.505', units_per_package: 'zehn' }),
        row('CH-BAD-4', { category: 'Zigarre' }),
      ]),
    );

  it('name the column, the value and the allowed values (keys and English for the API and logs)', async () => {
    const { text } = decodeCsvFile(bad());
    const result = await importProductsCsv(t.shop.db, text, { dryRun: true, adminId: t.admin.userId });
    expect(result.problems.map((p) => [p.line, p.field, p.key, p.params])).toEqual([
      [2, 'sku', 'skuFormat', { column: 'sku', value: 'PEÑA-1' }],
      [3, 'strength', 'choice', { column: 'strength', value: 'Strong', allowed: STRENGTHS.join(', ') }],
      [4, 'line', 'required', { column: 'line' }],
      [5, 'price_chf', 'price', { column: 'price_chf', value: '12.505' }],
      [5, 'units_per_package', 'number', { column: 'units_per_package', value: 'zehn', min: 1, max: 1000 }],
      [6, 'sku', 'skuRepeated', { other: 5 }],
      [6, 'category', 'choice', { column: 'category', value: 'Zigarre', allowed: 'cigar, rolling-tobacco, accessory' }],
    ]);
    expect(result.problems[1].message).toBe('"Strong" is not allowed in strength. Allowed: Mild, Mild-Medium, Medium, Medium-Full-bodied, Full-bodied');
    expect(result.applied).toBe(false);
  });

  it('are listed on the admin page in German, with the allowed values, and nothing is written', async () => {
    const { status, page } = await postCsv(bad());
    expect(status).toBe(200);
    const decoded = page.replaceAll('&quot;', '"').replaceAll('&#x27;', "'");
    for (const message of [
      'Art.-Nr. «PEÑA-1»: Erlaubt sind nur Buchstaben A–Z, Ziffern, Punkt, Bindestrich und Unterstrich (keine Akzente, Umlaute oder Leerzeichen).',
      '«Strong» ist in «strength» nicht erlaubt. Erlaubt: Mild, Mild-Medium, Medium, Medium-Full-bodied, Full-bodied.',
      '«line» ist Pflicht und ist leer.',
      '«12.505» ist kein Preis in CHF: höchstens 2 Dezimalstellen, z. B. 12.50.',
      '«zehn» in «units_per_package»: Geben Sie eine ganze Zahl von 1 bis 1000 ein.',
      'Diese Art.-Nr. steht auch in Zeile 5.',
      '«Zigarre» ist in «category» nicht erlaubt. Erlaubt: cigar, rolling-tobacco, accessory.',
    ])
      expect(decoded).toContain(message);
    expect(decoded).not.toMatch(/Invalid input|Too small|skuFormat</);
    const [{ n }] = await t.shop.db
      .select({ n: count() })
      .from(products)
      .where(inArray(products.sku, ['CH-BAD-2', 'CH-BAD-3', 'CH-BAD-4']));
    expect(n).toBe(0);
  });

  it('a file that cannot be read names the line and the separator, in the admin language', async () => {
    const { status, page } = await postCsv(cp1252('sku;name\r\nA-1;Zürich\r\nA-2;"offen\r\n'));
    expect(status).toBe(400);
    expect(page).toContain('Zeile 3 kann nicht gelesen werden (Trennzeichen «;»)');
    expect(page).toContain('«CSV (Trennzeichen-getrennt)»');
  });
});

describe('export and template', () => {
  it('the export as the page sends it (UTF-8 with a byte order mark) imports back with no change', async () => {
    const res = await t.http.fetch('/admin/product/export', { cookie: t.admin.cookie });
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { text, encoding } = decodeCsvFile(bytes);
    expect(encoding).toBe('utf-8');
    const before = await t.shop.db.select().from(products).orderBy(products.sku);
    const result = await importProductsCsv(t.shop.db, text, { dryRun: false, adminId: t.admin.userId });
    expect(result).toMatchObject({ problems: [], creates: [], applied: true, delimiter: ',' });
    expect(result.updates).toHaveLength(before.length);
    const after = await t.shop.db.select().from(products).orderBy(products.sku);
    const same = (p: (typeof before)[number]) => ({ ...p, updatedAt: null, searchText: null });
    expect(after.map(same)).toEqual(before.map(same));
    expect(await productsCsv(t.shop.db)).toBe(text);
  });

  it('the template has every column, an example row that passes, and ";" for Excel', async () => {
    const template = csvTemplate();
    expect(template.startsWith('\uFEFFsku;category;brand;')).toBe(true);
    const { text } = decodeCsvFile(new TextEncoder().encode(template));
    const result = await importProductsCsv(t.shop.db, text, { dryRun: true, adminId: t.admin.userId });
    expect(result).toMatchObject({ problems: [], rows: 1, delimiter: ';' });
    expect(CSV_COLUMN_SPECS.filter((s) => s.required).map((s) => s.column)).toEqual([
      'sku',
      'category',
      'brand',
      'line',
      'name',
      'packaging',
      'price_chf',
      'description_en',
    ]);
  });
});

describe('a 5,000-row Windows-1252 file', () => {
  it('imports in one go', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => row(`CH-BULK-${i}`, { price_chf: `${10 + (i % 90)},${String(i % 100).padStart(2, '0')}` }));
    const bytes = cp1252(excelCsv([HEADER, ...rows]));
    const { text, encoding } = decodeCsvFile(bytes);
    expect(encoding).toBe('windows-1252');
    const result = await importProductsCsv(t.shop.db, text, { dryRun: false, adminId: t.admin.userId });
    expect(result).toMatchObject({ problems: [], rows: 5000, applied: true });
    expect(result.creates).toHaveLength(5000);
    const [{ n }] = await t.shop.db
      .select({ n: count() })
      .from(products)
      .where(inArray(products.sku, ['CH-BULK-0', 'CH-BULK-4999']));
    expect(n).toBe(2);
  }, 120_000);
});
