/**
 * Admin catalogue tools: photos (decoded and resized by sharp into AVIF,
 * WebP and JPEG widths; non-images refused; reorder, alt text, removal), stock adjustments with
 * history, archive instead of delete, CSV export and CSV import with a dry run; and the dashboard's
 * SQL aggregates.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../core/db/schema/audit.ts';
import { saveProduct } from '../../core/catalogue/admin.ts';
import { adjustStock, importProductsCsv, productsCsv, removeProduct, stockHistory } from '../../core/catalogue/manage.ts';
import { addProductPhoto, mediaRoot, readPhotoFile, updateProductPhotos } from '../../core/catalogue/photos.ts';
import { products } from '../../core/db/schema/catalogue.ts';
import { addToCart } from '../../core/cart/service.ts';
import { dashboard } from '../../core/dashboard/service.ts';
import { outbox } from '../../core/db/schema/mail.ts';
import { createOrder } from '../../core/orders/index.ts';
import { payments } from '../../core/db/schema/payments.ts';
import { recordPayment } from '../../core/payments/service.ts';
import type { Shop } from '../../core/shop.ts';
import { createCustomer, productWith } from '../helpers/customers.ts';
import { createTestShop } from '../helpers/shop.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
const ADMIN = randomUUID();

beforeAll(async () => {
  ({ shop } = await openTestSuite());
});
afterAll(async () => {
  await shop?.close();
});

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 70, b: 30 } } })
    .jpeg()
    .toBuffer();
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 90, b: 30, alpha: 0.5 } } })
    .png()
    .toBuffer();

describe('product photos', () => {
  it('renders an upload as AVIF, WebP and JPEG in the widths up to its own, keeping the aspect ratio', async () => {
    const p = await productWith(shop, 5, 2000, 30);
    const images = await addProductPhoto(shop, p.id, await jpeg(1600, 1200), 'Box, open', ADMIN);
    expect(images).toHaveLength(1);
    const img = images[0];
    expect(img).toMatchObject({ alt: 'Box, open', widths: [320, 640, 1280], width: 1280, height: 960 });
    expect(img.path).toBe(`/media/products/${img.id}/640.jpg`);
    for (const w of [320, 640, 1280])
      for (const [fmt, type] of [
        ['avif', 'heif'],
        ['webp', 'webp'],
        ['jpg', 'jpeg'],
      ] as const) {
        const file = await readPhotoFile(shop.env, img.id!, `${w}.${fmt}`);
        expect(file).not.toBeNull();
        const meta = await sharp(file!.body).metadata();
        expect(meta.format).toBe(type);
        expect(meta.width).toBe(w);
        expect(meta.height).toBe((w * 3) / 4);
      }
    // a small PNG is not enlarged
    const after = await addProductPhoto(shop, p.id, await png(500, 250), '', ADMIN);
    expect(after[1]).toMatchObject({ widths: [320], width: 320, height: 160 });
    const [audit] = await shop.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, p.id), eq(auditLog.action, 'product.photo.add')));
    expect(audit.actor).toBe(`admin:${ADMIN}`);
  });

  it('refuses what is not an image, changing nothing', async () => {
    const p = await productWith(shop, 5, 2000, 31);
    const before = fs.existsSync(path.join(mediaRoot(shop.env), 'products')) ? fs.readdirSync(path.join(mediaRoot(shop.env), 'products')).length : 0;
    await expect(addProductPhoto(shop, p.id, Buffer.from('%PDF-1.7 not an image'), '', ADMIN)).rejects.toMatchObject({
      code: 'invalid',
      opts: { key: 'photoNotImage', fields: { photo: { key: 'adminshop:errors.photoNotImage' } } },
    });
    await expect(
      addProductPhoto(shop, p.id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), '', ADMIN),
    ).rejects.toMatchObject({ code: 'invalid' });
    await expect(addProductPhoto(shop, p.id, new Uint8Array(0), '', ADMIN)).rejects.toMatchObject({ code: 'invalid', opts: { key: 'photoMissing' } });
    const [row] = await shop.db.select({ images: products.images }).from(products).where(eq(products.id, p.id));
    expect(row.images).toEqual([]);
    const after = fs.existsSync(path.join(mediaRoot(shop.env), 'products')) ? fs.readdirSync(path.join(mediaRoot(shop.env), 'products')).length : 0;
    expect(after).toBe(before);
    expect(await readPhotoFile(shop.env, '../../etc', 'passwd')).toBeNull();
    expect(await readPhotoFile(shop.env, randomUUID(), '640.jpg')).toBeNull();
  });

  it('reorders, changes alt texts and removes photos (files deleted)', async () => {
    const p = await productWith(shop, 5, 2000, 32);
    await addProductPhoto(shop, p.id, await jpeg(700, 500), 'a', ADMIN);
    await addProductPhoto(shop, p.id, await jpeg(700, 500), 'b', ADMIN);
    const three = await addProductPhoto(shop, p.id, await jpeg(700, 500), 'c', ADMIN);
    const [a, b, c] = three.map((i) => i.id!);
    const out = await updateProductPhotos(shop, p.id, { order: [c, a, b], alts: { [c]: 'Main now', a: 'x' }, remove: [b] }, ADMIN);
    expect(out.map((i) => [i.id, i.alt])).toEqual([
      [c, 'Main now'],
      [a, 'a'],
    ]);
    expect(await readPhotoFile(shop.env, b, '320.jpg')).toBeNull();
    expect(await readPhotoFile(shop.env, c, '320.jpg')).not.toBeNull();
  });
});

describe('stock adjustments and archive', () => {
  it('adds and removes stock with a reason, keeps the history newest first, never goes below zero', async () => {
    const p = await productWith(shop, 4, 2000, 33);
    expect(await adjustStock(shop.db, p.id, 12, 'delivery', 'Invoice 4711', ADMIN)).toBe(16);
    expect(await adjustStock(shop.db, p.id, -2, 'damage', null, ADMIN)).toBe(14);
    await expect(adjustStock(shop.db, p.id, -15, 'count', null, ADMIN)).rejects.toMatchObject({ code: 'invalid', opts: { key: 'stockBelowZero' } });
    await expect(adjustStock(shop.db, p.id, 0, 'count', null, ADMIN)).rejects.toMatchObject({ code: 'invalid' });
    await expect(adjustStock(shop.db, p.id, 1, 'gift', null, ADMIN)).rejects.toMatchObject({ code: 'invalid' });
    const history = await stockHistory(shop.db, p.id);
    expect(history.map((h) => [h.delta, h.stockAfter, h.reason, h.note])).toEqual([
      [-2, 14, 'damage', null],
      [12, 16, 'delivery', 'Invoice 4711'],
    ]);
    const audits = await shop.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, p.id), eq(auditLog.action, 'product.stock')));
    expect(audits).toHaveLength(2);
  });

  it('archives a product that was ordered and deletes one that never was', async () => {
    const ordered = await productWith(shop, 5, 2000, 34);
    const c = await createCustomer(shop);
    await addToCart(shop.db, c.id, ordered.id, 1, c.id);
    await createOrder(shop, { userId: c.id, paymentMethod: 'qr-bill' });
    expect(await removeProduct(shop.db, ordered.id, ADMIN)).toBe('archived');
    const [row] = await shop.db.select().from(products).where(eq(products.id, ordered.id));
    expect(row.active).toBe(false);
    const fresh = await saveProduct(
      shop.db,
      {
        sku: `NEW-${Date.now()}`,
        category: 'accessory',
        brand: 'B',
        line: 'L',
        name: 'Cutter',
        vitola: null,
        lengthMm: null,
        ringGauge: null,
        wrapper: null,
        binder: null,
        filler: null,
        origin: null,
        strength: null,
        packaging: 'Single',
        unitsPerPackage: 1,
        basePrice: 1500,
        discountPercent: 0,
        stock: 2,
        popular: false,
        promotional: false,
        active: true,
        descriptionEn: 'A cutter',
      },
      undefined,
      `admin:${ADMIN}`,
    );
    expect(await removeProduct(shop.db, fresh.id, ADMIN)).toBe('deleted');
    expect(await shop.db.select().from(products).where(eq(products.id, fresh.id))).toEqual([]);
    await expect(removeProduct(shop.db, fresh.id, ADMIN)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('product CSV', () => {
  it('exports every product with a header, prices in CHF and descriptions per language', async () => {
    const rows = parse(await productsCsv(shop.db), { columns: true }) as Record<string, string>[];
    const all = await shop.db.select({ sku: products.sku }).from(products);
    expect(rows.map((r) => r.sku).sort()).toEqual(all.map((r) => r.sku).sort());
    expect(rows[0]).toHaveProperty('description_de');
    expect(rows.every((r) => /^\d+\.\d{2}$/.test(r.price_chf))).toBe(true);
  });

  it('lists every bad row in a dry run and writes nothing; imports a clean file in one go', async () => {
    const exported = parse(await productsCsv(shop.db), { columns: true }) as Record<string, string>[];
    const known = exported[0];
    const header = Object.keys(known);
    const sku = `CSV-${Date.now()}`;
    const good = { ...known, sku, name: 'Imported Robusto', price_chf: '12.50', stock: '7', description_it: 'Un robusto importato' };
    const updated = { ...known, price_chf: '99.95' };
    const bad = [
      { ...known, sku: `${sku}-B1`, price_chf: '12.505' },
      { ...known, sku: `${sku}-B2`, category: 'pipe' },
      { ...known, sku: `${sku}-B3`, description_en: '' },
      { ...known, sku, name: 'duplicate' },
    ];
    const csv = stringify([good, updated, ...bad], { header: true, columns: header });
    const dry = await importProductsCsv(shop.db, csv, { dryRun: false, adminId: ADMIN });
    expect(dry.applied).toBe(false);
    expect(dry.problems.map((p) => [p.line, p.field])).toEqual([
      [4, 'price_chf'],
      [5, 'category'],
      [6, 'description_en'],
      [7, 'sku'],
    ]);
    expect(await shop.db.select().from(products).where(eq(products.sku, sku))).toEqual([]);
    const [unchanged] = await shop.db.select().from(products).where(eq(products.sku, known.sku));
    expect(unchanged.basePrice).not.toBe(9995);

    const clean = stringify([good, updated], { header: true, columns: header });
    const preview = await importProductsCsv(shop.db, clean, { dryRun: true, adminId: ADMIN });
    expect(preview).toMatchObject({ applied: false, creates: [sku], updates: [known.sku], problems: [] });
    expect(await shop.db.select().from(products).where(eq(products.sku, sku))).toEqual([]);
    const done = await importProductsCsv(shop.db, clean, { dryRun: false, adminId: ADMIN });
    expect(done.applied).toBe(true);
    const [created] = await shop.db.select().from(products).where(eq(products.sku, sku));
    expect(created).toMatchObject({ name: 'Imported Robusto', basePrice: 1250, stock: 7 });
    expect(created.description.it).toBe('Un robusto importato');
    const [changed] = await shop.db.select().from(products).where(eq(products.sku, known.sku));
    expect(changed.basePrice).toBe(9995);
    await expect(importProductsCsv(shop.db, 'a,b\n"unclosed', { dryRun: true, adminId: ADMIN })).rejects.toMatchObject({ code: 'invalid' });
  });
});

describe('dashboard', () => {
  it('sums revenue per day and week, counts orders by status, ranks top products and lists what needs attention', async () => {
    const s = await createTestShop();
    try {
      const c = await createCustomer(s);
      const p = await productWith(s, 50, 3000, 0);
      const q = await productWith(s, 2, 1000, 1);
      await addToCart(s.db, c.id, p.id, 3, c.id);
      const o1 = await createOrder(s, { userId: c.id, paymentMethod: 'qr-bill' });
      await recordPayment(s, { provider: 'bank', providerRef: 'D1', reference: o1.paymentReference, amount: o1.total, currency: 'CHF', exactAmount: false });
      await addToCart(s.db, c.id, q.id, 1, c.id);
      await createOrder(s, { userId: c.id, paymentMethod: 'qr-bill' });
      await recordPayment(s, {
        provider: 'bank',
        providerRef: 'D2',
        reference: '210000000003139471430009017',
        amount: 777,
        currency: 'CHF',
        exactAmount: false,
      });
      await s.db
        .insert(outbox)
        .values({ id: randomUUID(), to: 'x@example.ch', subject: 'Failed one', text: 't', status: 'failed', lastError: 'connection refused' });
      const d = await dashboard(s.db, { lowStock: 5 });
      expect(d.daily).toHaveLength(30);
      expect(d.weekly).toHaveLength(12);
      expect(d.daily.at(-1)).toMatchObject({ revenue: o1.total, orders: 1 });
      expect(d.daily.slice(0, -1).every((x) => x.revenue === 0)).toBe(true);
      expect(d.weekly.at(-1)!.revenue).toBe(o1.total);
      expect(d.totals).toMatchObject({ today: o1.total, last7: o1.total, last30: o1.total, toShip: 1, awaitingPayment: 1 });
      expect(d.byStatus).toEqual(
        expect.arrayContaining([
          { status: 'paid', n: 1 },
          { status: 'pending_payment', n: 1 },
        ]),
      );
      expect(d.topProducts).toEqual([expect.objectContaining({ productId: p.id, units: 3, revenue: 9000 })]);
      expect(d.lowStock.map((x) => x.id)).toContain(q.id);
      expect(d.lowStock.map((x) => x.id)).not.toContain(p.id);
      expect(d.attention.n).toBe(1);
      expect(d.attention.latest[0]).toMatchObject({ amount: 777, status: 'unmatched' });
      expect(d.failedMails).toMatchObject({ n: 1, latest: [expect.objectContaining({ subject: 'Failed one' })] });
      // a refund lowers the day's revenue
      await s.db.insert(payments).values({ id: randomUUID(), orderId: o1.id, provider: 'bank', providerRef: 'R1', amount: -1000, status: 'refund' });
      const { orders } = await import('../../core/db/schema/orders.ts');
      await s.db.update(orders).set({ refundedAmount: 1000 }).where(eq(orders.id, o1.id));
      expect((await dashboard(s.db)).totals.today).toBe(o1.total - 1000);
    } finally {
      await s.close();
    }
  });
});
