/**
 * The jobs about unpaid bank-transfer (QR-bill) orders (docs/api.md, "Running the shop day to
 * day"): the payment reminder when {@link REMINDER_DAYS_LEFT} days of the reservation are left,
 * and the expiry of unpaid orders with a mail to the customer once a bank-transfer reservation
 * lapses. Each mail is claimed by a row in `order_job_mails` inserted in the transaction that
 * emits its event (core/mail makes and queues the mail in it), so it goes out once however many
 * runs or processes see the order.
 */
import { and, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import { users, orders, orderJobMails } from '../db/index.ts';
import type { Db, OrderStatus } from '../db/index.ts';
import { emit } from '../events/index.ts';
import { expireDueOrders } from '../orders/index.ts';
import type { Shop } from '../shop-type.ts';

/** Days of reservation left when the customer gets the payment reminder. */
const REMINDER_DAYS_LEFT = 2;
/** Orders that expired longer ago than this are not mailed any more (e.g. after a long downtime), days. */
const EXPIRY_MAIL_WINDOW_DAYS = 14;

const DAY_MS = 86_400_000;

/**
 * Claims the `kind` mail of an order inside `tx`.
 * @returns true when this caller got it (no earlier claim), false otherwise.
 */
async function claim(tx: Db, orderId: string, kind: MailKind, now: Date): Promise<boolean> {
  const rows = await tx.insert(orderJobMails).values({ orderId, kind, sentAt: now }).onConflictDoNothing().returning({ orderId: orderJobMails.orderId });
  return rows.length === 1;
}

type Candidate = { id: string; email: string | null };
type MailKind = 'payment_reminder' | 'expiry';

/**
 * Bank-transfer (QR-bill) orders in `status` that have not had their `kind` mail yet and meet
 * `conditions`, with the customer's e-mail (null when the account is gone), at most `limit`.
 */
function unmailedQrBillOrders(shop: Shop, status: OrderStatus, kind: MailKind, limit: number, ...conditions: SQL[]): Promise<Candidate[]> {
  return shop.db
    .select({ id: orders.id, email: users.email })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(orders.status, status),
        eq(orders.paymentMethod, 'qr-bill'),
        ...conditions,
        sql`not exists (select 1 from ${orderJobMails} m where m.order_id = ${orders.id} and m.kind = ${kind})`,
      ),
    )
    .limit(limit);
}

/**
 * Claims the `kind` mail of each candidate with a customer address and emits its event, each in
 * its own transaction (`wanted` answers false when the order no longer wants the mail: the claim
 * stays, nothing is emitted); core/mail queues the mail and delivers it after the commit.
 * @returns how many mails were due (events emitted).
 */
async function mailOnce(
  shop: Shop,
  candidates: Candidate[],
  kind: MailKind,
  now: Date,
  wanted: (tx: Db, orderId: string) => Promise<boolean>,
): Promise<number> {
  let n = 0;
  for (const c of candidates) {
    const emitted = await shop.db.transaction(async (tx) => {
      if (!(await claim(tx, c.id, kind, now)) || !c.email || !(await wanted(tx, c.id))) return false;
      await emit(tx, { type: kind === 'expiry' ? 'order.expiryNoticeDue' : 'order.paymentReminderDue', orderId: c.id });
      return true;
    });
    if (emitted) n++;
  }
  return n;
}

/**
 * Sends the payment reminder for every unpaid bank-transfer order whose reservation ends within
 * {@link REMINDER_DAYS_LEFT} days of `now` and was longer than that to start with (a 2-day
 * reservation gets no reminder the minute it is made). In the order's language, with amount
 * still open, IBAN, payee, QR reference, the last day and the QR-bill attached again.
 * @returns how many reminders were queued.
 */
export async function sendPaymentReminders(shop: Shop, now: Date): Promise<number> {
  const due = await unmailedQrBillOrders(
    shop,
    'pending_payment',
    'payment_reminder',
    200,
    gt(orders.expiresAt, now),
    lte(orders.expiresAt, new Date(now.getTime() + REMINDER_DAYS_LEFT * DAY_MS)),
    sql`${orders.expiresAt} - ${orders.createdAt} > make_interval(days => ${REMINDER_DAYS_LEFT})`,
    sql`${orders.paidAmount} < ${orders.total}`,
  );
  if (due.length === 0) return 0;
  return mailOnce(shop, due, 'payment_reminder', now, async (tx, orderId) => {
    const [o] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    return o?.status === 'pending_payment';
  });
}

/**
 * Expires every unpaid order whose time is up as at `now` (stock and promo use given back, as
 * {@link expireDueOrders} does), then mails the customer of each expired bank-transfer order
 * that has not had its expiry mail (also orders expired lazily by a page view meanwhile).
 * @returns how many orders expired in this run and how many mails were queued.
 */
export async function expireOrdersAndNotify(shop: Shop, now: Date): Promise<{ expired: number; mailed: number }> {
  let expired = 0;
  // expireDueOrders takes 200 orders per call: a catch-up after a long downtime needs several
  for (let round = 0; round < 50; round++) {
    const n = await expireDueOrders(shop, now);
    expired += n;
    if (n < 200) break;
  }
  const lapsed = await unmailedQrBillOrders(shop, 'expired', 'expiry', 500, gt(orders.expiresAt, new Date(now.getTime() - EXPIRY_MAIL_WINDOW_DAYS * DAY_MS)));
  if (lapsed.length === 0) return { expired, mailed: 0 };
  const mailed = await mailOnce(shop, lapsed, 'expiry', now, async () => true);
  return { expired, mailed };
}
