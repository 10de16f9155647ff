/**
 * A custom box inside order creation (core/orders/checkout.ts `createOrder`): each of the box's
 * cigars is taken from stock with a conditional update (`stock >= n`) in the order's transaction,
 * so concurrent orders can never oversell; the order line keeps a snapshot of the box.
 * Giving stock back (expiry, cancellation) is {@link boxStockReturns}. Money in Rappen.
 */
import { and, eq, sql } from 'drizzle-orm';
import { products, customBoxModels } from '../db/index.ts';
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { unitPrice } from '../pricing/browser.ts';
import { BOX_PACKAGING, BOX_SKU, type BoxCartLine } from './cart-lines.ts';
import type { OrderBoxSnapshot } from '../db/browser.ts';

/** The fields of an order line (core/orders `order_lines`) for a box. */
export type BoxOrderLine = {
  productId: string;
  sku: string;
  name: string;
  packaging: string;
  box: OrderBoxSnapshot;
  count: number;
  basePrice: number;
  discountPercent: number;
  unitPrice: number;
  lineTotal: number;
};

/**
 * Takes the stock of every cigar of a box line and returns the order line to write. The line's
 * `productId` is the cart line id (so paying removes that box from the cart).
 * @throws {DomainError} `conflict` (409) when a cigar's stock is short (the caller's transaction
 *   then rolls back, nothing is taken); `invalid` when the box model is no longer offered.
 */
export async function takeBoxLine(tx: Db, line: Pick<BoxCartLine, 'product' | 'box'>): Promise<BoxOrderLine> {
  const [model] = await tx.select().from(customBoxModels).where(eq(customBoxModels.id, line.box.modelId));
  if (!model || !model.active)
    throw new DomainError('invalid', `${line.box.modelName} is no longer offered; please build your box again`, {
      key: 'boxModelGone',
      params: { name: line.box.modelName },
    });
  const items: OrderBoxSnapshot['items'] = [];
  for (const i of line.box.items) {
    const [taken] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${i.count}`, updatedAt: sql`now()` })
      .where(and(eq(products.id, i.productId), eq(products.active, true), sql`${products.stock} >= ${i.count}`))
      .returning({ sku: products.sku, name: products.name, basePrice: products.basePrice, discountPercent: products.discountPercent });
    if (!taken) {
      const [p] = await tx.select({ stock: products.stock, active: products.active }).from(products).where(eq(products.id, i.productId));
      const stock = p?.active ? p.stock : 0;
      throw stock <= 0
        ? new DomainError('conflict', `${i.name} is out of stock`, { key: 'outOfStock', params: { name: i.name } })
        : new DomainError('conflict', `Only ${stock} of ${i.name} in stock`, { key: 'notEnoughStock', params: { name: i.name, stock } });
    }
    items.push({ productId: i.productId, sku: taken.sku, name: taken.name, count: i.count, unitPrice: unitPrice(taken.basePrice, taken.discountPercent) });
  }
  const total = model.price + items.reduce((s, i) => s + i.unitPrice * i.count, 0);
  return {
    productId: line.product.id,
    sku: BOX_SKU,
    name: model.name,
    packaging: BOX_PACKAGING,
    box: { modelId: model.id, capacity: model.capacity, boxPrice: model.price, messageKind: line.box.messageKind, message: line.box.message, items },
    count: 1,
    basePrice: total,
    discountPercent: 0,
    unitPrice: total,
    lineTotal: total,
  };
}

/**
 * The stock an order line holds, per product: a box line's cigars, or the line's own product.
 * Used when an unpaid order expires or is cancelled.
 */
export function boxStockReturns(line: { productId: string; count: number; box: OrderBoxSnapshot | null }): { productId: string; count: number }[] {
  return line.box ? line.box.items.map((i) => ({ productId: i.productId, count: i.count * line.count })) : [{ productId: line.productId, count: line.count }];
}

/** A cart line as the stock it reserves, per product: a box's cigars, or the line itself (hoarding limits). */
export function boxReservations<
  L extends { product: { id: string; name: string }; count: number; box?: { items: { productId: string; name: string; count: number }[] } },
>(line: L): { product: { id: string; name: string }; count: number }[] {
  return line.box ? line.box.items.map((i) => ({ product: { id: i.productId, name: i.name }, count: i.count * line.count })) : [line];
}
