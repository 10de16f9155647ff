/** Payments received. (provider, provider_ref) is unique: a confirmation is recorded once. */
import { index, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { idColumn, createdAt, timestampNow, rappen } from './columns.ts';

export const payments = pgTable(
  'payments',
  {
    id: idColumn(),
    /** Null while a bank credit matches no order. */
    orderId: text('order_id'),
    provider: text('provider').notNull(),
    /** Provider transaction id or bank entry reference. */
    providerRef: text('provider_ref').notNull(),
    amount: rappen('amount_rappen').notNull(),
    currency: text('currency').notNull().default('CHF'),
    /** `captured`, `unmatched`, `overpaid`, `refunded`. */
    status: text('status').notNull(),
    reference: text('reference'),
    raw: jsonb('raw'),
    createdAt: createdAt(),
  },
  (t) => [unique('payments_provider_ref').on(t.provider, t.providerRef), index('payments_order').on(t.orderId)],
);

/**
 * Payment attempts started with a hosted-page provider: one row per
 * provider transaction, so that a failure reported for an older attempt of an order cannot
 * cancel it while a newer attempt may still pay.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    orderId: text('order_id').notNull(),
    startedAt: timestampNow('started_at'),
  },
  (t) => [primaryKey({ name: 'payment_attempts_pk', columns: [t.provider, t.providerRef] }), index('payment_attempts_order').on(t.orderId, t.startedAt)],
);

/**
 * Signatures of webhooks already received: a replay of the same signed
 * message inside the timestamp tolerance is answered as a duplicate and changes nothing. Rows
 * older than the tolerance are pruned (a replay that old is refused by its timestamp).
 */
export const webhookReceipts = pgTable(
  'webhook_receipts',
  {
    provider: text('provider').notNull(),
    signature: text('signature').notNull(),
    receivedAt: timestampNow('received_at'),
  },
  (t) => [primaryKey({ name: 'webhook_receipts_pk', columns: [t.provider, t.signature] }), index('webhook_receipts_received').on(t.receivedAt)],
);
