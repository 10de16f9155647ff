/**
 * The influencer profile (docs/product.md §1 and §6: Influencer and Admin have one,
 * ADR 009): the referral code, the promo codes linked to the influencer with their uses, the orders
 * attributed to them (promo code, date, total; never customer data) and the bonus balances from
 * the ledger (core/influencer/bonus.ts). Money in Rappen.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { bonusBalance, BONUS_ROLES, type BonusBalance } from '../influencer/index.ts';
import { bonusLedger, orders, type OrderStatus, promos, users } from '../db/index.ts';
import { getUser } from './profile.ts';

/** Order states that count as sales for an influencer (paid, not cancelled or refunded). */
const ATTRIBUTED_STATUSES: OrderStatus[] = ['paid', 'processing', 'shipped', 'delivered'];

/** What an attributed order's bonus is now. */
type AttributedBonusState = 'pending' | 'available' | 'cancelled' | 'reversed';

/** What the influencer page and `GET /api/user/influencer` show. */
export type InfluencerProfile = {
  firstName: string;
  lastName: string;
  email: string;
  referralCode: string | null;
  /** Promo codes linked to the influencer; `percent` null for a fixed-amount code. */
  promoCodes: { code: string; active: boolean; percent: number | null; usedCount: number }[];
  /** Orders placed with one of the codes, newest first (no customer data). */
  orders: { promoCode: string; createdAt: Date; total: number; bonus: number; bonusState: AttributedBonusState }[];
  /** Paid orders (not refunded) placed with the codes, and their total. */
  attributedOrders: number;
  attributedTotal: number;
  bonus: BonusBalance;
};

/** The influencer profile of a user. @throws {DomainError} `not_found`. */
export async function influencerProfile(db: Db, userId: string): Promise<InfluencerProfile> {
  const u = await getUser(db, userId);
  const codes = await db
    .select({ code: promos.code, active: promos.active, kind: promos.kind, value: promos.value, usedCount: promos.usedCount })
    .from(promos)
    .where(eq(promos.influencerUserId, userId))
    .orderBy(asc(promos.code));
  const earnedRows = await db
    .select({
      orderId: bonusLedger.orderId,
      promoCode: bonusLedger.promoCode,
      amount: bonusLedger.amount,
      createdAt: orders.createdAt,
      total: orders.total,
      status: orders.status,
    })
    .from(bonusLedger)
    .innerJoin(orders, eq(orders.id, bonusLedger.orderId))
    .where(and(eq(bonusLedger.userId, userId), eq(bonusLedger.kind, 'earned')))
    .orderBy(desc(orders.createdAt))
    .limit(500);
  const state = (s: OrderStatus): AttributedBonusState =>
    s === 'pending_payment' ? 'pending' : s === 'cancelled' || s === 'expired' ? 'cancelled' : s === 'refunded' ? 'reversed' : 'available';
  const list = earnedRows.map((r) => ({ promoCode: r.promoCode ?? '', createdAt: r.createdAt, total: r.total, bonus: r.amount, bonusState: state(r.status) }));
  const counted = earnedRows.filter((r) => ATTRIBUTED_STATUSES.includes(r.status));
  return {
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    referralCode: u.referralCode,
    promoCodes: codes.map((c) => ({ code: c.code, active: c.active, percent: c.kind === 'percent' ? c.value : null, usedCount: c.usedCount })),
    orders: list,
    attributedOrders: counted.length,
    attributedTotal: counted.reduce((s, r) => s + r.total, 0),
    bonus: await bonusBalance(db, userId),
  };
}

/** Users a promo code may be linked to (Influencer and Admin), by name, for the admin's choice. */
export async function influencerChoices(db: Db): Promise<{ id: string; name: string; email: string; role: string }[]> {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role })
    .from(users)
    .where(inArray(users.role, [...BONUS_ROLES] as ('Influencer' | 'Admin')[]))
    .orderBy(asc(users.lastName), asc(users.firstName))
    .limit(1000);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim(), email: r.email, role: r.role }));
}

/**
 * The Influencer or Admin with this e-mail (for `promo:create --influencer`).
 * @throws {DomainError} `not_found` for an unknown e-mail; `invalid` for a Customer.
 */
export async function influencerByEmail(db: Db, email: string): Promise<{ id: string; email: string }> {
  const address = email.trim().toLowerCase();
  const [u] = await db.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.email, address)).limit(1);
  if (!u) throw new DomainError('not_found', `No account with the e-mail ${address}`, { key: 'userNotFound' });
  if (!BONUS_ROLES.includes(u.role))
    throw new DomainError('invalid', `${address} is a Customer: only an Influencer or Admin can have promo codes (change the role on /admin/user/list first)`, {
      key: 'invalidInput',
      fields: { influencer: { key: 'notInfluencer' } },
    });
  return { id: u.id, email: u.email };
}
