/**
 * The data of the admin's product page when editing (/admin/product/add?id=): the product with
 * its price as a CHF text for the form, its stock movements and how many orders hold it.
 */
import type { Db } from '../../core/db/index.ts';
import { productForEdit } from '../../core/catalogue/index.ts';
import { rappenToDecimalString } from '../../core/pricing/browser.ts';

/**
 * The product `id` as the edit page shows it, or `undefined` when there is none.
 * `basePriceChf` is the base price in CHF ("12.50"); the history's dates are ISO strings.
 */
export async function productEditView(db: Db, id: string) {
  const found = await productForEdit(db, id);
  if (!found) return undefined;
  const p = found.product;
  return {
    product: { ...p, createdAt: undefined, updatedAt: undefined, searchText: undefined, basePriceChf: rappenToDecimalString(p.basePrice) },
    history: found.history.map((h) => ({
      id: h.id,
      delta: h.delta,
      stockAfter: h.stockAfter,
      reason: h.reason,
      note: h.note,
      actor: h.actor,
      at: h.createdAt.toISOString(),
    })),
    orders: found.orders,
  };
}

/** A product being edited (what {@link productEditView} returns for it). */
export type EditedProduct = NonNullable<Awaited<ReturnType<typeof productEditView>>>['product'];
/** One stock movement of it. */
export type StockMovement = NonNullable<Awaited<ReturnType<typeof productEditView>>>['history'][number];
