/**
 * Low-stock alerts (docs/api.md, "Running the shop day to day"): each product has a threshold
 * (`products.low_stock_threshold`, default 5, set on the admin product page). When a paid order
 * takes a product's stock to the threshold or below, the shop's own address gets one alert naming
 * the product and SKU; the next comes only after the product was restocked above its threshold.
 *
 * "Stock" here is what the shop really has: the stock column plus what unpaid orders hold
 * (their reservation may still lapse and come back), so an order still awaiting payment raises no
 * alert, its payment does. Only products sold in a paid order within
 * {@link RECENT_SALE_DAYS} days are alerted: a product imported or edited low raises none.
 */
import { and, eq, gt, lte, or, sql } from 'drizzle-orm';
import { recordAuditOn } from '../audit/index.ts';
import { products, orderLines, orders, lowStockAlerts } from '../db/index.ts';
import { boxStockReturns } from '../custom-box/index.ts';
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { emit } from '../events/index.ts';
import type { Shop } from '../shop-type.ts';
import { MAX_LOW_STOCK_THRESHOLD } from './limits.ts';

/** How recent a paid sale must be for its product to be alerted, days. */
const RECENT_SALE_DAYS = 7;

/**
 * Sets a product's low-stock threshold (admin product page). Audited as `product.update`.
 * @param threshold whole units, 0 to {@link MAX_LOW_STOCK_THRESHOLD} (0 = alert only when sold out).
 * @throws {DomainError} `invalid` (field `lowStockThreshold`) for another value, `not_found`.
 */
export async function setLowStockThreshold(db: Db, productId: string, threshold: number, adminId: string): Promise<void> {
  if (!Number.isInteger(threshold) || threshold < 0 || threshold > MAX_LOW_STOCK_THRESHOLD)
    throw new DomainError('invalid', 'Enter a whole number of units, 0 or more', {
      key: 'lowStockThresholdInvalid',
      fields: { lowStockThreshold: { key: 'adminshop:lowStock.invalid' } },
    });
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ threshold: products.lowStockThreshold }).from(products).where(eq(products.id, productId)).for('update');
    if (!before) throw new DomainError('not_found', 'Product not found', { key: 'productNotFound' });
    if (before.threshold === threshold) return;
    await tx.update(products).set({ lowStockThreshold: threshold }).where(eq(products.id, productId));
    await recordAuditOn(tx, `admin:${adminId}`, 'product.update', productId, {
      before: { lowStockThreshold: before.threshold },
      after: { lowStockThreshold: threshold },
    });
  });
}

/**
 * Re-arms the alert of restocked products and alerts the shop about products at or below their
 * threshold, one mail per product, in the shop's mail language.
 * @returns how many alerts were queued and how many products were re-armed.
 */
export async function sendLowStockAlerts(shop: Shop, now: Date): Promise<{ alerted: number; rearmed: number }> {
  const since = new Date(now.getTime() - RECENT_SALE_DAYS * 86_400_000);
  // the lines still reserved by unpaid orders, and those of recently paid orders
  const lines = await shop.db
    .select({ productId: orderLines.productId, count: orderLines.count, box: orderLines.box, status: orders.status })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(or(eq(orders.status, 'pending_payment'), and(gt(orders.paidAt, since), lte(orders.paidAt, now))));
  const reserved = new Map<string, number>();
  const sold = new Set<string>();
  for (const l of lines)
    for (const part of boxStockReturns(l)) {
      if (l.status === 'pending_payment') reserved.set(part.productId, (reserved.get(part.productId) ?? 0) + part.count);
      else sold.add(part.productId);
    }
  const onHand = (p: { id: string; stock: number }) => p.stock + (reserved.get(p.id) ?? 0);

  let rearmed = 0;
  const alerted = await shop.db
    .select({ id: products.id, stock: products.stock, threshold: products.lowStockThreshold })
    .from(lowStockAlerts)
    .innerJoin(products, eq(products.id, lowStockAlerts.productId));
  for (const p of alerted) {
    if (onHand(p) <= p.threshold) continue;
    await shop.db.delete(lowStockAlerts).where(eq(lowStockAlerts.productId, p.id));
    rearmed++;
  }

  const low = (
    await shop.db
      .select({ id: products.id, name: products.name, sku: products.sku, stock: products.stock, threshold: products.lowStockThreshold })
      .from(products)
      .where(
        and(
          eq(products.active, true),
          lte(products.stock, products.lowStockThreshold),
          sql`not exists (select 1 from ${lowStockAlerts} a where a.product_id = ${products.id})`,
        ),
      )
  ).filter((p) => sold.has(p.id) && onHand(p) <= p.threshold);
  if (low.length === 0) return { alerted: 0, rearmed };
  let queued = 0;
  for (const p of low) {
    const claimedNow = await shop.db.transaction(async (tx) => {
      const claimed = await tx
        .insert(lowStockAlerts)
        .values({ productId: p.id, stock: onHand(p), alertedAt: now })
        .onConflictDoNothing()
        .returning({ id: lowStockAlerts.productId });
      if (claimed.length === 0) return false;
      // core/mail writes the alert in the shop's mail language and sends it after the commit
      await emit(tx, { type: 'product.lowStock', productId: p.id, stock: onHand(p) });
      return true;
    });
    if (claimedNow) queued++;
  }
  return { alerted: queued, rearmed };
}
