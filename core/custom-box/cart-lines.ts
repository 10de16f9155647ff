/**
 * Custom boxes as cart lines: a box the customer built is ONE line of the cart, with its
 * own line id, count 1 and a price of the box model plus its cigars, each at its current unit
 * price after the cigar's own discount (ADR 008). The cart module calls these helpers so that
 * reading, removing, clearing and merging a cart include its boxes. Money in Rappen.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { products, type ProductRow, carts, cartBoxes, customBoxModels, type BoxDrawing, type BoxMessageKind } from '../db/index.ts';
import type { Db } from '../db/index.ts';
import { unitPrice } from '../pricing/browser.ts';

/** SKU of every box line (order lines, invoices). */
export const BOX_SKU = 'CUSTOM-BOX';
/** Packaging text of a box line in API answers (the pages translate it). */
export const BOX_PACKAGING = 'Custom box';

/** The image path of a box model: its photo, else its drawing (served by the shop as SVG). */
export function boxImagePath(model: { image: string | null; drawing: string }): string {
  return model.image ?? `/images/custombox/${model.drawing}.svg`;
}

/** What a box line carries besides the product-like fields of a cart line. Money in Rappen. */
export type CartBoxDetails = {
  modelId: string;
  modelName: string;
  capacity: number;
  drawing: BoxDrawing;
  /** Price of the empty box, Rappen. */
  boxPrice: number;
  messageKind: BoxMessageKind;
  message: string;
  /** The cigars, in the order chosen; `unitPrice` after the cigar's discount. */
  items: { productId: string; sku: string; name: string; count: number; unitPrice: number; stock: number; active: boolean }[];
};

/** A box as a cart line (same shape as a product line of core/cart, plus `box`). */
export type BoxCartLine = {
  count: 1;
  product: Pick<
    ProductRow,
    'id' | 'sku' | 'name' | 'images' | 'basePrice' | 'discountPercent' | 'packaging' | 'stock' | 'brand' | 'vitola' | 'lengthMm' | 'ringGauge' | 'category'
  >;
  unitPrice: number;
  lineTotal: number;
  box: CartBoxDetails;
};

/**
 * The box lines of a cart, oldest first, priced from the current catalogue and box models.
 * `product.stock` of a box line is the number of such boxes its scarcest cigar allows.
 */
export async function boxCartLines(db: Db, cartKey: string): Promise<BoxCartLine[]> {
  const rows = await db
    .select({ box: cartBoxes, model: customBoxModels })
    .from(cartBoxes)
    .innerJoin(customBoxModels, eq(customBoxModels.id, cartBoxes.modelId))
    .where(eq(cartBoxes.cartKey, cartKey))
    .orderBy(cartBoxes.addedAt, cartBoxes.id);
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.flatMap((r) => r.box.items.map((i) => i.productId)))];
  const cigars = ids.length
    ? await db
        .select({
          id: products.id,
          sku: products.sku,
          name: products.name,
          basePrice: products.basePrice,
          discountPercent: products.discountPercent,
          stock: products.stock,
          active: products.active,
        })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  const byId = new Map(cigars.map((c) => [c.id, c]));
  return rows.map(({ box, model }) => {
    const items = box.items.map((i) => {
      const c = byId.get(i.productId);
      return {
        productId: i.productId,
        sku: c?.sku ?? '',
        name: c?.name ?? '?',
        count: i.count,
        unitPrice: c ? unitPrice(c.basePrice, c.discountPercent) : 0,
        stock: c?.stock ?? 0,
        active: c?.active ?? false,
      };
    });
    const total = model.price + items.reduce((s, i) => s + i.unitPrice * i.count, 0);
    const possible = Math.min(...items.map((i) => (i.active ? Math.floor(i.stock / i.count) : 0)));
    return {
      count: 1 as const,
      product: {
        id: box.id,
        sku: BOX_SKU,
        name: model.name,
        images: [{ path: boxImagePath(model) }],
        basePrice: total,
        discountPercent: 0,
        packaging: BOX_PACKAGING,
        stock: Number.isFinite(possible) ? possible : 0,
        brand: '',
        vitola: null,
        lengthMm: null,
        ringGauge: null,
        category: 'cigar' as const,
      },
      unitPrice: total,
      lineTotal: total,
      box: {
        modelId: model.id,
        modelName: model.name,
        capacity: model.capacity,
        drawing: model.drawing,
        boxPrice: model.price,
        messageKind: box.messageKind,
        message: box.message,
        items,
      },
    };
  });
}

/** Removes a box line by its line id (removing an absent line is not an error). */
export async function removeBoxLine(db: Db, cartKey: string, lineId: string): Promise<void> {
  await db.delete(cartBoxes).where(and(eq(cartBoxes.cartKey, cartKey), eq(cartBoxes.id, lineId)));
}

/** Removes every box line of a cart (or only those listed in `lineIds`). */
export async function clearBoxLines(tx: Db, cartKey: string, lineIds?: string[]): Promise<void> {
  if (lineIds && lineIds.length === 0) return;
  await tx.delete(cartBoxes).where(and(eq(cartBoxes.cartKey, cartKey), lineIds ? inArray(cartBoxes.id, lineIds) : undefined));
}

/**
 * Moves every box line of the cart `fromKey` to the cart `toKey` (login merge: a box survives
 * whole, its stock is checked when the order is placed). Creates the target cart when needed.
 * Call inside the merge's transaction.
 * @returns how many boxes moved.
 */
export async function moveBoxLines(tx: Db, fromKey: string, toKey: string, toUserId: string | null): Promise<number> {
  const boxes = await tx.select({ id: cartBoxes.id }).from(cartBoxes).where(eq(cartBoxes.cartKey, fromKey));
  if (boxes.length === 0) return 0;
  await tx
    .insert(carts)
    .values({ cartKey: toKey, userId: toUserId })
    .onConflictDoUpdate({ target: carts.cartKey, set: { updatedAt: sql`now()` } });
  await tx.update(cartBoxes).set({ cartKey: toKey }).where(eq(cartBoxes.cartKey, fromKey));
  return boxes.length;
}
