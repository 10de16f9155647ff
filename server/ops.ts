/**
 * Health and metrics endpoints for the machines in front of the shop (docs/operations.md, "Health and
 * metrics"), mounted before every other middleware of the HTTP app: no Host check (a load
 * balancer's health check names the upstream's address, not the shop's domain), no session, no
 * page cache, and `Cache-Control: no-store` on every answer.
 *
 * - `GET /healthz`: 200 while the process runs its event loop (liveness: restart it when this fails).
 * - `GET /readyz`: 200 when the database answers and the process is not draining, else 503
 *   (readiness: send it no new requests). Caddy's active health check polls it.
 * - `GET /metrics`: the Prometheus text format (server/metrics.ts), only with
 *   `Authorization: Bearer <METRICS_TOKEN>`; 404 when `METRICS_TOKEN` is unset, 401 for another token.
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { databaseReachable } from '../core/db/index.ts';
import type { Shop } from '../core/shop.ts';
import { registry, watchShop } from './metrics.ts';

/** The process's lifecycle as the health endpoints report it; `draining` is set on SIGTERM (server/start.ts). */
export type Lifecycle = { draining: boolean };

const NO_STORE = { 'Cache-Control': 'no-store' };

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The three endpoints as a Hono app to mount at `/`.
 * @param pageCacheStats the page cache's counters (for the hit metrics), or null without a cache.
 */
export function opsRoutes(shop: Pick<Shop, 'db' | 'env'>, lifecycle: Lifecycle, pageCacheStats: () => { hits: number; misses: number } | null): Hono {
  watchShop({ db: shop.db, pageCacheStats, ready: () => !lifecycle.draining });
  const app = new Hono();
  app.on(['GET', 'HEAD'], '/healthz', (c) => c.json({ status: 'ok' }, 200, NO_STORE));
  app.on(['GET', 'HEAD'], '/readyz', async (c) => {
    if (lifecycle.draining) return c.json({ status: 'draining' }, 503, NO_STORE);
    if (!(await databaseReachable(shop.db))) return c.json({ status: 'database unreachable' }, 503, NO_STORE);
    return c.json({ status: 'ready' }, 200, NO_STORE);
  });
  app.get('/metrics', async (c) => {
    const token = shop.env.METRICS_TOKEN;
    if (!token) return c.text('Not Found', 404, NO_STORE);
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!sameToken(given, token)) return c.text('Unauthorized', 401, { ...NO_STORE, 'WWW-Authenticate': 'Bearer realm="metrics"' });
    return c.body(await registry.metrics(), 200, { ...NO_STORE, 'Content-Type': registry.contentType });
  });
  return app;
}
