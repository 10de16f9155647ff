/**
 * Making an order mail inside the order's transaction without risking the order: see
 * ./mail-retries.ts for the whole retry path (kept apart so the order service can use it without
 * importing the retries, which read orders through the service).
 */
import { asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { ShopSettings } from '../config/browser.ts';
import { publicOrigin } from '../config/browser.ts';
import { getSettings } from '../config/index.ts';
import type { Db, OrderWithLines } from '../db/index.ts';
import { orderMailRetries, orders } from '../db/index.ts';
import { storedLocale } from '../i18n/browser.ts';
import { textIn } from '../i18n/index.ts';
import { deliverOutbox, queueMail } from '../mail/index.ts';
import type { Shop } from '../shop-type.ts';
import { queueOrderReceivedMail, queuePaymentReceivedMail } from './notifications.ts';
import { shopMailAddress } from './shop-mail.ts';

/** The order mails that are retried when they cannot be made. */
export type RetriedMailKind = 'order_received' | 'payment_received';

/** The pause before the next try after `attempts` failed ones: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

/** An error's message as kept in `order_mail_retries.last_error` (500 characters at most). */
export const reason = (err: unknown) => String((err as Error)?.message ?? err).slice(0, 500);

/** Makes and queues the `kind` mail of `order` for `to` (the customer) with `settings`. */
export function queueKind(tx: Db, shop: Shop, kind: RetriedMailKind, order: OrderWithLines, to: string, settings: ShopSettings): Promise<string> {
  return kind === 'order_received' ? queueOrderReceivedMail(tx, shop, order, to, settings) : queuePaymentReceivedMail(tx, shop, order, to, settings);
}

/**
 * Queues the `kind` mail of a just-written order inside `tx` (the order's transaction), in a
 * savepoint: when making it fails, only the savepoint is undone, the failure is logged and kept
 * in `order_mail_retries` for `retryOrderMails` (./mail-retries.ts), and the order's transaction goes on.
 * @returns the outbox id, or null when the mail is left to the retries.
 */
export async function queueOrderMailOrRetry(
  tx: Db,
  shop: Shop,
  kind: RetriedMailKind,
  order: OrderWithLines,
  to: string,
  settings: ShopSettings,
  now: Date,
): Promise<string | null> {
  try {
    return await tx.transaction((sp) => queueKind(sp as unknown as Db, shop, kind, order, to, settings));
  } catch (err) {
    shop.log.error({ err, order: order.code, kind }, 'order mail could not be made; the order is kept and the mail retried');
    await tx
      .insert(orderMailRetries)
      .values({ orderId: order.id, kind, attempts: 1, lastError: reason(err), createdAt: now, nextAttemptAt: new Date(now.getTime() + retryDelayMs(1)) })
      .onConflictDoNothing();
    return null;
  }
}

/** The shop's address hears of failed order mails at most this often, milliseconds. */
export const OWNER_ALERT_INTERVAL_MS = 60 * 60_000;

/**
 * Mails the shop's address (in the shop's mail language) about the order mails waiting for a
 * retry that it has not heard of, unless it was mailed within {@link OWNER_ALERT_INTERVAL_MS}:
 * a shop whose every checkout fails gets one mail an hour, not one per order. Never throws (the
 * failure is logged): the alert must not break the checkout that calls it.
 * @returns whether a mail was queued.
 */
export async function alertShopOfMailRetries(shop: Shop, now = new Date()): Promise<boolean> {
  try {
    const id = await shop.db.transaction(async (tx) => {
      const [recent] = await tx
        .select({ n: count() })
        .from(orderMailRetries)
        .where(gt(orderMailRetries.ownerAlertedAt, new Date(now.getTime() - OWNER_ALERT_INTERVAL_MS)));
      if (recent.n > 0) return null;
      const fresh = await tx
        .select({ orderId: orderMailRetries.orderId, code: orders.code, lastError: orderMailRetries.lastError })
        .from(orderMailRetries)
        .innerJoin(orders, eq(orders.id, orderMailRetries.orderId))
        .where(isNull(orderMailRetries.ownerAlertedAt))
        .orderBy(asc(orderMailRetries.createdAt))
        .for('update', { of: orderMailRetries, skipLocked: true });
      if (fresh.length === 0) return null;
      const settings = await getSettings(tx);
      const lang = storedLocale(settings.shopMailLocale);
      const origin = publicOrigin(shop.env);
      const text = [
        textIn(lang, 'mail:jobs.orderMailFailed.intro', { n: fresh.length }),
        '',
        ...fresh.map((r) => `  ${r.code}: ${r.lastError}`),
        '',
        textIn(lang, 'mail:jobs.orderMailFailed.retry'),
        '',
        `${textIn(lang, 'mail:jobs.orderMailFailed.settings')}: ${origin}/admin/settings`,
        `${textIn(lang, 'mail:jobs.orderMailFailed.dashboard')}: ${origin}/admin/home`,
        '',
      ].join('\n');
      const mailId = await queueMail(
        tx,
        { to: shopMailAddress(settings), subject: textIn(lang, 'mail:jobs.orderMailFailed.subject', { n: fresh.length, code: fresh[0].code }), text },
        Boolean(shop.env.SMTP_URL),
      );
      await tx.update(orderMailRetries).set({ ownerAlertedAt: now }).where(isNull(orderMailRetries.ownerAlertedAt));
      return mailId;
    });
    if (id) await deliverOutbox(shop, [id]).catch((err: unknown) => shop.log.warn({ err }, 'alert mail delivery failed; the outbox job retries'));
    return Boolean(id);
  } catch (err) {
    shop.log.error({ err }, 'the shop could not be alerted of order mails waiting for a retry');
    return false;
  }
}
