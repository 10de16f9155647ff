/**
 * Making an order notice inside the order's transaction without risking the order: see
 * ./mail-retries.ts for the whole retry path (kept apart so the order service can use it without
 * importing the retries, which read orders through the service).
 */
import { asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { orderMailRetries, orders } from '../db/index.ts';
import { emit } from '../events/index.ts';
import type { Shop } from '../shop-type.ts';

/** The order mails that are retried when they cannot be made. */
export type RetriedMailKind = 'order_received' | 'payment_received';

/** The pause before the next try after `attempts` failed ones: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

/** An error's message as kept in `order_mail_retries.last_error` (500 characters at most). */
export const reason = (err: unknown) => String((err as Error)?.message ?? err).slice(0, 500);

/** Emits the customer's `kind` notice of an order (core/mail makes the mail, or throws when it cannot). */
export function emitNotice(tx: Db, kind: RetriedMailKind, orderId: string): Promise<void> {
  return emit(tx, { type: 'order.noticeDue', orderId, notice: kind });
}

/**
 * Emits the customer's `kind` notice of a just-written order inside `tx` (the order's transaction),
 * in a savepoint: when the mail cannot be made, only the savepoint is undone, the failure is logged
 * and kept in `order_mail_retries` for `retryOrderMails` (./mail-retries.ts), and the order's
 * transaction goes on.
 * @returns whether the notice was made (false: left to the retries).
 */
export async function noticeOrRetry(tx: Db, shop: Shop, kind: RetriedMailKind, order: { id: string; code: string }, now: Date): Promise<boolean> {
  try {
    await tx.transaction((sp) => emitNotice(sp as unknown as Db, kind, order.id));
    return true;
  } catch (err) {
    shop.log.error({ err, order: order.code, kind }, 'order mail could not be made; the order is kept and the mail retried');
    await tx
      .insert(orderMailRetries)
      .values({ orderId: order.id, kind, attempts: 1, lastError: reason(err), createdAt: now, nextAttemptAt: new Date(now.getTime() + retryDelayMs(1)) })
      .onConflictDoNothing();
    return false;
  }
}

/** The shop's address hears of failed order mails at most this often, milliseconds. */
const OWNER_ALERT_INTERVAL_MS = 60 * 60_000;

/**
 * Mails the shop's address (in the shop's mail language) about the order mails waiting for a
 * retry that it has not heard of, unless it was mailed within {@link OWNER_ALERT_INTERVAL_MS}:
 * a shop whose every checkout fails gets one mail an hour, not one per order. Never throws (the
 * failure is logged): the alert must not break the checkout that calls it.
 * @returns whether a mail was queued.
 */
export async function alertShopOfMailRetries(shop: Shop, now = new Date()): Promise<boolean> {
  try {
    return await shop.db.transaction(async (tx) => {
      const [recent] = await tx
        .select({ n: count() })
        .from(orderMailRetries)
        .where(gt(orderMailRetries.ownerAlertedAt, new Date(now.getTime() - OWNER_ALERT_INTERVAL_MS)));
      if (recent.n > 0) return false;
      const fresh = await tx
        .select({ orderId: orderMailRetries.orderId })
        .from(orderMailRetries)
        .innerJoin(orders, eq(orders.id, orderMailRetries.orderId))
        .where(isNull(orderMailRetries.ownerAlertedAt))
        .orderBy(asc(orderMailRetries.createdAt))
        .for('update', { of: orderMailRetries, skipLocked: true });
      if (fresh.length === 0) return false;
      // core/mail writes the alert in the shop's mail language
      await emit(tx, { type: 'order.noticesFailing', orderIds: fresh.map((r) => r.orderId) });
      await tx.update(orderMailRetries).set({ ownerAlertedAt: now }).where(isNull(orderMailRetries.ownerAlertedAt));
      return true;
    });
  } catch (err) {
    shop.log.error({ err }, 'the shop could not be alerted of order mails waiting for a retry');
    return false;
  }
}
