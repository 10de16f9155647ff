/** Stock history: every admin adjustment and every refund restock, with its reason. */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, createdAt, cascadeRef } from './columns.ts';
import { products } from './catalogue.ts';
import { STOCK_REASONS } from './values.ts';

export const stockMovements = pgTable(
  'stock_movements',
  {
    id: idColumn(),
    productId: cascadeRef('product_id', () => products.id),
    /** Units added (positive) or removed (negative). */
    delta: integer('delta').notNull(),
    /** Stock after the movement. */
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason', { enum: STOCK_REASONS }).notNull(),
    note: text('note'),
    /** `admin:<id>`, `system`. */
    actor: text('actor').notNull(),
    /** The order of a refund restock. */
    orderId: text('order_id'),
    createdAt: createdAt(),
  },
  (t) => [index('stock_movements_product').on(t.productId, t.createdAt)],
);

export type StockMovementRow = typeof stockMovements.$inferSelect;
