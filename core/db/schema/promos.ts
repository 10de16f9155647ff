/** Promo codes: percent or fixed amount (Rappen), validity window, minimum order, usage limit. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, createdAt, timestampTz, rappen } from './columns.ts';

export const promos = pgTable(
  'promos',
  {
    id: idColumn(),
    /** Upper-cased code as customers type it. */
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    /** Percent (1..100) for `percent`, Rappen for `fixed`. */
    value: bigint('value', { mode: 'number' }).notNull(),
    /** Minimum subtotal in Rappen for the code to apply. */
    minOrder: rappen('min_order_rappen').notNull().default(0),
    validFrom: timestampTz('valid_from'),
    validTo: timestampTz('valid_to'),
    /** Maximum number of orders that may use the code; null = unlimited. */
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    /** Orders one customer may place with the code; null = no per-customer limit. */
    perCustomerLimit: integer('per_customer_limit').default(1),
    active: boolean('active').notNull().default(true),
    /** Influencer to whom orders with this code are attributed. */
    influencerUserId: text('influencer_user_id'),
    createdAt: createdAt(),
  },
  (t) => [check('promos_value_positive', sql`${t.value} > 0`)],
);
