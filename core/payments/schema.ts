/** Payments received. (provider, provider_ref) is unique: a confirmation is recorded once. */
import { bigint, index, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    /** Null while a bank credit matches no order. */
    orderId: text('order_id'),
    provider: text('provider').notNull(),
    /** Provider transaction id or bank entry reference. */
    providerRef: text('provider_ref').notNull(),
    amount: bigint('amount_rappen', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('CHF'),
    /** `captured`, `unmatched`, `overpaid`, `refunded`. */
    status: text('status').notNull(),
    reference: text('reference'),
    raw: jsonb('raw'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('payments_provider_ref').on(t.provider, t.providerRef), index('payments_order').on(t.orderId)],
);
