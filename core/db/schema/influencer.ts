/**
 * The influencer bonus ledger (ADR 009): every movement of an influencer's bonus is one
 * row; balances are sums over the rows, there is no balance column that could drift. Money in
 * Rappen (64-bit).
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, createdAt, rappen } from './columns.ts';
import { orders } from './orders.ts';

/**
 * Kinds of ledger movement (all amounts positive; the kind says which balance moves):
 * - `earned`: an order placed with the influencer's code; the amount is pending.
 * - `released`: that order was paid in full; pending → available.
 * - `cancelled`: that order was cancelled or expired before payment; pending → gone.
 * - `reversed`: that order was refunded after payment; available → gone.
 * - `spent`: the influencer spent bonus on their own order; available → spent.
 * - `returned`: that own order expired, was cancelled or refunded; spent → available.
 */
export const BONUS_KINDS = ['earned', 'released', 'cancelled', 'reversed', 'spent', 'returned'] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];

export const bonusLedger = pgTable(
  'influencer_bonus_ledger',
  {
    id: idColumn(),
    /** The influencer whose bonus moves. */
    userId: text('user_id').notNull(),
    /** The order the movement belongs to (the attributed order, or the influencer's own order). */
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: BONUS_KINDS }).notNull(),
    /** Rappen, > 0. */
    amount: rappen('amount_rappen').notNull(),
    /** The promo code of an `earned` row. */
    promoCode: text('promo_code'),
    /** The refund a partial `reversed` / `returned` movement belongs to (null: the order's own). */
    refundId: text('refund_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('influencer_bonus_ledger_amount_positive', sql`${t.amount} > 0`),
    // one movement of each kind per order and refund: makes every step idempotent
    uniqueIndex('influencer_bonus_ledger_order_kind').on(t.orderId, t.kind, sql`coalesce(${t.refundId}, '')`),
    index('influencer_bonus_ledger_user').on(t.userId, t.createdAt),
  ],
);

export type BonusLedgerRow = typeof bonusLedger.$inferSelect;
