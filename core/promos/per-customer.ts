/**
 * Per-customer redemption limit of promo codes: a customer may place at
 * most `perCustomerLimit` orders with a code (default 1; null = no limit). Orders that were
 * cancelled or expired do not count.
 */
import { and, count, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { orders } from '../db/index.ts';
import { promoNotApplicable, type PromoRow } from './service.ts';

/**
 * @throws {DomainError} `invalid` (400, the one "does not apply" message) when the customer has
 *   used the code up.
 */
export async function assertCustomerMayRedeem(tx: Db, promo: Pick<PromoRow, 'code' | 'perCustomerLimit'>, userId: string): Promise<void> {
  if (promo.perCustomerLimit === null) return;
  const [{ n }] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.promoCode, promo.code), notInArray(orders.status, ['cancelled', 'expired'])));
  if (n >= promo.perCustomerLimit) throw promoNotApplicable();
}
