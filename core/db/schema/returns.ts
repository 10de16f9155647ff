/**
 * Returns (the shop's terms: damaged goods or a wrong item, within 7 days of delivery): the
 * customer's request and the admin's decision. Money moves through the refund path
 * (core/payments/refunds.ts); a return only points at its refund.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, timestampTz, cascadeRef } from './columns.ts';
import { orders, refunds } from './orders.ts';

/** Why a return may be asked for: the shop's terms accept no other reason. */
export const RETURN_REASONS = ['damaged', 'wrong_item'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** `requested` (open, waiting for the shop), `accepted` (refunded), `refused` (with a reason). */
export const RETURN_STATUSES = ['requested', 'accepted', 'refused'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** One returned line: order line id, its SKU and name (snapshots), and how many units. */
export type ReturnLine = { lineId: string; sku: string; name: string; count: number };

/** One photo of a return, stored under `returns/<return id>/<photo id>.<ext>`. */
export type ReturnPhoto = { id: string; contentType: string; ext: 'jpg' | 'png' | 'webp' };

export const orderReturns = pgTable(
  'order_returns',
  {
    id: idColumn(),
    orderId: cascadeRef('order_id', () => orders.id),
    userId: text('user_id').notNull(),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    message: text('message').notNull().default(''),
    lines: jsonb('lines').$type<ReturnLine[]>().notNull().default([]),
    photos: jsonb('photos').$type<ReturnPhoto[]>().notNull().default([]),
    /** The customer's IBAN for a bank-transfer refund (electronic format, no spaces). */
    iban: text('iban'),
    /** The refund made when the return was accepted. */
    refundId: text('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    restock: boolean('restock').notNull().default(false),
    /** Why the shop refused (shown to the customer), or the admin's note on acceptance. */
    decisionNote: text('decision_note'),
    decidedBy: text('decided_by'),
    decidedAt: timestampTz('decided_at'),
    ...timestamps(),
  },
  (t) => [
    index('order_returns_order').on(t.orderId, t.createdAt),
    uniqueIndex('order_returns_one_open')
      .on(t.orderId)
      .where(sql`${t.status} = 'requested'`),
    index('order_returns_open')
      .on(t.createdAt)
      .where(sql`${t.status} = 'requested'`),
  ],
);

export type ReturnRow = typeof orderReturns.$inferSelect;
