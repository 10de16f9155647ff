/**
 * The influencer profile (specification sections 1 and 6: Influencer and Admin have one): the
 * referral code, the promo codes attributed to the influencer, and the orders placed with them.
 * Money in Rappen.
 */
import { and, count, eq, inArray, sum } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders, type OrderStatus } from '../orders/schema.ts';
import { promos } from '../promos/schema.ts';
import { getUser } from './service.ts';

/** Order states that count as sales for an influencer (paid, not cancelled or refunded). */
export const ATTRIBUTED_STATUSES: OrderStatus[] = ['paid', 'processing', 'shipped', 'delivered'];

/** What the influencer page shows. */
export type InfluencerProfile = {
  firstName: string;
  lastName: string;
  email: string;
  referralCode: string | null;
  promoCodes: { code: string; active: boolean; usedCount: number }[];
  /** Paid orders placed with one of the influencer's promo codes. */
  attributedOrders: number;
  /** Their total, Rappen. */
  attributedTotal: number;
};

/** The influencer profile of a user. @throws {DomainError} `not_found`. */
export async function influencerProfile(db: Db, userId: string): Promise<InfluencerProfile> {
  const u = await getUser(db, userId);
  const codes = await db.select({ code: promos.code, active: promos.active, usedCount: promos.usedCount }).from(promos).where(eq(promos.influencerUserId, userId)).orderBy(promos.code);
  let attributedOrders = 0;
  let attributedTotal = 0;
  if (codes.length > 0) {
    const [row] = await db
      .select({ n: count(), total: sum(orders.total) })
      .from(orders)
      .where(and(inArray(orders.promoCode, codes.map((c) => c.code)), inArray(orders.status, ATTRIBUTED_STATUSES)));
    attributedOrders = row?.n ?? 0;
    attributedTotal = Number(row?.total ?? 0);
  }
  return { firstName: u.firstName, lastName: u.lastName, email: u.email, referralCode: u.referralCode, promoCodes: codes, attributedOrders, attributedTotal };
}
