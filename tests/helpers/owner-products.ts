/**
 * An owner's own products added next to the starting catalogue, as a CSV import of a real
 * catalogue leaves them: `n` copies of the starting catalogue's products with SKUs `OWN-0001`…,
 * names "Own <n> <name>" and brands "Owner <brand>", not marked as seeded. One INSERT.
 */
import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { Db } from '../../core/db/index.ts';
import { products } from '../../core/db/schema/catalogue.ts';

/** Adds `n` own products (listed, stock 10, no discount). @returns their SKUs in order. */
export async function addOwnProducts(db: Db, n: number): Promise<string[]> {
  const seed = await db.select().from(products).orderBy(asc(products.sku));
  const rows = Array.from({ length: n }, (_, i) => {
    const { id: _id, createdAt: _c, updatedAt: _u, ...base } = seed[i % seed.length];
    const no = String(i + 1).padStart(4, '0');
    return {
      ...base,
      id: randomUUID(),
      sku: `OWN-${no}`,
      name: `Own ${no} ${base.name}`,
      brand: `Owner ${base.brand}`,
      searchText: `own ${no} ${base.searchText}`,
      images: [],
      stock: 10,
      discountPercent: 0,
      active: true,
      seeded: false,
    };
  });
  for (let i = 0; i < rows.length; i += 200) await db.insert(products).values(rows.slice(i, i + 200));
  return rows.map((r) => r.sku);
}
