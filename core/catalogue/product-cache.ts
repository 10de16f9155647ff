/**
 * The product page's product read, cached by content version (core/cache/versioned.ts; ADR 010):
 * a rendered product page (signed-in visitors, visitors with a cart) reads the product from
 * memory while no product or setting has changed. The row is shared: never mutate it.
 */
import { versionedCache } from '../cache/index.ts';
import { getProduct } from './service.ts';
import type { ProductRow, Db } from '../db/index.ts';

const cached = versionedCache(getProduct, 2_000);

/** The product `id` (any state, like {@link getProduct}) or null; as of a content version read after the call. */
export function getProductCached(db: Db, id: string): Promise<Readonly<ProductRow> | null> {
  return cached(db, id);
}
