/**
 * Order mails that could not be made when their order was written, and their retries.
 *
 * Making an order mail draws a PDF (the invoice, and for bank transfer the Swiss QR-bill), which
 * can fail for reasons that are no fault of the customer: `swissqrbill` refuses an IBAN stored
 * before the settings checked it (core/config/seller.ts), a font or photo cannot be read. Such a
 * failure must not lose the order or answer an error page at checkout. So the mail is made inside
 * a savepoint of the order's transaction (./mail-retry-queue.ts noticeOrRetry); when it fails, the
 * savepoint alone is rolled back, the order is committed with a row in `order_mail_retries`,
 * the shop's address is mailed ({@link alertShopOfMailRetries}, at most once an hour), the
 * dashboard lists it ({@link pendingOrderMails}), and the `order-mail-retry` job (core/jobs) makes
 * the mail again ({@link retryOrderMails}), with a growing pause, until it is queued or no longer
 * wanted (the order paid, cancelled or expired meanwhile). Saving the settings retries at once.
 */
import { and, asc, count, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { orderMailRetries, orders, users } from '../db/index.ts';
import type { Shop } from '../shop-type.ts';
import { emitNotice, reason, retryDelayMs, type RetriedMailKind } from './mail-retry-queue.ts';
import { findOrder, type OrderWithLines } from './queries.ts';

/** Whether the mail still makes sense: "order received" while the order awaits payment, "payment received" once it is paid. */
function stillWanted(kind: RetriedMailKind, order: OrderWithLines): boolean {
  return kind === 'order_received' ? order.status === 'pending_payment' : order.paymentStatus === 'paid';
}

/**
 * Makes again the order mails whose next try is due (all of them with `all`, e.g. right after
 * the settings were saved), each in its own transaction holding its row: queued -> the row goes
 * and the mail is delivered; no longer wanted (order gone, paid, cancelled, expired) -> the row
 * goes; failed again -> attempts + 1 and a longer pause ({@link retryDelayMs}).
 * @returns how many mails were queued and how many failed again.
 */
export async function retryOrderMails(shop: Shop, now = new Date(), opts: { all?: boolean } = {}): Promise<{ queued: number; failed: number }> {
  const due = await shop.db
    .select({ orderId: orderMailRetries.orderId, kind: orderMailRetries.kind })
    .from(orderMailRetries)
    .where(opts.all ? undefined : lte(orderMailRetries.nextAttemptAt, now))
    .orderBy(asc(orderMailRetries.createdAt))
    .limit(50);
  if (due.length === 0) return { queued: 0, failed: 0 };
  let queued = 0;
  let failed = 0;
  for (const { orderId, kind } of due) {
    const outcome = await shop.db.transaction(async (tx) => {
      const key = and(eq(orderMailRetries.orderId, orderId), eq(orderMailRetries.kind, kind));
      const [row] = await tx.select().from(orderMailRetries).where(key).for('update', { skipLocked: true });
      if (!row) return null; // another process has it, or it is done
      const order = await findOrder(tx, orderId);
      const [user] = order ? await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId)) : [];
      if (!order || !user || !stillWanted(kind, order)) {
        await tx.delete(orderMailRetries).where(key);
        return null;
      }
      try {
        await tx.transaction((sp) => emitNotice(sp as unknown as Db, kind, order.id));
        await tx.delete(orderMailRetries).where(key);
        return 'queued' as const;
      } catch (err) {
        shop.log.warn({ err, order: order.code, kind }, 'order mail still cannot be made; retried later');
        await tx
          .update(orderMailRetries)
          .set({ attempts: row.attempts + 1, lastError: reason(err), nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts + 1)) })
          .where(key);
        return 'failed' as const;
      }
    });
    if (outcome === 'failed') failed++;
    else if (outcome) queued++;
  }
  return { queued, failed };
}

/** An order mail waiting for a retry, as the dashboard lists it. */
export type PendingOrderMail = { orderId: string; code: string; kind: RetriedMailKind; attempts: number; lastError: string; createdAt: Date };

/** The order mails waiting for a retry (how many, and the oldest 10 with their order codes), for the dashboard. */
export async function pendingOrderMails(db: Db): Promise<{ n: number; latest: PendingOrderMail[] }> {
  const [{ n }] = await db.select({ n: count() }).from(orderMailRetries);
  if (n === 0) return { n, latest: [] };
  const latest = await db
    .select({
      orderId: orderMailRetries.orderId,
      code: orders.code,
      kind: orderMailRetries.kind,
      attempts: orderMailRetries.attempts,
      lastError: orderMailRetries.lastError,
      createdAt: orderMailRetries.createdAt,
    })
    .from(orderMailRetries)
    .innerJoin(orders, eq(orders.id, orderMailRetries.orderId))
    .orderBy(asc(orderMailRetries.createdAt))
    .limit(10);
  return { n, latest };
}

/** Whether an order has a mail waiting for a retry of `kind` (its customer is told the details follow). */
export async function orderMailPending(db: Db, orderId: string, kind: RetriedMailKind = 'order_received'): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(orderMailRetries)
    .where(and(eq(orderMailRetries.orderId, orderId), eq(orderMailRetries.kind, kind)))
    .limit(1);
  return Boolean(row);
}

export { alertShopOfMailRetries, type RetriedMailKind } from './mail-retry-queue.ts';
