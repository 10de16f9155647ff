/**
 * Reading orders: a customer's list, one order for a viewer (customers see only their own), one
 * by id or code, and an order's status history. Lists and views expire due unpaid orders first,
 * so nobody is shown one that has run out.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import { orderEvents, orderLines, orders, type OrderEventRow, type OrderRow, type OrderWithLines } from '../db/index.ts';
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import type { Shop } from '../shop-type.ts';
import { isEffectiveAdmin } from '../accounts/browser.ts';
import { expireDueOrders } from './status-changes.ts';

export type { OrderRow, OrderWithLines } from '../db/index.ts';

async function withLines(db: Db, rows: OrderRow[]): Promise<OrderWithLines[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(orderLines.name);
  return rows.map((r) => ({ ...r, lines: lines.filter((l) => l.orderId === r.id) }));
}

/** A user's orders with their lines, newest first. */
export async function listOrdersOfUser(shop: Pick<Shop, 'db'>, userId: string): Promise<OrderWithLines[]> {
  await expireDueOrders(shop);
  const rows = await shop.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
  return withLines(shop.db, rows);
}

/**
 * One order by id or code, for a viewer. Customers see only their own orders: anyone else's is
 * "not found" (its existence is not revealed). Admins see every order.
 * @throws {DomainError} `not_found`.
 */
export async function getOrderFor(shop: Pick<Shop, 'db'>, idOrCode: string, viewer: { userId: string; role: string }): Promise<OrderWithLines> {
  await expireDueOrders(shop);
  const order = await findOrder(shop.db, idOrCode);
  if (!order || (order.userId !== viewer.userId && !isEffectiveAdmin(viewer))) throw new DomainError('not_found', 'Order not found', { key: 'orderNotFound' });
  return order;
}

/** An order by id or code, or undefined. */
export async function findOrder(db: Db, idOrCode: string): Promise<OrderWithLines | undefined> {
  const byCode = /^[0-9A-Z]{8}$/.test(idOrCode);
  const [row] = await db
    .select()
    .from(orders)
    .where(byCode ? eq(orders.code, idOrCode) : eq(orders.id, idOrCode))
    .limit(1);
  return row ? (await withLines(db, [row]))[0] : undefined;
}

/** The status history of an order, oldest first. */
export async function orderEventsOf(db: Db, orderId: string): Promise<OrderEventRow[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.createdAt);
}
