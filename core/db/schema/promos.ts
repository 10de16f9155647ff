/** Promo codes: percent or fixed amount (Rappen), validity window, minimum order, usage limit. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const promos = pgTable(
  'promos',
  {
    id: text('id').primaryKey(),
    /** Upper-cased code as customers type it. */
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    /** Percent (1..100) for `percent`, Rappen for `fixed`. */
    value: bigint('value', { mode: 'number' }).notNull(),
    /** Minimum subtotal in Rappen for the code to apply. */
    minOrder: bigint('min_order_rappen', { mode: 'number' }).notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    /** Maximum number of orders that may use the code; null = unlimited. */
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    /** Orders one customer may place with the code; null = no per-customer limit. */
    perCustomerLimit: integer('per_customer_limit').default(1),
    active: boolean('active').notNull().default(true),
    /** Influencer to whom orders with this code are attributed. */
    influencerUserId: text('influencer_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('promos_value_positive', sql`${t.value} > 0`)],
);
