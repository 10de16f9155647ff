/** Order mails that could not be made when their order was written (migration 0021_order_mail_retries). */
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { cascadeRef, timestampNow, timestampTz } from './columns.ts';
import { orders } from './orders.ts';

/**
 * An order mail whose making failed (e.g. the QR-bill cannot be drawn with the stored IBAN): the
 * order is kept and the mail is made again later (core/orders/mail-retries.ts). The row goes once
 * the mail is queued or no longer wanted.
 */
export const orderMailRetries = pgTable(
  'order_mail_retries',
  {
    orderId: cascadeRef('order_id', () => orders.id),
    /** Which mail: "order received" (with the QR-bill) or "payment received" (with the invoice). */
    kind: text('kind', { enum: ['order_received', 'payment_received'] }).notNull(),
    /** Tries so far (the first, at checkout, included). */
    attempts: integer('attempts').notNull().default(1),
    /** Why the last try failed (the library's message, shortened). */
    lastError: text('last_error').notNull(),
    createdAt: timestampNow('created_at'),
    /** Not tried again before this time. */
    nextAttemptAt: timestampTz('next_attempt_at').notNull(),
    /** When the shop's address was mailed about it (null: not yet). */
    ownerAlertedAt: timestampTz('owner_alerted_at'),
  },
  (t) => [primaryKey({ name: 'order_mail_retries_pk', columns: [t.orderId, t.kind] })],
);
