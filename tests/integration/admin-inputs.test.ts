/**
 * Inputs as people make them, through the shop's HTTP server on a real socket (as production
 * serves it): phone photos of 5 and 14 MB uploaded from the product page (the plain form, several
 * at once, and the page script's one-photo requests), a 16 MB photo and a too large set refused
 * with a message in the visitor's language (never an error page), a HEIC photo and a broken JPEG
 * answered with messages (never a 500), and a 5,000-row CSV in the shop's own export format
 * checked and imported in one transaction, whose export reads the same again.
 */
import { parse } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../core/db/schema/audit.ts';
import { productsCsv } from '../../core/catalogue/manage.ts';
import { products } from '../../core/db/schema/catalogue.ts';
import { stockMovements } from '../../core/db/schema/stock.ts';
import { productWith } from '../helpers/customers.ts';
import { multipartBody, pageText, socketRequest, userWithCookie, type FilePart, type SocketAnswer } from '../helpers/http.ts';
import { bigCatalogueCsv, heicLike, noiseJpeg } from '../helpers/inputs.ts';
import { useServedShop } from '../helpers/suite.ts';

const MB = 1024 * 1024;
const t = useServedShop({}, async ({ shop }) => ({ admin: await userWithCookie(shop, 'Admin') }), 120_000);

/** One request over the socket ({@link socketRequest}); redirects are not followed. */
const request = (method: string, path: string, opts: Parameters<typeof socketRequest>[3] = {}) => socketRequest(t.port, method, path, opts);

type Part = string | FilePart;

async function postMultipart(path: string, fields: [string, Part][], headers: Record<string, string> = {}): Promise<SocketAnswer> {
  const { body, type } = await multipartBody(fields);
  return request('POST', path, { body, headers: { cookie: t.admin.cookie, 'content-type': type, ...headers } });
}

const photo = (name: string, data: Buffer) => ({ name, type: 'image/jpeg', data });
const imagesOf = async (id: string) => (await t.shop.db.select({ images: products.images }).from(products).where(eq(products.id, id)))[0].images;
const textOf = pageText;

describe('product photos from the product page', () => {
  it('takes a 5 MB phone photo and a 14 MB one in one plain form post, and renders both in their widths', async () => {
    const p = await productWith(t.shop, 5, 2000, 60);
    const five = await noiseJpeg(5 * MB);
    const fourteen = await noiseJpeg(14 * MB);
    expect(five.byteLength).toBeGreaterThanOrEqual(5 * MB);
    expect(fourteen.byteLength).toBeGreaterThanOrEqual(14 * MB);
    expect(fourteen.byteLength).toBeLessThan(15 * MB);
    const res = await postMultipart(`/admin/product/add?id=${p.id}`, [
      ['intent', 'photo'],
      ['photo', photo('IMG_4711.jpg', five)],
      ['photo', photo('IMG_4712.jpg', fourteen)],
      ['alt', "Robusto d'Oro, côté"],
    ]);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/admin/product/add?id=${p.id}&done=photo`);
    const images = await imagesOf(p.id);
    expect(images).toHaveLength(2);
    expect(images.map((i) => i.widths)).toEqual([
      [320, 640, 1280],
      [320, 640, 1280],
    ]);
    expect(images[0].alt).toBe("Robusto d'Oro, côté");
  }, 120_000);

  it("takes photos one by one as the page's script sends them, answering JSON", async () => {
    const p = await productWith(t.shop, 5, 2000, 61);
    const res = await postMultipart(`/admin/product/photo?id=${p.id}`, [['photo', photo('IMG_1.jpg', await noiseJpeg(5 * MB))]], {
      accept: 'application/json',
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ ok: true, added: 1 });
    expect(await imagesOf(p.id)).toHaveLength(1);
    // anonymous: no photo is taken
    const { body, type } = await multipartBody([['photo', photo('x.jpg', await noiseJpeg(100_000))]]);
    const anon = await request('POST', `/admin/product/photo?id=${p.id}`, { body, headers: { 'content-type': type } });
    expect(anon.status).toBe(302);
    expect(await imagesOf(p.id)).toHaveLength(1);
  }, 120_000);

  it('refuses a 16 MB photo with a message in the visitor language: JSON 413 for the script, the page with the message for the form', async () => {
    const p = await productWith(t.shop, 5, 2000, 62);
    const sixteen = await noiseJpeg(16 * MB);
    // the script's request: over the per-photo limit, a JSON answer in German
    const script = await postMultipart(`/admin/product/photo?id=${p.id}`, [['photo', photo('IMG_16.jpg', sixteen)]], {
      accept: 'application/json',
      cookie: `${t.admin.cookie}; lang=de`,
    });
    expect(script.status).toBe(413);
    expect(JSON.parse(script.text).message).toBe('Was Sie gesendet haben, ist grösser als die 15 MB, die diese Seite annimmt; es wurde nichts gespeichert.');
    // the plain form with the one photo: under the 50 MB of a form, refused by the page with its name
    const one = await postMultipart(`/admin/product/add?id=${p.id}`, [
      ['intent', 'photo'],
      ['photo', photo('IMG_16.jpg', sixteen)],
    ]);
    expect(one.status).toBe(400);
    expect(textOf(one.text)).toContain('IMG_16.jpg is larger than 15 MB and was not uploaded.');
    // the plain form with four of them (64 MB): back to the page, whose photo section says why, in French
    const four = await postMultipart(
      `/admin/product/add?id=${p.id}`,
      [['intent', 'photo'], ...[1, 2, 3, 4].map((i): [string, Part] => ['photo', photo(`IMG_${i}.jpg`, sixteen)])],
      { cookie: `${t.admin.cookie}; lang=fr` },
    );
    expect(four.status).toBe(303);
    expect(four.headers.location).toBe(`/admin/product/add?id=${p.id}&toolarge=50#photos`);
    const page = await request('GET', four.headers.location!.replace(/#.*/, ''), { headers: { cookie: `${t.admin.cookie}; lang=fr` } });
    expect(page.status).toBe(200);
    expect(textOf(page.text)).toContain(
      "Ces photos dépassent ensemble 50 Mo, le maximum par envoi ; rien n'a été enregistré. Choisissez moins de photos à la fois (15 Mo au plus chacune).",
    );
    // the same form sent by React Router's fetch (scripts on): the redirect in its own headers
    const data = await postMultipart(`/admin/product/add.data?id=${p.id}`, [
      ['intent', 'photo'],
      ...[1, 2, 3, 4].map((i): [string, Part] => ['photo', photo(`IMG_${i}.jpg`, sixteen)]),
    ]);
    expect(data.status).toBe(204);
    expect(data.headers['x-remix-redirect']).toBe(`/admin/product/add?id=${p.id}&toolarge=50#photos`);
    expect(await imagesOf(p.id)).toEqual([]);
  }, 180_000);

  it('answers a HEIC photo and a broken JPEG with messages, never a 500', async () => {
    const p = await productWith(t.shop, 5, 2000, 63);
    const heic = await postMultipart(`/admin/product/photo?id=${p.id}`, [['photo', { name: 'IMG_0001.HEIC', type: 'image/heic', data: heicLike() }]], {
      accept: 'application/json',
      cookie: `${t.admin.cookie}; lang=it`,
    });
    expect(heic.status).toBe(400);
    expect(JSON.parse(heic.text).message).toBe(
      'Le foto HEIC non si possono leggere qui. Invii la foto in JPEG o PNG (su iPhone: Impostazioni › Fotocamera › Formati › Più compatibile).',
    );
    const form = await postMultipart(`/admin/product/add?id=${p.id}`, [
      ['intent', 'photo'],
      ['photo', { name: 'IMG_0001.HEIC', type: 'image/heic', data: heicLike() }],
    ]);
    expect(form.status).toBe(400);
    expect(textOf(form.text)).toContain('HEIC photos cannot be read here. Send the photo as JPEG or PNG');
    const jpeg = await noiseJpeg(2 * MB);
    const broken = await postMultipart(`/admin/product/photo?id=${p.id}`, [['photo', photo('cut.jpg', jpeg.subarray(0, jpeg.byteLength / 2))]], {
      accept: 'application/json',
    });
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.text).message).toMatch(/not an image|could not be read/);
    expect(await imagesOf(p.id)).toEqual([]);
  }, 120_000);
});

describe('product CSV import of 5,000 rows', () => {
  it("checks and imports the shop's own export format in one transaction; the export reads the same again", async () => {
    const { csv, records } = bigCatalogueCsv(await productsCsv(t.shop.db), 5_000);
    expect(Buffer.byteLength(csv)).toBeGreaterThan(5 * MB);
    const started = Date.now();
    const check = await postMultipart('/admin/product/list', [['csv', { name: 'products.csv', type: 'text/csv', data: Buffer.from(csv) }]]);
    expect(check.status).toBe(200);
    const shown = textOf(check.text);
    const existing = (await t.shop.db.select({ sku: products.sku }).from(products)).length;
    expect(shown).toContain(`5000 row(s): ${5_000 - existing} new, ${existing} to update, 0 problem(s).`);
    const draft = /name="draft" value="([0-9a-f-]{36})"/.exec(check.text)?.[1];
    expect(draft).toBeDefined();
    // the import form carries the checked file's name to the import's audit entry
    expect(check.text).toContain('name="fileName" value="products.csv"');
    expect(await t.shop.db.select().from(products).where(eq(products.sku, records[4_999].sku))).toEqual([]);
    const apply = await request('POST', '/admin/product/list', {
      body: Buffer.from(new URLSearchParams({ draft: draft!, apply: 'yes', fileName: 'products.csv' }).toString()),
      headers: { cookie: t.admin.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(apply.status).toBe(200);
    expect(textOf(apply.text)).toContain(`Imported: ${5_000 - existing} new, ${existing} updated.`);
    console.info(`5,000-row CSV checked and imported through the page in ${Date.now() - started} ms`);
    // round trip: the export has every imported row as it was imported
    const again = parse((await productsCsv(t.shop.db)).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const bySku = new Map(again.map((r) => [r.sku, r]));
    for (const r of records) expect(bySku.get(r.sku)).toEqual(r);
    // the import is audited as one entry with its counts; a created product's stock is in the stock history
    const created = await t.shop.db.select({ id: products.id }).from(products).where(eq(products.sku, records[4_999].sku));
    const audits = await t.shop.db.select().from(auditLog).where(eq(auditLog.action, 'catalogue.import'));
    expect(audits).toHaveLength(1);
    expect(audits[0].after).toMatchObject({ file: 'products.csv', new: 5_000 - existing, updated: expect.any(Number), unchanged: expect.any(Number) });
    expect(
      await t.shop.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, created[0].id), eq(auditLog.action, 'product.create'))),
    ).toHaveLength(0);
    const moves = await t.shop.db.select().from(stockMovements).where(eq(stockMovements.productId, created[0].id));
    expect(moves.map((m) => [m.delta, m.reason])).toEqual(Number(records[4_999].stock) > 0 ? [[Number(records[4_999].stock), 'delivery']] : []);
    // the list shows them fifty at a time (a page of tick boxes a phone can scroll)
    const all = (await t.shop.db.select({ id: products.id }).from(products)).length;
    const list = await request('GET', '/admin/product/list?page=2', { headers: { cookie: t.admin.cookie } });
    expect(textOf(list.text)).toContain(`Products: ${all}`);
    expect(list.text.match(/<td class="nowrap"><a href="\/admin\/product\/add\?id=/g)).toHaveLength(50);
    expect(list.text).toContain('aria-current="page">2</span>');
    // the draft is gone once imported
    const replay = await request('POST', '/admin/product/list', {
      body: Buffer.from(new URLSearchParams({ draft: draft!, apply: 'yes' }).toString()),
      headers: { cookie: t.admin.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(replay.status).toBe(400);
    expect(textOf(replay.text)).toContain('This check has expired. Choose the file and check it again.');
  }, 300_000);

  it('lists bad rows of a 5,000-row file by row number, SKU and column, writing nothing', async () => {
    const { records } = bigCatalogueCsv(await productsCsv(t.shop.db), 5_000);
    const bad = records.map((r) => ({ ...r, sku: `${r.sku}-B` }) as Record<string, string>);
    bad[1_233] = { ...bad[1_233], price_chf: '12.505' };
    bad[4_998] = { ...bad[4_998], category: 'pipe' };
    const { stringify } = await import('csv-stringify/sync');
    const csv = stringify(bad, { header: true, columns: Object.keys(bad[0]) });
    const res = await postMultipart('/admin/product/list', [['csv', { name: 'products.csv', type: 'text/csv', data: Buffer.from(csv) }]]);
    expect(res.status).toBe(200);
    const text = textOf(res.text);
    expect(text).toContain('5000 row(s): 4998 new, 0 to update, 2 problem(s).');
    expect(text).toContain(`1235 ${bad[1_233].sku} price_chf`);
    expect(text).toContain(`5000 ${bad[4_998].sku} category`);
    expect(res.text).not.toContain('name="draft"');
    const written = await t.shop.db
      .select({ sku: products.sku })
      .from(products)
      .where(inArray(products.sku, [bad[0].sku, bad[2].sku]));
    expect(written).toEqual([]);
  }, 120_000);

  it('sends a file over 20 MB back to the list page with the message, in the visitor language', async () => {
    const huge = Buffer.alloc(21 * MB, 'a,b,c\n');
    const res = await postMultipart('/admin/product/list', [['csv', { name: 'huge.csv', type: 'text/csv', data: huge }]], {
      cookie: `${t.admin.cookie}; lang=de`,
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/admin/product/list?toolarge=20#import');
    const page = await request('GET', '/admin/product/list?toolarge=20', { headers: { cookie: `${t.admin.cookie}; lang=de` } });
    expect(textOf(page.text)).toContain(
      'Die Datei ist grösser als 20 MB, das Maximum pro Import; es wurde nichts importiert. Teilen Sie sie in kleinere Dateien auf.',
    );
  }, 60_000);
});

describe('the 1 MB limit of every other page', () => {
  it('sends an oversized form back to its page with a message; the JSON API keeps its 413', async () => {
    const big = Buffer.from(`email=a%40example.ch&password=${'x'.repeat(2 * MB)}`);
    const res = await request('POST', '/login', { body: big, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'lang=es' } });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/login?toolarge=1');
    const page = await request('GET', '/login?toolarge=1', { headers: { cookie: 'lang=es' } });
    expect(textOf(page.text)).toContain('Lo que ha enviado supera los 1 MB que acepta esta página, así que no se ha guardado nada.');
    const api = await request('POST', '/api/user/login', { body: big, headers: { 'content-type': 'application/json' } });
    expect(api.status).toBe(413);
    expect(JSON.parse(api.text).message).toMatch(/too large/);
  });
});
