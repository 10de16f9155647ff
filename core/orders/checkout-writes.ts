/**
 * What a checkout's transaction writes (`createOrder`, checkout.ts): open card orders replaced and
 * the anti-hoarding limits checked, every line's stock taken with a conditional update
 * (`stock >= count`, so it is never oversold nor negative) and snapshotted, the promo use
 * counted, and the order row with its lines and first status event. Money in Rappen.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { products, orderEvents, orderLines, orders, type OrderLineRow, type OrderWithLines, type PostalAddress } from '../db/index.ts';
import type { Db } from '../db/index.ts';
import type { Cart } from '../cart/index.ts';
import type { ShopSettings } from '../config/browser.ts';
import { DomainError } from '../errors.ts';
import { evaluatePromo, takePromoUse, assertCustomerMayRedeem } from '../promos/index.ts';
import { boxReservations, takeBoxLine } from '../custom-box/index.ts';
import { paymentReferenceFor } from './payment-reference.ts';
import { newOrderCode } from './code.ts';
import type { orderTotals } from './summary.ts';
import { assertMayReserve, MAX_BANK_TRANSFER_DAYS } from './hoarding.ts';
import { stockConflict } from './checkout-checks.ts';
import { cancelOpenCardOrders } from './status-changes.ts';
import type { PaymentMethod } from './payment-methods.ts';

/**
 * A new card checkout replaces the customer's open card orders, so retries do not hold stock
 * twice; then the anti-hoarding limits apply to what stays reserved (a box counts per cigar).
 */
export async function limitOpenReservations(tx: Db, userId: string, cart: Cart, method: PaymentMethod): Promise<void> {
  if (method !== 'qr-bill') await cancelOpenCardOrders(tx, userId, null);
  await assertMayReserve(tx, userId, cart.lines.flatMap(boxReservations), method === 'qr-bill');
}

/** A line as the order keeps it: what was sold at which price, whatever the catalogue says later. */
type LineSnapshot = Omit<OrderLineRow, 'id' | 'orderId'>;

/**
 * Takes every line's stock and snapshots the line. The conditional update (`stock >= count`, active
 * product) means stock is never oversold nor negative; a line that cannot be taken throws 409 and
 * the transaction gives back what earlier lines took.
 * @param stockLeft filled with each product line's stock after the update (product id to units).
 */
export async function reserveStock(tx: Db, cart: Cart, stockLeft: Map<string, number>): Promise<LineSnapshot[]> {
  const snapshot: LineSnapshot[] = [];
  for (const line of cart.lines) {
    if (line.box) {
      snapshot.push(await takeBoxLine(tx, { product: line.product, box: line.box }));
      continue;
    }
    const [taken] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.count}`, updatedAt: sql`now()` })
      .where(and(eq(products.id, line.product.id), eq(products.active, true), sql`${products.stock} >= ${line.count}`))
      .returning({
        sku: products.sku,
        name: products.name,
        packaging: products.packaging,
        basePrice: products.basePrice,
        discountPercent: products.discountPercent,
        stock: products.stock,
      });
    if (!taken) {
      const [p] = await tx.select({ stock: products.stock, active: products.active }).from(products).where(eq(products.id, line.product.id));
      throw stockConflict(line.product.name, p?.active ? p.stock : 0);
    }
    stockLeft.set(line.product.id, taken.stock);
    snapshot.push({
      productId: line.product.id,
      sku: taken.sku,
      name: taken.name,
      packaging: taken.packaging,
      box: null,
      count: line.count,
      basePrice: taken.basePrice,
      discountPercent: taken.discountPercent,
      unitPrice: line.unitPrice,
      lineTotal: line.lineTotal,
    });
  }
  return snapshot;
}

/**
 * The cart's promo code, if any, checked again at order time (still valid, per-customer limit) and
 * one use counted; a code used up meanwhile is refused (400).
 */
export async function redeemPromo(
  tx: Db,
  promoCode: string | null,
  subtotal: number,
  userId: string,
  now: Date,
): Promise<{ discount: number; influencerUserId: string | null }> {
  if (!promoCode) return { discount: 0, influencerUserId: null };
  const evaluated = await evaluatePromo(tx, promoCode, subtotal, now);
  await assertCustomerMayRedeem(tx, evaluated.promo, userId);
  if (!(await takePromoUse(tx, promoCode)))
    throw new DomainError('invalid', 'This promo code has been used up', { key: 'promoUsedUp', fields: { code: { key: 'promoUsedUp' } } });
  return { discount: evaluated.discount, influencerUserId: evaluated.promo.influencerUserId };
}

/** Everything {@link writeOrder} stores on the order row besides its lines. */
type NewOrder = {
  userId: string;
  method: PaymentMethod;
  totals: ReturnType<typeof orderTotals>;
  subtotal: number;
  discount: number;
  promoCode: string | null;
  address: PostalAddress;
  locale: string;
  settings: ShopSettings;
  /** A release's shorter bank-transfer reservation, hours (core/releases); null: the shop's. */
  bankTransferHours: number | null;
  now: Date;
};

/**
 * When an unpaid order expires: bank transfer gets days (capped against hoarding, and shortened
 * to a release's hours), card minutes.
 */
function paymentDeadline(method: PaymentMethod, settings: ShopSettings, now: Date, releaseHours: number | null): Date {
  if (method !== 'qr-bill') return new Date(now.getTime() + settings.cardPaymentExpiryMinutes * 60_000);
  const ms = Math.min(settings.bankTransferExpiryDays, MAX_BANK_TRANSFER_DAYS) * 86_400_000;
  return new Date(now.getTime() + Math.min(ms, (releaseHours ?? Infinity) * 3_600_000));
}

/** A fresh order code; codes are random, so one already taken is drawn again. */
async function unusedOrderCode(tx: Db): Promise<string> {
  let code = newOrderCode();
  while ((await tx.select({ id: orders.id }).from(orders).where(eq(orders.code, code)).limit(1)).length > 0) code = newOrderCode();
  return code;
}

/** Writes the order row (`pending_payment`), its lines and its first status event. */
export async function writeOrder(tx: Db, o: NewOrder, snapshot: LineSnapshot[]): Promise<OrderWithLines> {
  const { shippingFee, total, vat, bonus } = o.totals;
  const code = await unusedOrderCode(tx);
  const id = randomUUID();
  const [row] = await tx
    .insert(orders)
    .values({
      id,
      code,
      userId: o.userId,
      status: 'pending_payment',
      paymentMethod: o.method,
      subtotal: o.subtotal,
      discount: o.discount,
      bonus,
      shippingFee,
      total,
      vat,
      promoCode: o.promoCode,
      address: o.address,
      locale: o.locale,
      paymentReference: o.method === 'qr-bill' ? paymentReferenceFor(code, o.settings.iban) : null,
      expiresAt: paymentDeadline(o.method, o.settings, o.now, o.bankTransferHours),
      createdAt: o.now,
      updatedAt: o.now,
    })
    .returning();
  const lines = snapshot.map((l) => ({ ...l, id: randomUUID(), orderId: id }));
  await tx.insert(orderLines).values(lines);
  await tx
    .insert(orderEvents)
    .values({ id: randomUUID(), orderId: id, fromStatus: null, toStatus: 'pending_payment', actor: `user:${o.userId}`, createdAt: o.now });
  return { ...row, lines };
}
