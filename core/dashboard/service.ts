/**
 * The admin dashboard's figures, each from one SQL aggregate (never by
 * loading every order): revenue per day and per week, orders by status, top products, stock
 * running low, bank payments to match and mails that failed. Days and weeks are those of the
 * shop's time zone (the `timeZone` setting, Europe/Zurich by default). Revenue is money received for orders minus refunds, by the day the order was paid.
 * Money in Rappen.
 */
import { and, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { users, products, resultRows, type Db, outbox, orderLines, orders, type OrderStatus, payments } from '../db/index.ts';
import { getSettings } from '../config/index.ts';

/** Statuses whose lines count as sold. */
const SOLD: OrderStatus[] = ['paid', 'processing', 'shipped', 'delivered'];

type RevenuePoint = { period: string; revenue: number; orders: number };
export type Dashboard = {
  daily: RevenuePoint[];
  weekly: RevenuePoint[];
  totals: { today: number; last7: number; last30: number; toShip: number; awaitingPayment: number };
  byStatus: { status: OrderStatus; n: number }[];
  topProducts: { productId: string; sku: string; name: string; units: number; revenue: number }[];
  lowStock: { id: string; sku: string; name: string; stock: number }[];
  attention: { n: number; latest: { id: string; amount: number; currency: string; reference: string | null; status: string; createdAt: Date }[] };
  failedMails: { n: number; latest: { id: string; to: string; subject: string; lastError: string | null; createdAt: Date }[] };
};

/**
 * Everything the dashboard shows.
 * @param opts.days days in the daily chart (default 30); opts.weeks weeks in the weekly chart
 *   (default 12); opts.lowStock threshold for the low-stock list (default each product's own low-stock threshold); opts.now the clock;
 *   opts.timeZone the zone of the days and weeks (default: the shop's setting).
 */
export async function dashboard(db: Db, opts: { days?: number; weeks?: number; lowStock?: number; now?: Date; timeZone?: string } = {}): Promise<Dashboard> {
  const nowIso = (opts.now ?? new Date()).toISOString();
  const tz = opts.timeZone ?? (await getSettings(db)).timeZone;
  const [daily, weekly, byStatus, top, low, [att], attLatest, [failed], failedLatest, [toShip], [awaiting]] = await Promise.all([
    revenueSeries(db, 'day', opts.days ?? 30, nowIso, tz),
    revenueSeries(db, 'week', opts.weeks ?? 12, nowIso, tz),
    db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status).orderBy(desc(count())),
    topProducts(db, nowIso),
    lowStockProducts(db, opts.lowStock),
    db
      .select({ n: count() })
      .from(payments)
      .where(inArray(payments.status, ['unmatched', 'overpaid'])),
    latestPaymentsToMatch(db),
    db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'failed')),
    latestFailedMails(db),
    db
      .select({ n: count() })
      .from(orders)
      .where(inArray(orders.status, ['paid', 'processing'])),
    db.select({ n: count() }).from(orders).where(eq(orders.status, 'pending_payment')),
  ]);
  const sum = (pts: RevenuePoint[]) => pts.reduce((s, p) => s + p.revenue, 0);
  return {
    daily,
    weekly,
    totals: { today: daily.at(-1)?.revenue ?? 0, last7: sum(daily.slice(-7)), last30: sum(daily.slice(-30)), toShip: toShip.n, awaitingPayment: awaiting.n },
    byStatus,
    topProducts: top.map((t) => ({ ...t, units: Number(t.units), revenue: Number(t.revenue) })),
    lowStock: low,
    attention: { n: att.n, latest: attLatest },
    failedMails: { n: failed.n, latest: failedLatest },
  };
}

/**
 * Revenue (received minus refunded) and paid orders per day or week of `tz`, the last `n` of them
 * up to today, empty periods included as 0: one aggregate over a generated series of periods.
 */
async function revenueSeries(db: Db, unit: 'day' | 'week', n: number, nowIso: string, tz: string): Promise<RevenuePoint[]> {
  const net = sql<number>`(${orders.paidAmount} - ${orders.refundedAmount})`;
  const localDay = sql`(${orders.paidAt} at time zone ${tz})::date`;
  const today = sql`(${nowIso}::timestamptz at time zone ${tz})::date`;
  const step = unit === 'day' ? sql`interval '1 day'` : sql`interval '1 week'`;
  const start = unit === 'day' ? sql`(${today} - ${n - 1}::int)` : sql`(date_trunc('week', ${today})::date - ${(n - 1) * 7}::int)`;
  const bucket = unit === 'day' ? localDay : sql`date_trunc('week', ${localDay})::date`;
  const rows = await db.execute<{ period: string; revenue: string | number; orders: string | number }>(sql`
    with buckets as (select generate_series(${start}::date, ${today}::date, ${step})::date as period),
    paid as (
      select ${bucket} as period, sum(${net}) as revenue, count(*) as orders
      from ${orders}
      where ${orders.paidAt} is not null and ${localDay} >= ${start}::date
      group by 1
    )
    select to_char(b.period, 'YYYY-MM-DD') as period, coalesce(p.revenue, 0) as revenue, coalesce(p.orders, 0) as orders
    from buckets b left join paid p on p.period = b.period
    order by b.period`);
  const list = resultRows<{ period: string; revenue: string | number; orders: string | number }>(rows);
  return list.map((r) => ({ period: r.period, revenue: Number(r.revenue), orders: Number(r.orders) }));
}

/** The five best sellers of the last 30 days by units, then revenue (sold statuses only). */
function topProducts(db: Db, nowIso: string) {
  return db
    .select({
      productId: orderLines.productId,
      sku: orderLines.sku,
      name: sql<string>`max(${orderLines.name})`,
      units: sql<number>`sum(${orderLines.count})::int`,
      revenue: sql<number>`sum(${orderLines.lineTotal})::bigint`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orders.status, SOLD), sql`${orders.paidAt} >= ${nowIso}::timestamptz - interval '30 days'`))
    .groupBy(orderLines.productId, orderLines.sku)
    .orderBy(desc(sql`sum(${orderLines.count})`), desc(sql`sum(${orderLines.lineTotal})`))
    .limit(5);
}

/** Up to ten active products at or below `threshold` (default: each product's own threshold), lowest first. */
function lowStockProducts(db: Db, threshold: number | undefined) {
  return db
    .select({ id: products.id, sku: products.sku, name: products.name, stock: products.stock })
    .from(products)
    .where(and(eq(products.active, true), lte(products.stock, threshold ?? products.lowStockThreshold)))
    .orderBy(products.stock, products.name)
    .limit(10);
}

/** The five newest bank payments an admin must match by hand (unmatched or overpaid). */
function latestPaymentsToMatch(db: Db) {
  return db
    .select({
      id: payments.id,
      amount: payments.amount,
      currency: payments.currency,
      reference: payments.reference,
      status: payments.status,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(inArray(payments.status, ['unmatched', 'overpaid']))
    .orderBy(desc(payments.createdAt))
    .limit(5);
}

/** The five newest mails the outbox gave up on. */
function latestFailedMails(db: Db) {
  return db
    .select({ id: outbox.id, to: outbox.to, subject: outbox.subject, lastError: outbox.lastError, createdAt: outbox.createdAt })
    .from(outbox)
    .where(eq(outbox.status, 'failed'))
    .orderBy(desc(outbox.createdAt))
    .limit(5);
}

/**
 * How many accounts exist (`n`, every row of `users`, erased ones included) and how many of them
 * have not confirmed their e-mail address yet (`unverified`): the dashboard's customer tile.
 */
export async function userCounts(db: Db): Promise<{ n: number; unverified: number }> {
  const [[all], [unverified]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(users).where(isNull(users.emailVerifiedAt)),
  ]);
  return { n: all.n, unverified: unverified.n };
}
