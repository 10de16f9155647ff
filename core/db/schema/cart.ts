/**
 * Carts. A cart is keyed by its owner: a registered user's id, or an anonymous cart id
 * (>= 128 bits of randomness, docs/api.md, "What the server does not trust").
 */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamps, timestampNow, cascadeRef } from './columns.ts';
import { products } from './catalogue.ts';

export const carts = pgTable('carts', {
  /** User id or anonymous cart id. */
  cartKey: text('cart_key').primaryKey(),
  /** Set when the cart belongs to a registered user. */
  userId: text('user_id'),
  /** Applied promo code (promos.code), if any. */
  promoCode: text('promo_code'),
  ...timestamps(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    cartKey: cascadeRef('cart_key', () => carts.cartKey),
    productId: cascadeRef('product_id', () => products.id),
    count: integer('count').notNull(),
    addedAt: timestampNow('added_at'),
    /** Insertion order: breaks `addedAt` ties (PGlite's clock counts milliseconds; one statement adding several lines gives them one `now()`). */
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
  },
  (t) => [primaryKey({ columns: [t.cartKey, t.productId] }), check('cart_items_count_positive', sql`${t.count} > 0`)],
);
