/**
 * Crash test: two app processes on one PostgreSQL and Redis
 * take a checkout load — orders, promo codes, signed payment webhooks, each webhook replayed to
 * both processes — while one process is killed with SIGKILL and restarted, again and again. Then
 * the invariants are checked with SQL. Used by `tests/integration/chaos.test.ts` (short) and
 * `npm run chaos` (long, prints figures).
 *
 * Invariants:
 * 1. every order a client saw committed (201) exists;
 * 2. no payment recorded twice (provider + transaction id);
 * 3. each order's paid amount is the sum of its recorded payments;
 * 4. for each product: stock + units in orders holding stock = initial stock (no adjustments are
 *    made during the run);
 * 5. each promo code's use count = the orders holding it (no use counted twice or lost).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { Redis } from 'ioredis';
import { issueAccessToken } from '../../core/accounts/index.ts';
import { insertCustomer } from './customers.ts';
import { addToCart } from '../../core/cart/index.ts';
import { products } from '../../core/db/index.ts';
import { sandboxWebhook, SANDBOX_SIGNATURE_HEADER } from '../../core/payments/index.ts';
import { createPromo } from '../../core/promos/index.ts';
import { openShop, type Shop } from '../../core/shop.ts';
import { startApp, type AppProcess } from './cluster.ts';

/** What a run does. */
export type ChaosOptions = {
  /** PostgreSQL URL of an empty database of the run's own. */
  databaseUrl: string;
  /** Redis URL (a database of the run's own; emptied first). */
  redisUrl: string;
  /** First of two free ports for the app processes. */
  basePort: number;
  /** Customers, each with one checkout. */
  customers: number;
  /** Checkouts in flight at once. */
  concurrency: number;
  /** Crashes (SIGKILL) of process A, spread over the run. */
  crashes: number;
  log?: (line: string) => void;
};

/** What a run saw. */
export type ChaosResult = {
  ordersSeen: number;
  refused: number;
  networkErrors: number;
  webhooksSent: number;
  crashes: number;
  seconds: number;
  /** Broken invariants, as sentences (empty = all hold). */
  violations: string[];
};

type Call = { status: number; body: any } | { status: 0; error: string };

/**
 * Runs the load, the crashes and the checks.
 * @returns the figures and the broken invariants (never throws for a broken invariant).
 */
export async function runChaos(o: ChaosOptions): Promise<ChaosResult> {
  const log = o.log ?? (() => undefined);
  const started = Date.now();
  const redis = new Redis(o.redisUrl);
  await redis.flushdb();
  redis.disconnect();
  const secret = `chaos-${randomUUID()}`.padEnd(48, 'x');
  const env = {
    DATABASE_URL: o.databaseUrl,
    REDIS_URL: o.redisUrl,
    SESSION_SECRET: secret,
    NODE_ENV: 'production',
    PAYMENT_SANDBOX: 'on',
    LOG_LEVEL: 'fatal',
    DATA_DIR: 'memory://',
  };
  const apps: AppProcess[] = [await startApp(o.basePort, env)];
  apps.push(await startApp(o.basePort + 1, env));
  const shop: Shop = await openShop({ ...env, LOG_LEVEL: 'silent' }, { logger: pino({ level: 'silent' }) });
  const result: ChaosResult = { ordersSeen: 0, refused: 0, networkErrors: 0, webhooksSent: 0, crashes: 0, seconds: 0, violations: [] };
  try {
    // three products with little stock, so some buyers are refused; one promo code with a limit
    const stockRows = await shop.db.select({ id: products.id }).from(products).orderBy(products.sku).limit(3);
    const initial = new Map<string, number>();
    for (const [i, p] of stockRows.entries()) {
      const stock = Math.ceil(o.customers / 3) + i;
      await shop.db
        .update(products)
        .set({ stock, basePrice: 1000 + i * 500, discountPercent: 0 })
        .where(sql`${products.id} = ${p.id}`);
      initial.set(p.id, stock);
    }
    await createPromo(shop.db, {
      code: 'CHAOS10',
      kind: 'percent',
      value: 10,
      minOrder: 0,
      usageLimit: Math.ceil(o.customers / 3),
      active: true,
      validFrom: null,
      validTo: null,
    });

    const customers = await Promise.all(
      Array.from({ length: o.customers }, async (_, i) => {
        const id = await insertCustomer(shop, { emailPrefix: 'chaos', firstName: 'Chaos', lastName: `Buyer ${i}` });
        await addToCart(shop.db, id, stockRows[i % 3].id, 1 + (i % 2), id);
        return { id, token: await issueAccessToken(shop, { userId: id, role: 'Customer' }), promo: i % 2 === 0 };
      }),
    );

    const call = async (app: AppProcess, path: string, body: string, headers: Record<string, string>): Promise<Call> => {
      try {
        const res = await fetch(`${app.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
          signal: AbortSignal.timeout(15_000),
        });
        const text = await res.text();
        return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : text };
      } catch (e) {
        return { status: 0, error: String((e as Error).message) };
      }
    };
    /** Like a load balancer: a refused connection is retried once on the other process. */
    const send = async (i: number, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Call> => {
      const raw = typeof body === 'string' ? body : JSON.stringify(body);
      const first = await call(apps[i % 2], path, raw, headers);
      if (first.status !== 0) return first;
      result.networkErrors++;
      return call(apps[(i + 1) % 2], path, raw, headers);
    };

    const seen: string[] = [];
    let next = 0;
    const crashAt = new Set(Array.from({ length: o.crashes }, (_, k) => Math.floor(((k + 1) * o.customers) / (o.crashes + 1))));
    let crashing: Promise<void> | null = null;

    const worker = async () => {
      while (next < customers.length) {
        const i = next++;
        if (crashAt.has(i)) {
          // crashes one after the other: the next waits for the previous restart
          crashing = (crashing ?? Promise.resolve()).then(async () => {
            log(`crash ${result.crashes + 1}: SIGKILL app process on port ${apps[0].port} after ${i} checkouts started`);
            await apps[0].crash();
            result.crashes++;
            apps[0] = await startApp(o.basePort, env);
          });
        }
        const c = customers[i];
        const h = { accestoken: c.token };
        if (c.promo) await send(i, '/api/cart/promo', { userID: c.id, code: 'CHAOS10' }, h);
        const created = await send(i, '/api/order/create', { userID: c.id, paymentMethod: 'sandbox' }, h);
        if (created.status === 201) {
          const order = (created as { body: any }).body.order;
          seen.push(order._id);
          const hook = sandboxWebhook(shop, { code: order.code, total: Math.round(order.total * 100) }, 'approved');
          // the provider retries: the same webhook reaches both processes, twice
          for (let r = 0; r < 3; r++) {
            await send(i + r, '/api/payment/webhook/sandbox', hook.raw, { [SANDBOX_SIGNATURE_HEADER]: hook.signature });
            result.webhooksSent++;
          }
        } else if (created.status === 409 || created.status === 400) result.refused++;
      }
    };
    await Promise.all(Array.from({ length: o.concurrency }, worker));
    if (crashing) await crashing;
    result.ordersSeen = seen.length;

    // the invariants, in SQL
    const rows = async <T>(q: ReturnType<typeof sql>) => ((await shop.db.execute(q)) as unknown as { rows: T[] }).rows;
    const found = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM orders WHERE id IN (${sql.join(seen.length ? seen.map((s) => sql`${s}`) : [sql`''`], sql`, `)})`,
    );
    if (found[0].n !== seen.length) result.violations.push(`${seen.length - found[0].n} orders answered 201 but missing`);
    const dup = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM payments GROUP BY provider, provider_ref HAVING count(*) > 1) d`);
    if (dup[0].n) result.violations.push(`${dup[0].n} payments recorded twice`);
    const paid = await rows<{ code: string }>(
      sql`SELECT o.code FROM orders o LEFT JOIN payments p ON p.order_id = o.id GROUP BY o.id HAVING o.paid_rappen <> coalesce(sum(p.amount_rappen), 0)`,
    );
    if (paid.length) result.violations.push(`paid amount differs from its payments on ${paid.map((p) => p.code).join(', ')}`);
    for (const [id, stock] of initial) {
      const [r] = await rows<{ stock: number; held: number }>(
        sql`SELECT p.stock::int AS stock, coalesce((SELECT sum(l.count) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.product_id = p.id AND o.status NOT IN ('cancelled', 'expired')), 0)::int AS held FROM products p WHERE p.id = ${id}`,
      );
      if (r.stock < 0 || r.stock + r.held !== stock) result.violations.push(`product ${id}: stock ${r.stock} + held ${r.held} <> initial ${stock}`);
    }
    const [promo] = await rows<{ used: number; held: number }>(
      sql`SELECT used_count::int AS used, (SELECT count(*) FROM orders WHERE promo_code = 'CHAOS10' AND status NOT IN ('cancelled', 'expired'))::int AS held FROM promos WHERE code = 'CHAOS10'`,
    );
    if (promo.used !== promo.held) result.violations.push(`promo CHAOS10 counted ${promo.used} uses for ${promo.held} orders`);
  } finally {
    await Promise.all(apps.map((a) => a.stop().catch(() => undefined)));
    await shop.close();
    result.seconds = (Date.now() - started) / 1000;
  }
  return result;
}
