/** Release day: a product announced for a release time (migration 0025_product_releases). */
import { boolean, check, integer, pgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { cascadeKey, timestamps, timestampTz } from './columns.ts';
import { products } from './catalogue.ts';

/**
 * A product's release (core/releases): before `opensAt` it cannot be put in a cart; from then on
 * each customer (account, and delivery address) may buy at most `perCustomerLimit` units, and
 * the release's payment rules apply to every order holding it.
 */
export const productReleases = pgTable(
  'product_releases',
  {
    productId: cascadeKey('product_id', () => products.id),
    /** When the release opens (add to cart and order accepted from then on). */
    opensAt: timestampTz('opens_at').notNull(),
    /** Units one customer may buy, per account and per delivery address; null: no limit. */
    perCustomerLimit: integer('per_customer_limit'),
    /** Whether an order holding the release may be paid by bank transfer (else card only). */
    allowBankTransfer: boolean('allow_bank_transfer').notNull().default(true),
    /** A bank-transfer reservation's length, hours, when shorter than the shop's; null: the shop's. */
    bankTransferHours: integer('bank_transfer_hours'),
    ...timestamps(),
  },
  (t) => [
    check('product_releases_limit_range', sql`${t.perCustomerLimit} IS NULL OR ${t.perCustomerLimit} BETWEEN 1 AND 999`),
    check('product_releases_hours_range', sql`${t.bankTransferHours} IS NULL OR ${t.bankTransferHours} BETWEEN 1 AND 168`),
  ],
);

export type ProductReleaseRow = typeof productReleases.$inferSelect;
