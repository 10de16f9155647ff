/**
 * `npm run bench -- --release`: a release day rush on the production layout. 2,000 signed-in
 * buyers (customers written to the database beforehand, each with an access token, a delivery
 * address of their own and a TLS connection of their own to Caddy from an address of its own,
 * 127.x.y.z, so the per-address limits count buyers as in production) race for 100 units of a
 * release (limit 1 per customer) on PostgreSQL, with 1, 2 and 4 app processes of the built shop
 * behind Caddy (scripts/lib/cluster.ts, `deploy/Caddyfile`) and Redis. When the release opens
 * every buyer adds one unit to the cart and, if that was accepted, creates the order (card
 * payment, the sandbox provider) at once.
 *
 * Printed per run: units sold (must be 100), oversold (must be 0), 5xx answers (must be 0), the
 * answers by status, p50/p99 of add to cart and of order create, the time until the last buyer had
 * the last answer, and order answers per second as a ratio to the same run's ceiling: the same
 * 2,000 connections each asking `GET /healthz` at once (Caddy and the processes, no database work),
 * measured just before the release opens.
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) creates and
 * drops a database of its own; BENCH_REDIS_URL (default redis://127.0.0.1:6379/11) is emptied
 * first; BENCH_BUYERS (2000), BENCH_UNITS (100), BENCH_PROCESSES ("1,2,4").
 */
import fs from 'node:fs';
import http2 from 'node:http2';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { issueAccessToken } from '../core/accounts/index.ts';
import { orderLines, orders, productReleases, products, resultRows, users } from '../core/db/index.ts';
import { openShop, type Shop } from '../core/shop.ts';
import { freePort, startCluster, type Cluster } from './lib/cluster.ts';
import { createTestDatabase } from './lib/test-database.ts';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 2000);
const UNITS = Number(process.env.BENCH_UNITS ?? 100);
const PROCESS_COUNTS = (process.env.BENCH_PROCESSES ?? '1,2,4').split(',').map(Number);
const SECRET = 'release-bench-session-secret-'.padEnd(64, 'r');

type Buyer = { id: string; token: string; session: http2.ClientHttp2Session | null };
type Answer = { status: number; ms: number; end: number; body: string };

/** The `q`-quantile of `list` (milliseconds, one decimal). */
function quantile(list: number[], q: number): number {
  if (list.length === 0) return NaN;
  const sorted = [...list].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
}

/** The median and the 99th percentile of the answers' times (milliseconds, one decimal). */
function latencies(answers: Answer[]): { p50: number; p99: number } {
  const ms = answers.map((a) => a.ms);
  return { p50: quantile(ms, 0.5), p99: quantile(ms, 0.99) };
}

/** A buyer's own HTTP/2 connection to Caddy, from loopback address number `i` (127.1.0.1 and up, 250 per /24). */
function connect(i: number, port: number, ca: Buffer): Promise<http2.ClientHttp2Session> {
  const localAddress = `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  return new Promise((resolve, reject) => {
    const session = http2.connect(`https://localhost:${port}`, {
      createConnection: () =>
        tls.connect({ socket: net.connect({ host: '127.0.0.1', port, localAddress }), servername: 'localhost', ca, ALPNProtocols: ['h2'] }),
    });
    session.once('connect', () => resolve(session));
    session.once('error', reject);
  });
}

/** One request on a buyer's connection: status and milliseconds (599 when the connection failed). */
function request(session: http2.ClientHttp2Session, method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const start = performance.now();
  return new Promise((resolve) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = session.request({ ':method': method, ':path': p, ...(data ? { 'content-type': 'application/json' } : {}), ...headers });
    let status = 599;
    let text = '';
    req.setEncoding('utf8');
    req.on('response', (h) => (status = Number(h[':status'])));
    req.on('data', (chunk: string) => (text += chunk));
    const done = () => resolve({ status, ms: performance.now() - start, end: performance.now(), body: text.slice(0, 200) });
    req.on('end', done);
    req.on('error', (e: Error) => resolve({ status: 599, ms: performance.now() - start, end: performance.now(), body: e.message }));
    req.end(data);
  });
}

/** Writes `n` verified adult customers, each at an address of their own, and signs their tokens. */
async function createBuyers(shop: Shop, n: number, run: number): Promise<Buyer[]> {
  const rows = Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    email: `bench-${run}-${i}-${randomUUID().slice(0, 8)}@example.ch`,
    passwordHash: 'unused',
    firstName: 'Bench',
    lastName: `Buyer ${i}`,
    dateOfBirth: '1980-01-01',
    street: `Benchweg ${run}-${i}`,
    postalCode: '8002',
    city: 'Zürich',
    country: 'CH',
    role: 'Customer' as const,
    locale: 'en',
    emailVerifiedAt: new Date(),
  }));
  for (let i = 0; i < rows.length; i += 500) await shop.db.insert(users).values(rows.slice(i, i + 500));
  return Promise.all(rows.map(async (r) => ({ id: r.id, token: await issueAccessToken(shop, { userId: r.id, role: 'Customer' }), session: null })));
}

type RunResult = {
  processes: number;
  sold: number;
  oversold: number;
  fiveXx: number;
  statuses: Record<string, number>;
  /** One answer's text per refused status (what the buyers were told). */
  samples: Record<string, string>;
  add: { p50: number; p99: number };
  create: { p50: number; p99: number };
  allAnsweredMs: number;
  orderAnswersPerS: number;
  soldPerS: number;
  ceilingPerS: number;
};

/** One rush with `processes` app processes on the database of `dbUrl`. */
async function rush(shop: Shop, dbUrl: string, redisUrl: string, processes: number, productIndex: number): Promise<RunResult> {
  const redis = new Redis(redisUrl);
  await redis.flushdb(); // rate-limit counters of the previous run
  redis.disconnect();
  const env = { DATABASE_URL: dbUrl, REDIS_URL: redisUrl, SESSION_SECRET: SECRET, PAYMENT_SANDBOX: 'on', LOG_LEVEL: 'warn', DATA_DIR: 'memory://' };
  console.error(`== ${processes} process${processes > 1 ? 'es' : ''}: starting behind Caddy`);
  const cluster: Cluster = await startCluster({ processes, port: await freePort(), env, healthIntervalMs: 500 });
  try {
    const port = Number(new URL(cluster.caddy.url).port);
    const ca = cluster.caddy.rootCa();
    const [product] = await shop.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.active, true))
      .orderBy(products.sku)
      .offset(productIndex)
      .limit(1);
    await shop.db.update(products).set({ stock: UNITS }).where(eq(products.id, product.id));
    // far away until every buyer is connected; then set to open shortly
    await shop.db
      .insert(productReleases)
      .values({ productId: product.id, opensAt: new Date(Date.now() + 3_600_000), perCustomerLimit: 1 })
      .onConflictDoUpdate({ target: productReleases.productId, set: { opensAt: new Date(Date.now() + 3_600_000), perCustomerLimit: 1 } });
    console.error(`   writing ${BUYERS} buyers, connecting each to Caddy`);
    const buyers = await createBuyers(shop, BUYERS, productIndex);
    for (let i = 0; i < buyers.length; i += 100) await Promise.all(buyers.slice(i, i + 100).map(async (b, k) => (b.session = await connect(i + k, port, ca))));
    // warm-up: each process's first requests (JIT, prepared statements), and the ceiling
    for (let i = 0; i < 3; i++) await Promise.all(buyers.slice(0, 200).map((b) => request(b.session!, 'GET', '/api/configuration/configurations')));
    const c0 = performance.now();
    const ceiling = await Promise.all(buyers.map((b) => request(b.session!, 'GET', '/healthz')));
    const ceilingPerS = (ceiling.length / (Math.max(...ceiling.map((a) => a.end)) - c0)) * 1000;
    // the release opens in 1.5 s (by the database's clock, which the shop's checks use)
    const [{ now }] = resultRows<{ now: string | Date }>(await shop.db.execute(sql`select now() as now`));
    const opensAt = new Date(new Date(now).getTime() + 1500);
    await shop.db.update(productReleases).set({ opensAt }).where(eq(productReleases.productId, product.id));
    await new Promise((r) => setTimeout(r, opensAt.getTime() - Date.now() + 20));
    console.error('   the release opens');
    const t0 = performance.now();
    const adds: Answer[] = [];
    const creates: Answer[] = [];
    await Promise.all(
      buyers.map(async (b) => {
        const auth = { accestoken: b.token };
        const added = await request(b.session!, 'POST', '/api/cart/addProduct', { userID: b.id, productID: product.id, count: 1 }, auth);
        adds.push(added);
        if (added.status !== 200) return;
        creates.push(await request(b.session!, 'POST', '/api/order/create', { userID: b.id, paymentMethod: 'sandbox' }, auth));
      }),
    );
    const allAnsweredMs = Math.max(...[...adds, ...creates].map((a) => a.end)) - t0;
    // an app process that ended during the rush (a crash) is named, with its last words
    for (const app of cluster.apps())
      if (app.child.exitCode !== null || app.child.signalCode !== null)
        console.error(`   app process on port ${app.port} ended (${app.child.exitCode ?? app.child.signalCode}): ${app.stderr().slice(-500)}`);
    if (process.env.BENCH_VERBOSE)
      console.error(
        `   caddy: ${cluster.caddy.stderr().slice(-400000)}\n   apps: ${cluster
          .apps()
          .map((a) => a.stdout().slice(-2000))
          .join('\n')}`,
      );
    for (const b of buyers) b.session?.close();
    const [{ units }] = await shop.db
      .select({ units: sql<string>`coalesce(sum(${orderLines.count}), 0)` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          eq(orderLines.productId, product.id),
          inArray(
            orders.userId,
            buyers.map((b) => b.id),
          ),
          ne(orders.status, 'cancelled'),
          ne(orders.status, 'expired'),
        ),
      );
    const [{ stock }] = await shop.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
    const sold = Number(units);
    const statuses: Record<string, number> = {};
    const samples: Record<string, string> = {};
    for (const [kind, list] of [
      ['add', adds],
      ['create', creates],
    ] as const)
      for (const a of list) {
        const key = `${kind} ${a.status}`;
        statuses[key] = (statuses[key] ?? 0) + 1;
        if (a.status >= 300) samples[key] ??= a.body;
      }
    const createSpan = creates.length ? Math.max(...creates.map((a) => a.end)) - t0 : NaN;
    const soldSpan = Math.max(0, ...creates.filter((a) => a.status === 201).map((a) => a.end)) - t0;
    return {
      processes,
      sold,
      oversold: Math.max(0, sold - UNITS) + (stock < 0 ? -stock : 0),
      fiveXx: [...adds, ...creates].filter((a) => a.status >= 500).length,
      statuses,
      samples,
      add: latencies(adds),
      create: latencies(creates),
      allAnsweredMs,
      orderAnswersPerS: (creates.length / createSpan) * 1000,
      soldPerS: (sold / soldSpan) * 1000,
      ceilingPerS,
    };
  } finally {
    await cluster.stop();
  }
}

/** Runs the release benchmark (see the module comment) and prints its table. */
export async function releaseBench(): Promise<void> {
  if (!fs.existsSync('build/server/server.js')) throw new Error('build/ is missing: run `npx react-router build` first');
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/11';
  const db = await createTestDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const dbUrl = db.url;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-release-bench-'));
  let shop: Shop | undefined;
  const results: RunResult[] = [];
  try {
    // the first start migrates and imports the catalogue (the processes then find it done)
    shop = await openShop({ DATABASE_URL: dbUrl, SESSION_SECRET: SECRET, DATA_DIR: path.join(tmp, 'data'), LOG_LEVEL: 'warn' });
    let index = 0;
    for (const n of PROCESS_COUNTS) results.push(await rush(shop, dbUrl, redisUrl, n, index++));
  } finally {
    await shop?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
    await db.drop();
  }
  console.log(
    `\nRelease rush: ${BUYERS} signed-in buyers for ${UNITS} units (limit 1 per customer), PostgreSQL, Caddy in front, add to cart then order create (card) as soon as the release opens`,
  );
  const head = ['processes', 'sold', 'oversold', '5xx', 'add p50/p99 ms', 'create p50/p99 ms', 'all answered', 'order answers/s', 'vs ceiling', 'sold/s'];
  console.log(head.join(' | '));
  for (const r of results)
    console.log(
      [
        r.processes,
        r.sold,
        r.oversold,
        r.fiveXx,
        `${r.add.p50} / ${r.add.p99}`,
        `${r.create.p50} / ${r.create.p99}`,
        `${(r.allAnsweredMs / 1000).toFixed(2)} s`,
        Math.round(r.orderAnswersPerS),
        `${(r.orderAnswersPerS / r.ceilingPerS).toFixed(3)} (ceiling ${Math.round(r.ceilingPerS)} req/s)`,
        Math.round(r.soldPerS),
      ].join(' | '),
    );
  for (const r of results) for (const [k, v] of Object.entries(r.samples)) console.log(`  ${r.processes} process(es), ${k}: ${v}`);
  for (const r of results)
    console.log(
      `  ${r.processes} process(es): ${Object.entries(r.statuses)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ')}`,
    );
  console.log(
    `\nNode ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'} shared by PostgreSQL, Redis, Caddy, the app processes and the ${BUYERS} clients; load average ${os.loadavg()[0].toFixed(1)}. Ceiling: the same connections each asking GET /healthz at once, just before the release opened.`,
  );
  const failed = results.filter((r) => r.sold !== Math.min(UNITS, BUYERS) || r.oversold > 0 || r.fiveXx > 0);
  if (failed.length) {
    console.log(
      `FAILED: ${failed.map((r) => `${r.processes} process(es)`).join(', ')} sold ${failed.map((r) => r.sold).join('/')} of ${UNITS}, or oversold, or 5xx`,
    );
    process.exitCode = 1;
  }
}
