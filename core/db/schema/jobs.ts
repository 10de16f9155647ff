/** Tables of the scheduled jobs (migration 0012_jobs). */
import { bigint, boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestampNow, timestampTz, cascadeRef, cascadeKey } from './columns.ts';
import { products } from './catalogue.ts';
import { orders } from './orders.ts';

/** Mails the jobs send about an order; the row claims the mail, so each goes out once. */
export const orderJobMails = pgTable(
  'order_job_mails',
  {
    orderId: cascadeRef('order_id', () => orders.id),
    kind: text('kind', { enum: ['payment_reminder', 'expiry'] }).notNull(),
    sentAt: timestampNow('sent_at'),
  },
  (t) => [primaryKey({ name: 'order_job_mails_pk', columns: [t.orderId, t.kind] })],
);

/** Products whose low-stock alert went out; the row goes when the product is restocked above its threshold. */
export const lowStockAlerts = pgTable('low_stock_alerts', {
  productId: cascadeKey('product_id', () => products.id),
  /** Stock (without unpaid reservations) when the alert was sent. */
  stock: integer('stock').notNull(),
  alertedAt: timestampNow('alerted_at'),
});

/** The last run of each job, shared by every process. */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  /** Wall-clock time the run finished (never the `--now` time, which may lie in the future). */
  lastRunAt: timestampTz('last_run_at').notNull(),
  /** The time the job ran as (`--now`, else the wall clock). */
  asOf: timestampTz('as_of').notNull(),
  summary: text('summary').notNull(),
  ok: boolean('ok').notNull(),
  runs: bigint('runs', { mode: 'number' }).notNull().default(0),
});
