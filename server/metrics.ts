/**
 * The shop's Prometheus metrics (docs/operations.md, "Health and metrics"): one registry per process, read at
 * `GET /metrics` (server/ops.ts) in the Prometheus text format by prom-client.
 *
 * - `shop_http_requests_total` and `shop_http_request_duration_seconds`, by method, route and
 *   status, counted at the Node listener (server/listener.ts), so page-cache hits answered before
 *   the Hono app are counted too; the route is the matched pattern from a fixed set
 *   (server/route-label.ts), so no request adds a series;
 * - `shop_page_cache_hits_total` / `_misses_total`, read from the page cache on scrape;
 * - `shop_orders{status}`, `shop_payments{status}` and `shop_outbox_backlog`, one cheap grouped
 *   query each on scrape;
 * - `shop_job_runs_total{job,outcome}` and `shop_job_duration_seconds{job}`, through
 *   {@link recordJobRun}, callable from wherever a scheduled job finishes;
 * - `shop_ready` (1 while `/readyz` would answer 200) and prom-client's default process metrics
 *   (CPU, resident memory, heap, event-loop lag, open file descriptors), prefixed `shop_`.
 */
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { resultRows, type Db } from '../core/db/index.ts';

/** The process's registry; `/metrics` serialises it. */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'shop_' });

const httpRequests = new Counter({
  name: 'shop_http_requests_total',
  help: 'HTTP requests answered, by method, route and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});
const httpDuration = new Histogram({
  name: 'shop_http_request_duration_seconds',
  help: 'Time from the request to the end of the response, in seconds, by method, route and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const jobRuns = new Counter({
  name: 'shop_job_runs_total',
  help: 'Scheduled job runs, by job and outcome (ok, failed, skipped).',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});
const jobDuration = new Histogram({
  name: 'shop_job_duration_seconds',
  help: 'Duration of scheduled job runs in seconds, by job.',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [registry],
});

/** What the scrape-time collectors read: set by {@link watchShop}. */
type Source = { db: Db; pageCacheStats: () => { hits: number; misses: number } | null; ready: () => boolean };
let source: Source | null = null;

/**
 * Points the scrape-time metrics (orders, payments, outbox, page cache, readiness) at a shop. The
 * last call wins: a process serves one shop (tests that build several apps in one process read
 * the last one's figures).
 */
export function watchShop(next: Source): void {
  source = next;
}

/**
 * A counter that follows one of the page cache's own counters on scrape: it grows by what the
 * cache counted since the last scrape (a cache counter that went back, e.g. a new cache, adds
 * nothing that scrape).
 */
function pageCacheCounter(name: string, help: string, field: 'hits' | 'misses') {
  let last = 0;
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const s = source?.pageCacheStats();
      if (s && s[field] >= last) this.inc(s[field] - last);
      if (s) last = s[field];
    },
  });
}
pageCacheCounter('shop_page_cache_hits_total', 'Anonymous pages answered from the shared page cache.', 'hits');
pageCacheCounter('shop_page_cache_misses_total', 'Cacheable anonymous pages that had to be rendered.', 'misses');

/** A gauge by `status` filled on scrape from `SELECT status, count(*) … GROUP BY status`. */
function statusGauge(name: string, help: string, query: ReturnType<typeof sql>) {
  return new Gauge({
    name,
    help,
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      if (!source) return;
      this.reset();
      for (const row of resultRows<{ status: string; n: number | string }>(await source.db.execute(query))) this.set({ status: row.status }, Number(row.n));
    },
  });
}
statusGauge('shop_orders', 'Orders in the database, by status.', sql`SELECT status, count(*) AS n FROM orders GROUP BY status`);
statusGauge(
  'shop_payments',
  'Payment records (captures and refunds) in the database, by status.',
  sql`SELECT status, count(*) AS n FROM payments GROUP BY status`,
);
new Gauge({
  name: 'shop_outbox_backlog',
  help: 'Mails waiting in the outbox to be sent (status pending).',
  registers: [registry],
  async collect() {
    if (!source) return;
    const [row] = resultRows<{ n: number | string }>(await source.db.execute(sql`SELECT count(*) AS n FROM mail_outbox WHERE status = 'pending'`));
    this.set(Number(row?.n ?? 0));
  },
});
new Gauge({
  name: 'shop_ready',
  help: '1 while the process takes new requests (/readyz answers 200 when the database answers too), 0 while it drains.',
  registers: [registry],
  collect() {
    this.set(source?.ready() ? 1 : 0);
  },
});

/**
 * Counts one finished run of a scheduled job.
 * @param job the job's name, e.g. `order-expiry` (a fixed set: never an id).
 * @param outcome `ok`, `failed`, or `skipped` (another process held the job's lock).
 * @param seconds how long it ran, in seconds (omit for a skipped run).
 */
export function recordJobRun(job: string, outcome: 'ok' | 'failed' | 'skipped', seconds?: number): void {
  jobRuns.inc({ job, outcome });
  if (seconds !== undefined) jobDuration.observe({ job }, seconds);
}

/**
 * Records one answered request (called when the response has been sent or the connection closed).
 * @param route the route's label from a fixed set (server/route-label.ts), never the raw path:
 *   prom-client keeps every label set it has seen until the process ends.
 * @param seconds time since the request arrived.
 */
export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = {
    method: /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$/.test(method) ? method : 'other',
    route,
    status: /^[1-5]\d\d$/.test(String(status)) ? String(status) : 'other',
  };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}
