/**
 * The influencer bonus (ADR 009). Money in Rappen.
 *
 * - Earning: an order placed with a promo code linked to an influencer (`promos.influencer_user_id`,
 *   the influencer's referral code included) earns the influencer
 *   `floor(goods × influencerBonusPercent / 100)`, where goods = the order's subtotal minus the
 *   promo discount and minus any bonus the buyer spent (shipping excluded). Rounded DOWN to the
 *   whole Rappen: the shop never owes a fraction. The row is `earned` (pending) at order creation,
 *   `released` (available) when the order is paid in full, `cancelled` when it is cancelled or
 *   expires unpaid, `reversed` when it is refunded. An influencer never earns on their own order.
 * - Spending: an Influencer or Admin's available bonus is applied automatically to their own order
 *   (at most the goods total after the promo discount), as a `spent` row written in the order's
 *   transaction after locking the user's row (`SELECT … FOR UPDATE`), so concurrent orders
 *   serialise and never spend more than is available; the order's cancellation, expiry or refund
 *   gives it back (`returned`).
 * - Balances are sums over the ledger (no balance column): pending = earned − released − cancelled;
 *   earned (confirmed) = released − reversed; spent = spent − returned; available = earned − spent
 *   (negative when an order was refunded after its bonus had been spent: later bonus pays it back).
 *
 * - A partial refund takes back the influencer's bonus and returns the buyer's spent bonus in
 *   proportion to the money refunded ({@link bonusOnRefund}); one movement per refund.
 *
 * Every write is idempotent: one movement of each kind per order and refund (unique index).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { users, bonusLedger, type BonusKind } from '../db/index.ts';
import type { Db, OrderStatus } from '../db/index.ts';

/** Roles that have an influencer profile and may spend a bonus (docs/product.md §1, §6). */
export const BONUS_ROLES: readonly string[] = ['Influencer', 'Admin'];

/** An influencer's bonus balances, Rappen. */
export type BonusBalance = {
  /** Confirmed bonus: released minus reversed. */
  earned: number;
  /** Earned on orders not paid yet. */
  pending: number;
  /** Spent on own orders (net of returns). */
  spent: number;
  /** earned − spent; may be negative after a refund of an order whose bonus was spent. */
  available: number;
};

/** The bonus an order earns (pure): floor(goods × percent / 100), Rappen. */
export function bonusFor(goodsAfterDiscounts: number, percent: number): number {
  if (goodsAfterDiscounts <= 0 || percent <= 0) return 0;
  return Math.floor((goodsAfterDiscounts * percent) / 100);
}

/** Sums a user's ledger into balances. */
export async function bonusBalance(db: Db, userId: string): Promise<BonusBalance> {
  const rows = await db
    .select({ kind: bonusLedger.kind, total: sql<string>`coalesce(sum(${bonusLedger.amount}), 0)` })
    .from(bonusLedger)
    .where(eq(bonusLedger.userId, userId))
    .groupBy(bonusLedger.kind);
  const k = (kind: BonusKind) => Number(rows.find((r) => r.kind === kind)?.total ?? 0);
  const earned = k('released') - k('reversed');
  const spent = k('spent') - k('returned');
  return { earned, pending: k('earned') - k('released') - k('cancelled'), spent, available: earned - spent };
}

/**
 * The bonus a user may spend on goods worth `goods` Rappen (after the promo discount): 0 for a
 * Customer or without available bonus, else min(available, goods).
 */
export async function spendableBonus(db: Db, user: { id: string; role: string }, goods: number): Promise<number> {
  if (!BONUS_ROLES.includes(user.role) || goods <= 0) return 0;
  const { available } = await bonusBalance(db, user.id);
  return Math.max(0, Math.min(available, goods));
}

/**
 * Inside an order's transaction, BEFORE the totals are computed: locks the buyer's user row (so
 * concurrent orders of the same influencer run one after the other) and returns the bonus to
 * spend on goods worth `goods` Rappen. Pair with {@link recordOrderBonus} after the order row exists.
 */
export async function lockSpendableBonus(tx: Db, user: { id: string; role: string }, goods: number): Promise<number> {
  if (!BONUS_ROLES.includes(user.role) || goods <= 0) return 0;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
  return spendableBonus(tx, user, goods);
}

async function insertRow(
  tx: Db,
  userId: string,
  orderId: string,
  kind: BonusKind,
  amount: number,
  now: Date,
  promoCode: string | null = null,
  refundId: string | null = null,
): Promise<void> {
  if (amount <= 0) return;
  await tx.insert(bonusLedger).values({ id: randomUUID(), userId, orderId, kind, amount, promoCode, refundId, createdAt: now }).onConflictDoNothing();
}

/** Rappen of `kind` already written for an order (all refunds together). */
async function movedSoFar(tx: Db, orderId: string, kind: BonusKind): Promise<number> {
  const [r] = await tx
    .select({ total: sql<string>`coalesce(sum(${bonusLedger.amount}), 0)` })
    .from(bonusLedger)
    .where(and(eq(bonusLedger.orderId, orderId), eq(bonusLedger.kind, kind)));
  return Number(r?.total ?? 0);
}

/**
 * Writes an order's bonus movements at creation, in the order's transaction: the buyer's `spent`
 * row, and the influencer's pending `earned` row when the promo code is linked to someone else.
 * @param goods the order's subtotal − promo discount − bonus spent, Rappen.
 */
export async function recordOrderBonus(
  tx: Db,
  o: { orderId: string; buyerId: string; spent: number; promoCode: string | null; influencerUserId: string | null; goods: number; percent: number; now: Date },
): Promise<void> {
  await insertRow(tx, o.buyerId, o.orderId, 'spent', o.spent, o.now);
  if (o.influencerUserId && o.influencerUserId !== o.buyerId && o.promoCode)
    await insertRow(tx, o.influencerUserId, o.orderId, 'earned', bonusFor(o.goods, o.percent), o.now, o.promoCode);
}

/**
 * The bonus side of an order's status change (called by transitionOrder in its transaction):
 * paid → the earned bonus becomes available; cancelled/expired → the pending bonus is cancelled
 * and the buyer's spent bonus returned; refunded → the released bonus is reversed and the spent
 * bonus returned. Idempotent.
 */
export async function bonusOnTransition(tx: Db, orderId: string, to: OrderStatus, now: Date): Promise<void> {
  if (to !== 'paid' && to !== 'cancelled' && to !== 'expired' && to !== 'refunded') return;
  const rows = await tx
    .select()
    .from(bonusLedger)
    .where(and(eq(bonusLedger.orderId, orderId), inArray(bonusLedger.kind, ['earned', 'released', 'spent'])));
  const row = (kind: BonusKind) => rows.find((r) => r.kind === kind);
  const earned = row('earned');
  const released = row('released');
  const spent = row('spent');
  if (to === 'paid') {
    if (earned) await insertRow(tx, earned.userId, orderId, 'released', earned.amount, now);
    return;
  }
  // a refunded order takes back what partial refunds ({@link bonusOnRefund}) have not yet
  if (to === 'refunded') {
    if (released) await insertRow(tx, released.userId, orderId, 'reversed', released.amount - (await movedSoFar(tx, orderId, 'reversed')), now);
  } else if (earned && !released) await insertRow(tx, earned.userId, orderId, 'cancelled', earned.amount, now);
  if (spent) await insertRow(tx, spent.userId, orderId, 'returned', spent.amount - (await movedSoFar(tx, orderId, 'returned')), now);
}

/**
 * The bonus side of a refund (called by refundOrder in its transaction, for partial and full
 * refunds alike): the influencer's released bonus is reversed, and the buyer's spent bonus
 * returned, in proportion to the money refunded so far. Cumulative: after this refund the
 * reversed total is `round(released × refunded / paid)` (the same for spent/returned), so the
 * roundings of several partial refunds never add up to more than the bonus, and a refund of
 * everything reverses exactly all of it. Rule source: ADR 009 (the bonus follows the goods the
 * shop keeps).
 * @param refundedAfter Rappen refunded for the order including this refund; @param paid Rappen
 *   received for the order (> 0).
 */
export async function bonusOnRefund(tx: Db, o: { orderId: string; refundId: string; refundedAfter: number; paid: number; now: Date }): Promise<void> {
  if (o.paid <= 0) return;
  const share = Math.min(1, o.refundedAfter / o.paid);
  const rows = await tx
    .select()
    .from(bonusLedger)
    .where(and(eq(bonusLedger.orderId, o.orderId), inArray(bonusLedger.kind, ['released', 'spent'])));
  for (const [from, to] of [
    ['released', 'reversed'],
    ['spent', 'returned'],
  ] as const) {
    const base = rows.find((r) => r.kind === from);
    if (!base) continue;
    const due = Math.round(base.amount * share) - (await movedSoFar(tx, o.orderId, to));
    await insertRow(tx, base.userId, o.orderId, to, Math.min(due, base.amount), o.now, null, o.refundId);
  }
}
