/**
 * Health and metrics endpoints (server/ops.ts) on the real HTTP app: answered before the Host
 * check (a load balancer's health check names the upstream's address), never cached; `/readyz`
 * follows the drain; `/metrics` only with the token, 404 without one configured. On PostgreSQL:
 * two shops opened at once on an empty database both open, and the migrations and the first-start
 * import happen once (the setup lock of core/db/client.ts).
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../core/db/client.ts';
import { openShop, type Shop } from '../../core/shop.ts';
import { createHttpApp, type HttpApp } from '../../server/app.ts';
import { recordJobRun } from '../../server/metrics.ts';
import type { Lifecycle } from '../../server/ops.ts';
import { loadBuild } from '../helpers/http.ts';
import { createTestDatabase, createTestShop, onPostgres } from '../helpers/shop.ts';

const TOKEN = 'a-metrics-token-of-some-length';
let shop: Shop;
let app: HttpApp;
const lifecycle: Lifecycle = { draining: false };

beforeAll(async () => {
  shop = await createTestShop({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.ch', TRUST_PROXY: '1', METRICS_TOKEN: TOKEN } });
  app = createHttpApp(shop, { build: await loadBuild(), lifecycle });
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

describe('health endpoints', () => {
  it('answer for any Host (the balancer names the upstream address), with no-store', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const res = await app.request(`http://10.0.0.7:3000${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    // the same Host on a page is refused: only the health endpoints skip the Host check
    expect((await app.request('http://10.0.0.7:3000/')).status).toBe(421);
  });

  it('/readyz reports 503 while the process drains; /healthz stays 200', async () => {
    lifecycle.draining = true;
    try {
      const ready = await app.request('http://10.0.0.7:3000/readyz');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'draining' });
      expect((await app.request('http://10.0.0.7:3000/healthz')).status).toBe(200);
    } finally {
      lifecycle.draining = false;
    }
    expect((await app.request('http://10.0.0.7:3000/readyz')).status).toBe(200);
  });
});

describe('/metrics', () => {
  it('needs the bearer token: 401 without or with another one', async () => {
    expect((await app.request('https://shop.example.ch/metrics')).status).toBe(401);
    expect((await app.request('https://shop.example.ch/metrics', { headers: { authorization: 'Bearer not-the-token-at-all!!' } })).status).toBe(401);
  });

  it('serves the Prometheus text format with orders, payments, outbox, job runs and process figures', async () => {
    recordJobRun('order-expiry', 'ok', 0.12);
    const res = await app.request('https://shop.example.ch/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).toMatch(/^shop_outbox_backlog \d+$/m);
    expect(text).toContain('# TYPE shop_orders gauge');
    expect(text).toContain('# TYPE shop_payments gauge');
    expect(text).toMatch(/^shop_job_runs_total\{job="order-expiry",outcome="ok"\} [1-9]\d*$/m);
    expect(text).toMatch(/^shop_ready 1$/m);
    expect(text).toMatch(/^shop_process_cpu_seconds_total \d/m);
  });

  it('answers 404 when METRICS_TOKEN is not set', async () => {
    const bare = await createTestShop({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.ch' } });
    try {
      const other = createHttpApp(bare, { build: await loadBuild(), pageCache: false });
      expect((await other.request('https://shop.example.ch/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

if (onPostgres)
  describe('two processes starting at once on an empty PostgreSQL database', () => {
    it('both open; the migrations and the first-start import run once', async () => {
      const db = await createTestDatabase(process.env.TEST_DATABASE_URL!);
      const lines: string[] = [];
      const logger = pino(
        { level: 'info' },
        new Writable({
          write(chunk: Buffer, _enc, done) {
            lines.push(chunk.toString());
            done();
          },
        }),
      );
      const env = { DATABASE_URL: db.url, NODE_ENV: 'test', DATA_DIR: 'memory://', SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'info' };
      const shops = await Promise.all([openShop(env, { logger }), openShop(env, { logger })]);
      try {
        expect(lines.filter((l) => l.includes('catalogue imported on first start'))).toHaveLength(1);
        const [products] = resultRows<{ n: string }>(await shops[1].db.execute(sql`SELECT count(*) AS n FROM products`));
        expect(Number(products.n)).toBe(72);
        const [settings] = resultRows<{ n: string }>(await shops[0].db.execute(sql`SELECT count(*) AS n FROM shop_config`));
        expect(Number(settings.n)).toBe(1);
      } finally {
        await Promise.all(shops.map((s) => s.close()));
        await db.drop();
      }
    }, 120_000);
  });
