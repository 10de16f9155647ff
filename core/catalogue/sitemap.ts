/** What sitemap.xml lists of the catalogue. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { products } from '../db/index.ts';

/** Every listed (active) product: its id and when it last changed (the sitemap's `lastmod`). */
export async function listedProductDates(db: Db): Promise<{ id: string; updatedAt: Date }[]> {
  return db.select({ id: products.id, updatedAt: products.updatedAt }).from(products).where(eq(products.active, true));
}
