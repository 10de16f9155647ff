/**
 * The bulk photo upload by SKU (/admin/product/photos) through the shop's HTTP server on a real
 * socket, as production serves it: 20 phone photos of 5 MB named by SKU (`CDT-ROB-001.jpg`,
 * `CDT-ROB-001_2.jpg`, `cdt-rob-001-3.jpg`, …) matched and sent one by one as the page's script
 * does, each product getting its four photos in name order, audited per photo; files naming no
 * product, non-images, HEIC photos and a product at its 12 photos answered with their results;
 * the plain form (no scripts) with photos and a zip file answering the result table in German;
 * and a plain form over the 100 MB total sent back with the page's own message, never an error page.
 * PGlite, or PostgreSQL with `TEST_DATABASE_URL`.
 */
import { zipSync } from 'fflate';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../core/db/schema/audit.ts';
import { products, type ProductImage } from '../../core/db/schema/catalogue.ts';
import { multipartBody, pageText, socketRequest, userWithCookie, type FilePart, type SocketAnswer } from '../helpers/http.ts';
import { heicLike, noiseJpeg } from '../helpers/inputs.ts';
import { useServedShop } from '../helpers/suite.ts';

const MB = 1024 * 1024;
const SKUS = ['CDT-ROB-001', 'CDT-ROB-002', 'CDT-TOR-003', 'CDT-COR-004', 'CDT-PAN-005'];

const t = useServedShop(
  {},
  async ({ shop }) => {
    // five products of the catalogue under SKUs as an owner's own catalogue names them, without photos
    const rows = await shop.db
      .select({ id: products.id })
      .from(products)
      .orderBy(products.sku)
      .limit(SKUS.length + 2);
    const ids: Record<string, string> = {};
    for (const [i, sku] of [...SKUS, 'CDT-FULL-006', 'CDT-NOJS-007'].entries()) {
      await shop.db.update(products).set({ sku, images: [] }).where(eq(products.id, rows[i].id));
      ids[sku] = rows[i].id;
    }
    return { admin: await userWithCookie(shop, 'Admin'), ids, photo: await noiseJpeg(5 * MB) };
  },
  120_000,
);

/** One request over the socket as the admin ({@link socketRequest}). */
const request = (method: string, path: string, opts: { body?: Buffer; headers?: Record<string, string> } = {}) =>
  socketRequest(t.port, method, path, { ...opts, headers: { cookie: t.admin.cookie, ...opts.headers } });

/** A multipart/form-data POST of `files` under `field`, as a browser builds it. */
async function postFiles(path: string, field: string, files: FilePart[], headers: Record<string, string> = {}): Promise<SocketAnswer> {
  const { body, type } = await multipartBody(files.map((f): [string, FilePart] => [field, f]));
  return request('POST', path, { body, headers: { 'content-type': type, ...headers } });
}

type Row = {
  index: number;
  name: string;
  sku: string | null;
  product: { id: string; sku: string; name: string } | null;
  status: string;
  position?: number;
  message?: string;
};

/** The page script's dry run: what would happen to each file. */
async function match(files: { name: string; size: number; type: string }[]): Promise<Row[]> {
  const res = await request('POST', '/admin/product/photo/match', {
    body: Buffer.from(JSON.stringify({ files })),
    headers: { 'content-type': 'application/json', accept: 'application/json' },
  });
  expect(res.status).toBe(200);
  return (JSON.parse(res.text) as { rows: Row[] }).rows;
}

/** The page script's request for one photo. */
async function sendOne(file: FilePart, lang = 'en'): Promise<Row> {
  const res = await postFiles('/admin/product/photo/bysku', 'photo', [file], { accept: 'application/json', cookie: `${t.admin.cookie}; lang=${lang}` });
  expect(res.status).toBe(200);
  const body = JSON.parse(res.text) as { ok: boolean; row: Row };
  expect(body.ok).toBe(true);
  return body.row;
}

const imagesOf = async (id: string): Promise<ProductImage[]> =>
  (await t.shop.db.select({ images: products.images }).from(products).where(eq(products.id, id)))[0].images;
const textOf = pageText;
const jpeg = (name: string): FilePart => ({ name, type: 'image/jpeg', data: t.photo });

describe('bulk photo upload by SKU', () => {
  it('takes 20 photos of 5 MB named by SKU, one request each as the page script sends them, four per product in name order', async () => {
    expect(t.photo.byteLength).toBeGreaterThanOrEqual(5 * MB);
    // the names as an owner's camera folder has them, in no order, and with two that fit no product
    const names = SKUS.flatMap((s) => [`${s}_2.jpg`, `${s}.jpg`, `${s.toLowerCase()}-3.jpg`, `${s} (4).JPG`]).reverse();
    const chosen = [
      ...names.map((n) => ({ name: n, size: t.photo.byteLength, type: 'image/jpeg' })),
      { name: 'CDT-NOPE-404.jpg', size: 1000, type: 'image/jpeg' },
    ];
    chosen.push({ name: 'Preisliste.pdf', size: 2000, type: 'application/pdf' });
    const rows = await match(chosen);
    const ready = rows.filter((r) => r.status === 'ready');
    expect(ready).toHaveLength(20);
    // by SKU, then photo number: each product's photos 1 to 4 as the names number them
    expect(ready.slice(0, 4).map((r) => [r.name, r.product?.sku, r.position])).toEqual([
      ['CDT-COR-004.jpg', 'CDT-COR-004', 1],
      ['CDT-COR-004_2.jpg', 'CDT-COR-004', 2],
      ['cdt-cor-004-3.jpg', 'CDT-COR-004', 3],
      ['CDT-COR-004 (4).JPG', 'CDT-COR-004', 4],
    ]);
    expect(rows.slice(20).map((r) => [r.name, r.status, r.sku])).toEqual([
      ['CDT-NOPE-404.jpg', 'noProduct', 'CDT-NOPE-404'],
      ['Preisliste.pdf', 'notImage', 'Preisliste'],
    ]);

    const started = Date.now();
    const results: Row[] = [];
    for (const r of ready) results.push(await sendOne(jpeg(r.name)));
    const ms = Date.now() - started;
    console.info(`20 photos of ${(t.photo.byteLength / MB).toFixed(1)} MB uploaded one by one in ${ms} ms (${Math.round(ms / 20)} ms a photo)`);
    expect(results.map((r) => r.status)).toEqual(Array(20).fill('added'));
    expect(results.map((r) => r.position)).toEqual(SKUS.flatMap(() => [1, 2, 3, 4]));
    for (const sku of SKUS) {
      const images = await imagesOf(t.ids[sku]);
      expect(images).toHaveLength(4);
      expect(images.every((i) => i.id && i.widths?.join() === '320,640,1280')).toBe(true);
    }
    // every photo audited as the product page's upload audits it
    const audited = await t.shop.db
      .select({ entityId: auditLog.entityId })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'product.photo.add'),
          inArray(
            auditLog.entityId,
            SKUS.map((s) => t.ids[s]),
          ),
        ),
      );
    expect(audited).toHaveLength(20);
  }, 600_000);

  it('answers a file naming no product, a non-image, a HEIC photo and a product at 12 photos with their results, in the admin language', async () => {
    const notes = { name: 'CDT-ROB-001_9.jpg', type: 'image/jpeg', data: new TextEncoder().encode('not a photo at all') };
    expect(await sendOne(notes, 'de')).toMatchObject({ status: 'notImage', product: { sku: 'CDT-ROB-001' } });
    expect(await sendOne({ name: 'CDT-ROB-001-5.heic', type: 'image/heic', data: heicLike() })).toMatchObject({ status: 'heic', sku: 'CDT-ROB-001' });
    expect(await sendOne({ ...jpeg('CDT-NOPE-404.jpg') })).toMatchObject({ status: 'noProduct', sku: 'CDT-NOPE-404', product: null });
    expect(await imagesOf(t.ids['CDT-ROB-001'])).toHaveLength(4);

    // a product with 11 photos takes one more, then says it is full
    const full = t.ids['CDT-FULL-006'];
    const eleven = Array.from({ length: 11 }, (_, i) => ({ path: `/images/products/x${i}.webp`, alt: '' }));
    await t.shop.db.update(products).set({ images: eleven }).where(eq(products.id, full));
    const small = await noiseJpeg(200_000);
    const rows = await match([
      { name: 'CDT-FULL-006.jpg', size: small.byteLength, type: 'image/jpeg' },
      { name: 'CDT-FULL-006_2.jpg', size: small.byteLength, type: 'image/jpeg' },
    ]);
    expect(rows.map((r) => [r.status, r.position ?? null])).toEqual([
      ['ready', 12],
      ['full', null],
    ]);
    expect(await sendOne({ name: 'CDT-FULL-006.jpg', type: 'image/jpeg', data: small })).toMatchObject({ status: 'added', position: 12 });
    expect(await sendOne({ name: 'CDT-FULL-006_2.jpg', type: 'image/jpeg', data: small })).toMatchObject({ status: 'full' });
    expect(await imagesOf(full)).toHaveLength(12);
  }, 120_000);

  it('without scripts: the plain form with photos and a zip answers the result table in German', async () => {
    const small = await noiseJpeg(300_000);
    const zip = zipSync({
      'Fotos/CDT-NOJS-007_2.jpg': small,
      'Fotos/CDT-NOJS-007_3.jpg': small,
      'Fotos/liesmich.txt': new TextEncoder().encode('Hallo'),
      '__MACOSX/Fotos/._CDT-NOJS-007_2.jpg': new Uint8Array([0]),
    });
    const res = await postFiles(
      '/admin/product/photos',
      'photos',
      [
        { name: 'CDT-NOJS-007.jpg', type: 'image/jpeg', data: small },
        { name: 'fotos.zip', type: 'application/zip', data: zip },
        { name: 'CDT-GIBTS-NICHT.jpg', type: 'image/jpeg', data: small },
        { name: 'kaputt.zip', type: 'application/zip', data: new TextEncoder().encode('PK kein zip') },
      ],
      { cookie: `${t.admin.cookie}; lang=de` },
    );
    expect(res.status).toBe(200);
    const text = textOf(res.text);
    expect(text).toContain('3 von 6 Dateien hinzugefügt.');
    expect(text).toContain('CDT-NOJS-007.jpg CDT-NOJS-007');
    expect(text).toMatch(/CDT-NOJS-007_3\.jpg CDT-NOJS-007 .+? hinzugefügt/);
    expect(text).toContain('CDT-GIBTS-NICHT.jpg CDT-GIBTS-NICHT – kein Produkt mit SKU CDT-GIBTS-NICHT');
    expect(text).toContain('liesmich.txt liesmich – kein Bild');
    expect(text).toContain('kaputt.zip – – keine lesbare ZIP-Datei');
    const images = await imagesOf(t.ids['CDT-NOJS-007']);
    expect(images).toHaveLength(3);
  }, 180_000);

  it('without scripts: a form over 100 MB comes back to the page with its message, nothing saved', async () => {
    const before = (await imagesOf(t.ids['CDT-ROB-002'])).length;
    const files = Array.from({ length: 21 }, (_, i) => jpeg(`CDT-ROB-002_${i + 5}.jpg`));
    const res = await postFiles('/admin/product/photos', 'photos', files, { cookie: `${t.admin.cookie}; lang=de` });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/admin/product/photos?toolarge=100#upload');
    const page = await request('GET', '/admin/product/photos?toolarge=100', { headers: { cookie: `${t.admin.cookie}; lang=de` } });
    expect(page.status).toBe(200);
    expect(textOf(page.text)).toContain(
      'Diese Dateien sind zusammen grösser als 100 MB, das Höchste, was ein Hochladen ohne JavaScript annimmt; es wurde nichts gespeichert.',
    );
    expect(await imagesOf(t.ids['CDT-ROB-002'])).toHaveLength(before);
  }, 180_000);
});
