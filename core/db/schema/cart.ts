/**
 * Carts. A cart is keyed by its owner: a registered user's id, or an anonymous cart id
 * (>= 128 bits of randomness, api-contract "What the server must not trust").
 */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';

export const carts = pgTable('carts', {
  /** User id or anonymous cart id. */
  cartKey: text('cart_key').primaryKey(),
  /** Set when the cart belongs to a registered user. */
  userId: text('user_id'),
  /** Applied promo code (promos.code), if any. */
  promoCode: text('promo_code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    cartKey: text('cart_key')
      .notNull()
      .references(() => carts.cartKey, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** Insertion order: breaks `addedAt` ties (PGlite's clock counts milliseconds; one statement adding several lines gives them one `now()`). */
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
  },
  (t) => [primaryKey({ columns: [t.cartKey, t.productId] }), check('cart_items_count_positive', sql`${t.count} > 0`)],
);
