/**
 * Orders for admins: search by order code, customer name or e-mail, filters
 * by status, payment method and date range (days of the shop's time zone), paging, CSV export of the
 * filtered list, the packing list, and shipping with carrier and tracking number (which mails the
 * customer the tracking link in the order's language). Money in Rappen.
 */
import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { users, ORDER_STATUSES, orders, type OrderStatus, payments } from '../db/index.ts';
import { recordAuditOn } from '../audit/index.ts';
import { getSettings } from '../config/index.ts';
import { isoInZone } from '../i18n/browser.ts';
import type { BoxContentLine, Db, OrderLineRow } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import type { Locale } from '../i18n/browser.ts';
import { boxModelName, type BoxMessageKind } from '../custom-box/index.ts';
import { emit } from '../events/index.ts';
import { rappenToDecimalString } from '../pricing/browser.ts';
import type { Shop } from '../shop-type.ts';
import { CARRIERS, type Carrier } from './carriers.ts';
import { refundsOfOrder, returnedUnits } from './refunds.ts';
import { PAYMENT_METHODS } from './payment-methods.ts';
import { findOrder, orderEventsOf, type OrderRow, type OrderWithLines } from './queries.ts';
import { expireDueOrders, transitionOrder } from './status-changes.ts';

/** Filters of the admin order list; every field optional. Dates are `YYYY-MM-DD` (Zurich days, inclusive). */
export type OrderFilter = { q?: string; status?: OrderStatus; paymentMethod?: string; from?: string; to?: string };

/** One row of the admin order list. */
export type AdminOrderRow = {
  id: string;
  code: string;
  createdAt: Date;
  status: OrderStatus;
  paymentMethod: string;
  paymentStatus: string;
  total: number;
  paidAmount: number;
  refundedAmount: number;
  invoiceNumber: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  email: string | null;
  customerName: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads a filter from URL search parameters, dropping unknown statuses, methods and bad dates
 * (so a hand-edited URL never errors).
 */
export function orderFilterFromParams(p: URLSearchParams): OrderFilter {
  const status = ORDER_STATUSES.find((s) => s === p.get('status'));
  const method = PAYMENT_METHODS.find((m) => m === p.get('method'));
  const from = p.get('from') ?? '';
  const to = p.get('to') ?? '';
  return {
    q: (p.get('q') ?? '').trim().slice(0, 100) || undefined,
    status,
    paymentMethod: method,
    from: DAY.test(from) ? from : undefined,
    to: DAY.test(to) ? to : undefined,
  };
}

function likeTerm(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The filter's conditions; `from`/`to` are whole days of `tz` (the shop's time zone). */
function whereOf(f: OrderFilter, tz: string): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (f.q) {
    const term = likeTerm(f.q);
    conds.push(
      or(
        ilike(orders.code, term),
        ilike(users.email, term),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term),
        ilike(sql`(${orders.address}->>'firstName') || ' ' || (${orders.address}->>'lastName')`, term),
        ilike(orders.invoiceNumber, term),
      ),
    );
  }
  if (f.status) conds.push(eq(orders.status, f.status));
  if (f.paymentMethod) conds.push(eq(orders.paymentMethod, f.paymentMethod));
  if (f.from) conds.push(gte(orders.createdAt, sql`(${f.from}::date)::timestamp at time zone ${tz}`));
  if (f.to) conds.push(lt(orders.createdAt, sql`((${f.to}::date) + 1)::timestamp at time zone ${tz}`));
  const present = conds.filter((c): c is SQL => Boolean(c));
  return present.length ? and(...present) : undefined;
}

const rowSelection = {
  id: orders.id,
  code: orders.code,
  createdAt: orders.createdAt,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  total: orders.total,
  paidAmount: orders.paidAmount,
  refundedAmount: orders.refundedAmount,
  invoiceNumber: orders.invoiceNumber,
  carrier: orders.carrier,
  trackingNumber: orders.trackingNumber,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  address: orders.address,
};

type Selected = { firstName: string | null; lastName: string | null; address: OrderRow['address'] } & Omit<AdminOrderRow, 'customerName'>;
function toRow(r: Selected): AdminOrderRow {
  const { firstName, lastName, address, ...rest } = r;
  const name = firstName || lastName ? `${firstName ?? ''} ${lastName ?? ''}`.trim() : `${address.firstName} ${address.lastName}`;
  return { ...rest, customerName: name };
}

/**
 * One page of orders matching a filter, newest first, and how many match in all.
 * @param page 1-based; `pageSize` 1..200 (default 25).
 */
export async function searchOrders(
  shop: Pick<Shop, 'db'>,
  f: OrderFilter,
  page = 1,
  pageSize = 25,
): Promise<{ rows: AdminOrderRow[]; total: number; page: number; pageSize: number }> {
  await expireDueOrders(shop);
  const size = Math.min(200, Math.max(1, Math.floor(pageSize)));
  const where = whereOf(f, (await getSettings(shop.db)).timeZone);
  const [{ n }] = await shop.db.select({ n: count() }).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(where);
  const pages = Math.max(1, Math.ceil(n / size));
  const p = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const rows = await shop.db
    .select(rowSelection)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(size)
    .offset((p - 1) * size);
  return { rows: rows.map(toRow), total: n, page: p, pageSize: size };
}

/** Most rows one CSV export holds. */
const ORDER_EXPORT_LIMIT = 50_000;

/**
 * The orders matching a filter as CSV (RFC 4180 via csv-stringify, header row, amounts in CHF with
 * two decimals, times in ISO 8601 with the shop's time zone offset, e.g. `2026-11-28T11:39:00+01:00`), newest first, at most {@link ORDER_EXPORT_LIMIT} rows.
 */
export async function ordersCsv(shop: Pick<Shop, 'db'>, f: OrderFilter): Promise<string> {
  const tz = (await getSettings(shop.db)).timeZone;
  const rows = await shop.db
    .select(rowSelection)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(whereOf(f, tz))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_EXPORT_LIMIT);
  return stringify(
    rows
      .map(toRow)
      .map((r) => [
        r.code,
        isoInZone(r.createdAt, tz),
        r.status,
        r.paymentMethod,
        r.paymentStatus,
        r.customerName,
        r.email ?? '',
        rappenToDecimalString(r.total),
        rappenToDecimalString(r.paidAmount),
        rappenToDecimalString(r.refundedAmount),
        r.invoiceNumber ?? '',
        r.carrier ?? '',
        r.trackingNumber ?? '',
      ]),
    {
      header: true,
      // a customer named `=HYPERLINK(…)` must stay text in the admin's spreadsheet (OWASP "CSV Injection")
      escape_formulas: true,
      columns: [
        'order_code',
        'created_at',
        'status',
        'payment_method',
        'payment_status',
        'customer',
        'email',
        'total_chf',
        'paid_chf',
        'refunded_chf',
        'invoice_number',
        'carrier',
        'tracking_number',
      ],
    },
  );
}

/**
 * One line of a packing list: what to put in the parcel. A custom box lists its cigars
 * (`contents`, with SKUs) and the text the packer writes on its gift card or has engraved
 * (`message`, null when none).
 */
export type PackingLine = {
  sku: string;
  name: string;
  packaging: string;
  count: number;
  contents: BoxContentLine[];
  message: { kind: BoxMessageKind; text: string } | null;
};

/**
 * What an order line shows of its custom box, for the packing list and the order mails: the
 * line's name (a box model's default name in `lang`, core/custom-box boxModelName), the cigars of
 * one box (`contents`, empty for a product line) and its gift-card or engraving text (`message`,
 * null when none). Pure.
 */
export function lineWithBox(
  line: OrderLineRow,
  lang: Locale,
): { name: string; contents: BoxContentLine[]; message: { kind: BoxMessageKind; text: string } | null } {
  const box = line.box;
  if (!box) return { name: line.name, contents: [], message: null };
  return {
    name: boxModelName({ name: line.name, capacity: box.capacity }, lang),
    contents: box.items.map((i) => ({ sku: i.sku, name: i.name, count: i.count })),
    message: box.message.trim() ? { kind: box.messageKind, text: box.message } : null,
  };
}

/**
 * The packing list of an order: its lines (read through {@link findOrder}, so custom boxes come
 * with their cigars and text; a box model's default name in `lang`, core/custom-box boxModelName),
 * the delivery address and the order code; the order carries the money summary.
 * @param lang the reader's language (the admin's page).
 * @throws {DomainError} `not_found`.
 */
export async function packingList(db: Db, idOrCode: string, lang: Locale = 'en'): Promise<{ order: OrderWithLines; lines: PackingLine[] }> {
  const order = await findOrder(db, idOrCode);
  if (!order) throw new DomainError('not_found', 'Order not found', { key: 'orderNotFound' });
  const lines = order.lines.map((l): PackingLine => {
    const { name, contents, message } = lineWithBox(l, lang);
    // the packer counts the cigars of all the line's boxes
    return { sku: l.sku, name, packaging: l.packaging, count: l.count, contents: contents.map((c) => ({ ...c, count: c.count * l.count })), message };
  });
  return { order, lines };
}

/** What {@link shipOrder} needs. */
export type ShipInput = { carrier: string; trackingNumber: string; note?: string };

/**
 * Marks a fully paid order as shipped with carrier and tracking number, and mails the customer the
 * tracking link in the order's language (core/mail, on the `order.shipped` event, after commit).
 * A `paid` order passes through `processing` first (both steps are in the status history).
 * Audited as `order.ship`.
 * @throws {DomainError} `invalid` (unknown carrier, empty or malformed tracking number),
 *   `not_found`, `conflict` (not fully paid, or in a state that cannot ship).
 */
export async function shipOrder(shop: Shop, orderId: string, input: ShipInput, adminId: string, now = new Date()): Promise<OrderRow> {
  const carrier = input.carrier as Carrier;
  if (!(carrier in CARRIERS))
    throw new DomainError('invalid', 'Choose a carrier', { key: 'carrierUnknown', fields: { carrier: { key: 'adminshop:errors.carrierUnknown' } } });
  const tracking = input.trackingNumber.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z0-9.-]{6,40}$/.test(tracking))
    throw new DomainError('invalid', 'Enter the tracking number (6 to 40 letters and digits)', {
      key: 'trackingInvalid',
      fields: { trackingNumber: { key: 'adminshop:errors.trackingInvalid' } },
    });
  const actor = `admin:${adminId}`;
  return shop.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
    if (!order) throw new DomainError('not_found', 'Order not found', { key: 'orderNotFound' });
    if (order.paidAmount < order.total) throw new DomainError('conflict', 'Only a fully paid order can be shipped', { key: 'orderNotFullyPaid' });
    if (order.status === 'paid') await transitionOrder(tx, order.id, 'processing', actor, undefined, now);
    else if (order.status !== 'processing')
      throw new DomainError('conflict', `An order cannot go from ${order.status} to shipped`, {
        key: 'orderTransitionRefused',
        params: { from: order.status, to: 'shipped' },
      });
    await transitionOrder(tx, order.id, 'shipped', actor, `${CARRIERS[carrier].name} ${tracking}${input.note ? ` · ${input.note}` : ''}`, now);
    const [row] = await tx.update(orders).set({ carrier, trackingNumber: tracking, shippedAt: now, updatedAt: now }).where(eq(orders.id, order.id)).returning();
    await recordAuditOn(tx, actor, 'order.ship', order.id, {
      before: { status: order.status, carrier: order.carrier, trackingNumber: order.trackingNumber },
      after: { status: 'shipped', carrier, trackingNumber: tracking },
    });
    // core/mail tells the customer, with the tracking link, after the commit
    await emit(tx, { type: 'order.shipped', orderId: order.id });
    return row;
  });
}

/** Payment movements of an order (payments, refunds), oldest first. */
async function paymentsOfOrder(db: Db, orderId: string): Promise<(typeof payments.$inferSelect)[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.createdAt);
}

/**
 * Everything the admin order page shows: the order with its lines, the customer, the status
 * history, payment movements, refunds and, per line, the units already returned.
 * @returns undefined for an unknown id or code.
 */
export async function adminOrderDetails(db: Db, idOrCode: string) {
  const order = await findOrder(db, idOrCode);
  if (!order) return undefined;
  const [customer] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, phone: users.phone })
    .from(users)
    .where(eq(users.id, order.userId));
  const [events, pays, refundRows, returned] = await Promise.all([
    orderEventsOf(db, order.id),
    paymentsOfOrder(db, order.id),
    refundsOfOrder(db, order.id, { all: true }),
    returnedUnits(db, order.id),
  ]);
  return { order, customer: customer ?? null, events, payments: pays, refunds: refundRows, returned };
}
