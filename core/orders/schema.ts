/** Orders, their line items (snapshots) and their status history. Money in Rappen. */
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'expired',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A delivery address (Switzerland or Liechtenstein, 4-digit postcode). */
export type PostalAddress = {
  firstName: string;
  lastName: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
};

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    /** Order code shown to customers: short, unique, not sequential. */
    code: text('code').notNull().unique(),
    userId: text('user_id').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending_payment'),
    paymentMethod: text('payment_method').notNull(),
    paymentStatus: text('payment_status', { enum: ['unpaid', 'partial', 'paid', 'refunded'] })
      .notNull()
      .default('unpaid'),
    subtotal: bigint('subtotal_rappen', { mode: 'number' }).notNull(),
    discount: bigint('discount_rappen', { mode: 'number' }).notNull().default(0),
    shippingFee: bigint('shipping_fee_rappen', { mode: 'number' }).notNull().default(0),
    total: bigint('total_rappen', { mode: 'number' }).notNull(),
    /** VAT contained in the total (8.1 %), Rappen. */
    vat: bigint('vat_rappen', { mode: 'number' }).notNull(),
    paidAmount: bigint('paid_rappen', { mode: 'number' }).notNull().default(0),
    promoCode: text('promo_code'),
    address: jsonb('address').$type<PostalAddress>().notNull(),
    locale: text('locale').notNull().default('en'),
    /** Swiss QR reference (27 digits) or creditor reference for bank transfer. */
    paymentReference: text('payment_reference').unique(),
    invoiceNumber: text('invoice_number').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orders_user').on(t.userId, t.createdAt), index('orders_status_expiry').on(t.status, t.expiresAt)],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    packaging: text('packaging').notNull().default(''),
    count: integer('count').notNull(),
    basePrice: bigint('base_price_rappen', { mode: 'number' }).notNull(),
    discountPercent: integer('discount_percent').notNull(),
    unitPrice: bigint('unit_price_rappen', { mode: 'number' }).notNull(),
    lineTotal: bigint('line_total_rappen', { mode: 'number' }).notNull(),
  },
  (t) => [index('order_lines_order').on(t.orderId)],
);

export const orderEvents = pgTable(
  'order_events',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** `user:<id>`, `admin:<id>`, `system`, `provider:<name>`. */
    actor: text('actor').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order').on(t.orderId)],
);
