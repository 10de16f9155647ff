/** Where the shop's mails go and the pages they link to. */
import { publicOrigin, type ShopSettings } from '../config/browser.ts';
import { orderLines, orders, type Db, type OrderWithLines } from '../db/index.ts';
import type { Shop } from '../shop-type.ts';
import { asc, eq } from 'drizzle-orm';

/** The address the shop's own mails go to (new orders, returns, low stock, failed order mails). */
export function shopMailAddress(settings: Pick<ShopSettings, 'email' | 'orderNotificationEmail'>): string {
  return settings.orderNotificationEmail || settings.email;
}

/** Absolute URL of an order's page in the admin. */
export function adminOrderUrl(env: Shop['env'], orderId: string): string {
  return `${publicOrigin(env)}/admin/order/details?id=${encodeURIComponent(orderId)}`;
}

/** Absolute URL of an order's page for its customer. */
export function customerOrderUrl(env: Shop['env'], code: string): string {
  return `${publicOrigin(env)}/client/historydetails?id=${code}`;
}

/** An order with its lines (by name, as core/orders reads them), read in `tx`; undefined when there is none. */
export async function orderWithLines(tx: Db, orderId: string): Promise<OrderWithLines | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!row) return undefined;
  return { ...row, lines: await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.name)) };
}
