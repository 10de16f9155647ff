/**
 * Catalogue reads on the real starting catalogue: sorting by discounted
 * price, name, strength and newest; filters; paging; out-of-stock products stay visible.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../core/db/schema/catalogue.ts';
import { getProduct, homeSections, listProducts, STRENGTHS } from '../../core/catalogue/service.ts';
import { unitPrice } from '../../core/pricing/pricing.ts';
import type { Shop } from '../../core/shop.ts';
import { productBySku } from '../helpers/catalogue.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
beforeAll(async () => {
  ({ shop } = await openTestSuite());
});
afterAll(async () => {
  await shop?.close();
});

const all = (opts: Parameters<typeof listProducts>[1] = {}) => listProducts(shop.db, { pageSize: 100, ...opts });
const effective = (p: { basePrice: number; discountPercent: number }) => unitPrice(p.basePrice, p.discountPercent);

describe('listProducts', () => {
  it('lists all 72 products, out-of-stock ones included', async () => {
    const page = await all();
    expect(page.total).toBe(72);
    expect(page.items).toHaveLength(72);
    const outOfStock = page.items.filter((p) => p.stock === 0).map((p) => p.sku);
    expect(outOfStock).toEqual(expect.arrayContaining(['AF-OPX-DRB-S1', 'DAV-WCLH-TOR-S1', 'RYO-MAN-GLD-30', 'ACC-ADO-HYGRO-HAIR']));
  });

  it('sorts by the price after discount, up and down', async () => {
    const up = (await all({ sort: 'price-asc' })).items.map(effective);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await all({ sort: 'price-desc' })).items.map(effective);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect(up[0]).toBe(690); // Boveda 69% 6.90
    expect(down[0]).toBe(49000); // Davidoff Late Hour box of 20
  });

  it('orders by discounted, not base price', async () => {
    // Montecristo Toro box: 360.00 - 12 % = 316.80 sorts below Arturo Fuente box 320.00
    const ids = (await all({ sort: 'price-asc' })).items.map((p) => p.sku);
    expect(ids.indexOf('MC-WS-TOR-B27')).toBeLessThan(ids.indexOf('AF-HEM-SS-B25'));
    expect(ids.indexOf('AF-HEM-SS-B25')).toBeLessThan(ids.indexOf('DAV-SIG-2000-B25')); // 355 - 5 % = 337.25 -> 337.25
  });

  it('sorts by name, ignoring case', async () => {
    const names = (await all({ sort: 'name' })).items.map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names.slice(0, 4)).toEqual([
      'adorini habana deluxe humidor',
      'adorini hair hygrometer (analog)',
      'aging room quattro f55 concerto',
      'aging room quattro f55 espressivo',
    ]);
  });

  it('sorts by strength, mild first, products without strength last', async () => {
    const items = (await all({ sort: 'strength' })).items;
    const rank = (s: string | null) => (s === null ? 99 : STRENGTHS.indexOf(s as (typeof STRENGTHS)[number]));
    const ranks = items.map((p) => rank(p.strength));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(items[0].strength).toBe('Mild');
    expect(items.at(-1)!.strength).toBeNull();
  });

  it('sorts newest first', async () => {
    const p = await productBySku(shop, 'KRI-NIC-TOR-S1');
    await shop.db
      .update(products)
      .set({ createdAt: sql`now() + interval '1 hour'` })
      .where(eq(products.id, p.id));
    const page = await all({ sort: 'newest' });
    expect(page.items[0].sku).toBe('KRI-NIC-TOR-S1');
    const times = page.items.map((x) => x.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('filters by category and by strength, and both', async () => {
    const cigars = await all({ category: 'cigar' });
    expect(cigars.total).toBe(54);
    expect(cigars.items.every((p) => p.category === 'cigar')).toBe(true);
    const rolling = await all({ category: 'rolling-tobacco' });
    expect(rolling.total).toBe(8);
    const accessories = await all({ category: 'accessory' });
    expect(accessories.total).toBe(10);
    const full = await all({ strength: 'Full-bodied' });
    expect(full.items.length).toBeGreaterThan(0);
    expect(full.items.every((p) => p.strength === 'Full-bodied')).toBe(true);
    const none = await all({ category: 'accessory', strength: 'Mild' });
    expect(none).toMatchObject({ total: 0, items: [], pageCount: 1 });
  });

  it('pages without gaps or repeats', async () => {
    const first = await listProducts(shop.db, { sort: 'name', page: 1, pageSize: 10 });
    expect(first).toMatchObject({ total: 72, page: 1, pageSize: 10, pageCount: 8 });
    const seen: string[] = [];
    for (let page = 1; page <= 8; page++) seen.push(...(await listProducts(shop.db, { sort: 'name', page, pageSize: 10 })).items.map((p) => p.id));
    expect(seen).toHaveLength(72);
    expect(new Set(seen).size).toBe(72);
    const last = await listProducts(shop.db, { sort: 'name', page: 8, pageSize: 10 });
    expect(last.items).toHaveLength(2);
    expect((await listProducts(shop.db, { page: 99, pageSize: 10 })).items).toEqual([]);
  });

  it('clamps the page size to 1..100 and the page to >= 1', async () => {
    expect((await listProducts(shop.db, { pageSize: 1000 })).pageSize).toBe(100);
    expect((await listProducts(shop.db, { pageSize: 0 })).pageSize).toBe(1);
    expect((await listProducts(shop.db, { page: -3 })).page).toBe(1);
  });

  it('hides unlisted (inactive) products', async () => {
    const p = await productBySku(shop, 'ACC-PRO-QUADRI-ASH');
    await shop.db.update(products).set({ active: false }).where(eq(products.id, p.id));
    try {
      expect((await all()).total).toBe(71);
      expect((await all()).items.some((x) => x.id === p.id)).toBe(false);
    } finally {
      await shop.db.update(products).set({ active: true }).where(eq(products.id, p.id));
    }
  });
});

describe('getProduct', () => {
  it('returns a product by id and null for an unknown or malformed id', async () => {
    const p = await productBySku(shop, 'AF-HEM-SS-S1');
    expect((await getProduct(shop.db, p.id))?.name).toBe('Arturo Fuente Hemingway Short Story');
    expect(await getProduct(shop.db, 'no-such-id')).toBeNull();
    expect(await getProduct(shop.db, "'; drop table products; --")).toBeNull();
  });
});

describe('homeSections', () => {
  it('returns popular, promotional and in-stock products', async () => {
    const s = await homeSections(shop.db, 8);
    expect(s.popular.length).toBeGreaterThan(0);
    expect(s.popular.every((p) => p.popular)).toBe(true);
    expect(s.promotional.length).toBeGreaterThan(0);
    expect(s.promotional.every((p) => p.promotional)).toBe(true);
    expect(s.forSale).toHaveLength(8);
    expect(s.forSale.every((p) => p.stock > 0)).toBe(true);
    // the biggest discount leads the promotional section (XIKAR Allume, 25 %)
    expect(s.promotional[0].sku).toBe('ACC-XIK-ALLUME');
    const discounts = s.promotional.map((p) => p.discountPercent);
    expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
    const popular = s.popular.map((p) => p.name);
    expect(popular).toEqual([...popular].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(s.popular).toHaveLength(8);
    // newest first: the product made newer in the "newest" test above leads
    expect(s.forSale[0].sku).toBe('KRI-NIC-TOR-S1');
    expect(s.forSale[0]).toEqual(await productBySku(shop, 'KRI-NIC-TOR-S1')); // whole rows, with their types
  });

  it('respects the limit and leaves out unlisted products', async () => {
    const s = await homeSections(shop.db, 2);
    expect([s.popular.length, s.promotional.length, s.forSale.length]).toEqual([2, 2, 2]);
    const first = s.popular[0];
    await shop.db.update(products).set({ active: false }).where(eq(products.id, first.id));
    try {
      expect((await homeSections(shop.db, 2)).popular.map((p) => p.id)).not.toContain(first.id);
    } finally {
      await shop.db.update(products).set({ active: true }).where(eq(products.id, first.id));
    }
  });
});
