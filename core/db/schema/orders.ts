/** Orders, their line items (snapshots) and their status history. Money in Rappen. */
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, createdAt, timestampTz, rappen, cascadeRef } from './columns.ts';
import { ORDER_STATUSES } from './values.ts';

/** A delivery address (Switzerland, or Liechtenstein while the shop serves it; 4-digit postcode). */
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
    id: idColumn(),
    /** Order code shown to customers: short, unique, not sequential. */
    code: text('code').notNull().unique(),
    userId: text('user_id').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending_payment'),
    paymentMethod: text('payment_method').notNull(),
    paymentStatus: text('payment_status', { enum: ['unpaid', 'partial', 'paid', 'refunded'] })
      .notNull()
      .default('unpaid'),
    subtotal: rappen('subtotal_rappen').notNull(),
    discount: rappen('discount_rappen').notNull().default(0),
    shippingFee: rappen('shipping_fee_rappen').notNull().default(0),
    /** Influencer bonus spent on this order (a deduction like the discount; ADR 009), Rappen. */
    bonus: rappen('bonus_rappen').notNull().default(0),
    total: rappen('total_rappen').notNull(),
    /** VAT contained in the total (8.1 %), Rappen. */
    vat: rappen('vat_rappen').notNull(),
    paidAmount: rappen('paid_rappen').notNull().default(0),
    promoCode: text('promo_code'),
    address: jsonb('address').$type<PostalAddress>().notNull(),
    locale: text('locale').notNull().default('en'),
    /** Swiss QR reference (27 digits) or creditor reference for bank transfer. */
    paymentReference: text('payment_reference').unique(),
    invoiceNumber: text('invoice_number').unique(),
    expiresAt: timestampTz('expires_at'),
    paidAt: timestampTz('paid_at'),
    /** Fulfilment: carrier name, its tracking number, when the parcel left. */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestampTz('shipped_at'),
    /** Rappen refunded so far (sum of `refunds.amount_rappen`). */
    refundedAmount: rappen('refunded_rappen').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('orders_user').on(t.userId, t.createdAt), index('orders_status_expiry').on(t.status, t.expiresAt)],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: idColumn(),
    orderId: cascadeRef('order_id', () => orders.id),
    productId: text('product_id').notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    packaging: text('packaging').notNull().default(''),
    /** A custom box's snapshot (its cigars, message); null for a catalogue product's line. */
    box: jsonb('box').$type<import('./box-snapshot.ts').OrderBoxSnapshot>(),
    count: integer('count').notNull(),
    basePrice: rappen('base_price_rappen').notNull(),
    discountPercent: integer('discount_percent').notNull(),
    unitPrice: rappen('unit_price_rappen').notNull(),
    lineTotal: rappen('line_total_rappen').notNull(),
  },
  (t) => [index('order_lines_order').on(t.orderId), index('order_lines_product').on(t.productId)],
);

export const orderEvents = pgTable(
  'order_events',
  {
    id: idColumn(),
    orderId: cascadeRef('order_id', () => orders.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** `user:<id>`, `admin:<id>`, `system`, `provider:<name>`. */
    actor: text('actor').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order').on(t.orderId)],
);

/** Where a refund stands; see `refunds.status`. */
export type RefundStatus = 'pending' | 'succeeded' | 'failed';

/** One line given back in a refund: order line id and how many units. */
export type RefundLine = { lineId: string; sku: string; name: string; count: number };

/**
 * Refunds: money given back for an order, full or partial, with the units returned and
 * whether they went back into stock. Each refund has a credit-note number (`<invoice no.>-C<n>`).
 * The money movement itself is also a row of `payments` (negative amount, status `refund`).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: idColumn(),
    orderId: cascadeRef('order_id', () => orders.id),
    /** Rappen, > 0. */
    amount: rappen('amount_rappen').notNull(),
    reason: text('reason'),
    restock: boolean('restock').notNull().default(false),
    lines: jsonb('lines').$type<RefundLine[]>().notNull().default([]),
    /** `datatrans` (sent to its credit call), or `manual` (bank transfer / sandbox: the admin pays back). */
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    /** Given when the refund succeeds (a pending or failed refund has none). */
    creditNoteNumber: text('credit_note_number').unique(),
    actor: text('actor').notNull(),
    /**
     * `succeeded`; `pending` while a Datatrans credit is asked for or its outcome is unknown
     * (timeout, network error, the completing transaction failed); `failed` when Datatrans refused.
     */
    status: text('status').$type<RefundStatus>().notNull().default('succeeded'),
    /** Sent to Datatrans as the credit's `refno`: a retry of the same refund reuses it. */
    idempotencyKey: text('idempotency_key').unique(),
    /** Datatrans' message when it refused, or why the outcome is unknown. */
    providerMessage: text('provider_message'),
    /** The customer's return this refund settles (accepting a return). */
    returnId: text('return_id'),
    /** When the admin sent a bank-transfer refund's money (marked paid); null = still to pay. */
    transferredAt: timestampTz('transferred_at'),
    /** `admin:<id>` who marked it paid. */
    transferredBy: text('transferred_by'),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at'),
  },
  (t) => [index('refunds_order').on(t.orderId)],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
/** An order with its lines. */
export type OrderWithLines = OrderRow & { lines: OrderLineRow[] };
