/** Tables of the scheduled jobs (migration 0012_jobs). */
import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';
import { orders } from './orders.ts';

/** Mails the jobs send about an order; the row claims the mail, so each goes out once. */
export const orderJobMails = pgTable(
  'order_job_mails',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['payment_reminder', 'expiry'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'order_job_mails_pk', columns: [t.orderId, t.kind] })],
);

/** Products whose low-stock alert went out; the row goes when the product is restocked above its threshold. */
export const lowStockAlerts = pgTable('low_stock_alerts', {
  productId: text('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  /** Stock (without unpaid reservations) when the alert was sent. */
  stock: integer('stock').notNull(),
  alertedAt: timestamp('alerted_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The last run of each job, shared by every process. */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  /** Wall-clock time the run finished (never the `--now` time, which may lie in the future). */
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
  /** The time the job ran as (`--now`, else the wall clock). */
  asOf: timestamp('as_of', { withTimezone: true }).notNull(),
  summary: text('summary').notNull(),
  ok: boolean('ok').notNull(),
  runs: bigint('runs', { mode: 'number' }).notNull().default(0),
});
