/** Catalogue helpers for tests: look products up by SKU, build fixture catalogue rows. */
import { and, eq, gte } from 'drizzle-orm';
import { products, type ProductRow } from '../../core/db/schema/catalogue.ts';
import type { Shop } from '../../core/shop.ts';

/** The product with this SKU. @throws when there is none (a broken fixture, not a test result). */
export async function productBySku(shop: Shop, sku: string): Promise<ProductRow> {
  const [row] = await shop.db.select().from(products).where(eq(products.sku, sku)).limit(1);
  if (!row) throw new Error(`no product with SKU ${sku}`);
  return row;
}

/** The ids of the first `count` active cigars (by SKU) with at least 10 in stock: room for several orders. */
export async function cigarsInStock(shop: Shop, count: number): Promise<{ id: string }[]> {
  return shop.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.active, true), eq(products.category, 'cigar'), gte(products.stock, 10)))
    .orderBy(products.sku)
    .limit(count);
}

/**
 * The real catalogue's products the cart tests lean on, by their stock (data/catalogue.json):
 * Hemingway Short Story 13.50, stock 64; Opus X Robusto 45.00, stock 8; Opus X Double Robusto,
 * stock 0; Gran Reserva Chateau (5-pack) 52.50 - 10 %, stock 22. Their product ids.
 */
export async function cartTestProducts(shop: Shop): Promise<{ hemingway: string; opusx: string; opusxDouble: string; chateau: string }> {
  return {
    hemingway: (await productBySku(shop, 'AF-HEM-SS-S1')).id,
    opusx: (await productBySku(shop, 'AF-OPX-ROB-S1')).id,
    opusxDouble: (await productBySku(shop, 'AF-OPX-DRB-S1')).id,
    chateau: (await productBySku(shop, 'AF-GR-CHAT-P5')).id,
  };
}

/** A valid catalogue row (the `data/catalogue.json` schema) with the given fields changed. */
export function fixtureRow(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    sku: 'FIX-1',
    category: 'cigar',
    brand: 'Fixture',
    line: 'Line',
    name: 'Fixture Robusto',
    vitola: 'Robusto',
    length_mm: 127,
    length_in: 5,
    ring_gauge: 50,
    wrapper: 'Ecuador Connecticut',
    binder: 'Dominican Republic',
    filler: 'Dominican Republic',
    origin: 'Dominican Republic',
    strength: 'Medium',
    packaging: 'Single',
    units_per_package: 1,
    base_price_chf: 10,
    discount_percent: 0,
    stock: 10,
    popular: false,
    promotional: false,
    description: { en: 'A fixture cigar.', de: 'Eine Testzigarre.' },
    tasting_notes: ['cedar'],
    ...overrides,
  };
}

/** A small catalogue for search tests: accents, brands, lines, vitolas and wrappers that differ. */
export const SEARCH_FIXTURE = {
  products: [
    fixtureRow({ sku: 'PAR-D4', brand: 'Partagás', line: 'Serie D', name: 'Partagás Serie D No. 4', vitola: 'Robusto', wrapper: 'Cuba' }),
    fixtureRow({ sku: 'PAR-P2', brand: 'Partagás', line: 'Serie P', name: 'Partagás Serie P No. 2', vitola: 'Pirámide', wrapper: 'Cuba' }),
    fixtureRow({ sku: 'HUP-MAG', brand: 'H. Upmann', line: 'Magnum', name: 'H. Upmann Magnum 54', vitola: 'Robusto Extra', wrapper: 'Cuba' }),
    fixtureRow({
      sku: 'OLI-MEL',
      brand: 'Oliva',
      line: 'Serie V Melanio',
      name: 'Oliva Serie V Melanio Figurado',
      vitola: 'Figurado',
      wrapper: 'Sumatra (Ecuador)',
    }),
    fixtureRow({
      sku: 'MAC-MAD',
      brand: 'Macanudo',
      line: 'Maduro',
      name: 'Macanudo Maduro Hampton Court',
      vitola: 'Corona',
      wrapper: 'Connecticut Broadleaf',
    }),
  ],
};
