/**
 * Custom box tables (docs/product.md §1, §4, §5, §9): the box models the admin offers
 * (`custom_box_models`) and the boxes customers have built into their carts (`cart_boxes`, one
 * cart line each). Money is integer Rappen (new columns 64-bit).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, timestampNow, rappen, cascadeRef } from './columns.ts';
import { carts } from './cart.ts';
import { BOX_DRAWINGS, BOX_MESSAGE_KINDS } from './values.ts';

export const customBoxModels = pgTable(
  'custom_box_models',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** How many cigars the box holds. */
    capacity: integer('capacity').notNull(),
    /** Price of the empty box incl. VAT, Rappen. */
    price: rappen('price_rappen').notNull(),
    /** Drawing of the box ({@link BOX_DRAWINGS}). */
    drawing: text('drawing', { enum: BOX_DRAWINGS }).notNull().default('cedar'),
    /** Optional photo path under the site root (`/images/...`); the drawing is used without one. */
    image: text('image'),
    active: boolean('active').notNull().default(true),
    /** Display order, ascending. */
    sort: integer('sort').notNull().default(0),
    ...timestamps(),
  },
  (t) => [check('custom_box_models_capacity_range', sql`${t.capacity} between 5 and 100`), check('custom_box_models_price_non_negative', sql`${t.price} >= 0`)],
);

/** One variety in a box: a single cigar's product id and how many of it. */
export type BoxItem = { productId: string; count: number };

export const cartBoxes = pgTable(
  'cart_boxes',
  {
    /** The cart line id (`product_data._id` of the line; `cart/delete` takes it as `productID`). */
    id: idColumn(),
    cartKey: cascadeRef('cart_key', () => carts.cartKey),
    modelId: text('model_id')
      .notNull()
      .references(() => customBoxModels.id),
    items: jsonb('items').$type<BoxItem[]>().notNull(),
    messageKind: text('message_kind', { enum: BOX_MESSAGE_KINDS }).notNull().default('card'),
    message: text('message').notNull().default(''),
    addedAt: timestampNow('added_at'),
  },
  (t) => [index('cart_boxes_cart').on(t.cartKey)],
);

export type CustomBoxModelRow = typeof customBoxModels.$inferSelect;
export type CartBoxRow = typeof cartBoxes.$inferSelect;
