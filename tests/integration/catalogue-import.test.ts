/**
 * Catalogue import on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): every field of data/catalogue.json, prices in Rappen, idempotent re-runs,
 * and an invalid file imports nothing.
 */
import fs from 'node:fs';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueValidationError, importCatalogue, validateCatalogue } from '../../core/catalogue/import.ts';
import { products } from '../../core/db/schema/catalogue.ts';
import type { Shop } from '../../core/shop.ts';
import { fixtureRow, productBySku } from '../helpers/catalogue.ts';
import { openTestSuite } from '../helpers/suite.ts';

const catalogue = JSON.parse(fs.readFileSync('data/catalogue.json', 'utf8')) as { products: Record<string, any>[] };

let shop: Shop;
beforeAll(async () => {
  ({ shop } = await openTestSuite({ catalogue: null }));
});
afterAll(async () => {
  await shop?.close();
});

async function productCount(): Promise<number> {
  const [{ n }] = await shop.db.select({ n: count() }).from(products);
  return n;
}

describe('importing the starting catalogue', () => {
  it('inserts all 72 products on the first run', async () => {
    expect(await productCount()).toBe(0);
    expect(await importCatalogue(shop.db, catalogue)).toEqual({ inserted: 72, updated: 0 });
    expect(await productCount()).toBe(72);
  });

  it('keeps every field of every row, prices as integer Rappen', async () => {
    for (const src of catalogue.products) {
      const p = await productBySku(shop, src.sku);
      expect(p).toMatchObject({
        category: src.category,
        brand: src.brand,
        line: src.line,
        name: src.name,
        vitola: src.vitola,
        lengthMm: src.length_mm,
        lengthIn: src.length_in,
        ringGauge: src.ring_gauge,
        wrapper: src.wrapper,
        binder: src.binder,
        filler: src.filler,
        origin: src.origin,
        strength: src.strength,
        packaging: src.packaging,
        unitsPerPackage: src.units_per_package,
        discountPercent: src.discount_percent,
        stock: src.stock,
        popular: src.popular,
        promotional: src.promotional,
        description: src.description,
        tastingNotes: src.tasting_notes,
        images: [],
        active: true,
      });
      expect(Number.isInteger(p.basePrice)).toBe(true);
      expect(p.basePrice).toBe(Math.round(src.base_price_chf * 100));
    }
  });

  it('stores exact Rappen for prices like 14.20 and 320.00', async () => {
    expect((await productBySku(shop, 'DAV-SIG-2000-S1')).basePrice).toBe(1420);
    expect((await productBySku(shop, 'AF-HEM-SS-B25')).basePrice).toBe(32000);
    expect((await productBySku(shop, 'PDR-1878-CM-ROB-S1')).basePrice).toBe(990);
  });

  it('is idempotent: a second run updates by SKU and adds nothing', async () => {
    const before = await productBySku(shop, 'AF-OPX-ROB-S1');
    expect(await importCatalogue(shop.db, catalogue)).toEqual({ inserted: 0, updated: 72 });
    expect(await productCount()).toBe(72);
    const after = await productBySku(shop, 'AF-OPX-ROB-S1');
    expect(after.id).toBe(before.id); // ids are stable, so carts and orders keep pointing at it
  });

  it('updates changed rows and inserts new ones in one run', async () => {
    const changed = structuredClone(catalogue);
    const row = changed.products.find((p) => p.sku === 'AF-HEM-SS-S1')!;
    row.base_price_chf = 14.05;
    row.stock = 3;
    changed.products.push(fixtureRow({ sku: 'NEW-1', name: 'Brand New Robusto' }));
    expect(await importCatalogue(shop.db, changed)).toEqual({ inserted: 1, updated: 72 });
    const p = await productBySku(shop, 'AF-HEM-SS-S1');
    expect(p.basePrice).toBe(1405);
    expect(p.stock).toBe(3);
    expect((await productBySku(shop, 'NEW-1')).name).toBe('Brand New Robusto');
    expect(await productCount()).toBe(73);
  });
});

describe('an invalid file', () => {
  const bad = {
    products: [
      fixtureRow({ sku: 'OK-1' }),
      fixtureRow({ sku: 'BAD-PRICE', base_price_chf: 12.345 }),
      fixtureRow({ sku: 'BAD-STRENGTH', strength: 'Strong' }),
      fixtureRow({ sku: 'OK-1', name: 'Duplicate' }),
      { sku: 'BAD-MISSING' },
    ],
  };

  it('reports every bad row with index, SKU, field and reason', () => {
    const v = validateCatalogue(bad);
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.problems).toContainEqual({ index: 1, sku: 'BAD-PRICE', field: 'base_price_chf', reason: 'must have at most 2 decimals' });
    expect(v.problems).toContainEqual(expect.objectContaining({ index: 2, sku: 'BAD-STRENGTH', field: 'strength' }));
    expect(v.problems).toContainEqual({ index: 3, sku: 'OK-1', field: 'sku', reason: 'duplicate of row 0' });
    expect(v.problems).toContainEqual(expect.objectContaining({ index: 4, sku: 'BAD-MISSING', field: 'name' }));
    expect(new Set(v.problems.map((p) => p.index))).toEqual(new Set([1, 2, 3, 4]));
  });

  it('imports nothing, not even the valid rows', async () => {
    const before = await productCount();
    await expect(importCatalogue(shop.db, bad)).rejects.toBeInstanceOf(CatalogueValidationError);
    expect(await productCount()).toBe(before);
    await expect(productBySku(shop, 'OK-1')).rejects.toThrow(/no product/);
  });

  it('refuses a file without a products array', () => {
    expect(validateCatalogue({ items: [] })).toEqual({
      ok: false,
      problems: [{ index: null, sku: null, field: 'products', reason: 'must be an array of products' }],
    });
    expect(validateCatalogue(null).ok).toBe(false);
  });

  it('accepts image paths on the site and refuses other image URLs', () => {
    expect(validateCatalogue({ products: [fixtureRow({ images: [{ path: '/images/products/a.webp' }] })] }).ok).toBe(true);
    for (const path of ['https://cdn.example/a.jpg', '//cdn.example/a.jpg', 'javascript:alert(1)', '/a b.jpg', ''])
      expect(validateCatalogue({ products: [fixtureRow({ images: [{ path }] })] })).toMatchObject({ ok: false, problems: [{ field: 'images.0.path' }] });
  });

  it('refuses negative stock, a discount over 100 and a description without English', () => {
    const v = validateCatalogue({
      products: [
        fixtureRow({ sku: 'A', stock: -1 }),
        fixtureRow({ sku: 'B', discount_percent: 101 }),
        fixtureRow({ sku: 'C', description: { de: 'nur Deutsch' } }),
      ],
    });
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.problems.map((p) => [p.sku, p.field])).toEqual([
      ['A', 'stock'],
      ['B', 'discount_percent'],
      ['C', 'description'],
    ]);
  });
});
