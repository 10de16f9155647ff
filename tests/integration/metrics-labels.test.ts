/**
 * The HTTP metrics' `route` label is the matched route pattern from a fixed set
 * (server/route-label.ts), never the raw path: requests for random paths, random reset tokens and
 * random API calls add no series to `/metrics`, so nobody can grow the process's memory or the
 * scrape through them. Served through the same Node listener as `npm start` (server/listener.ts).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '../../core/shop.ts';
import { createHttpApp, type HttpApp } from '../../server/app.ts';
import { instrumented } from '../../server/listener.ts';
import { withFront } from '../../server/page-cache-front.ts';
import { loadBuild } from '../helpers/http.ts';
import { openTestSuite } from '../helpers/suite.ts';

const TOKEN = 'a-metrics-token-of-some-length';
let shop: Shop;
let app: HttpApp;
let server: Server;
let base: string;

beforeAll(async () => {
  ({ shop } = await openTestSuite({ env: { METRICS_TOKEN: TOKEN } }));
  app = createHttpApp(shop, { build: await loadBuild() });
  server = createServer(instrumented({ draining: false }, { n: 0 }, app.routeLabel, withFront(app.front, getRequestListener(app.fetch))));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await shop?.close();
});

const rand = () => randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');

/** The HTTP series (`shop_http_*` sample lines) and the distinct route labels of one scrape. */
async function scrape(): Promise<{ series: number; routes: Set<string> }> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  const lines = text.split('\n').filter((l) => l.startsWith('shop_http_'));
  return { series: lines.length, routes: new Set(lines.map((l) => /route="([^"]*)"/.exec(l)?.[1] ?? '')) };
}

/** The four kinds of attack request: a random page, a random reset link's data, a random API call, a random file. */
const attacks = [() => `/${rand()}`, () => `/reset/${rand()}.data`, () => `/api/${rand()}`, () => `/${rand()}.php`];

/** Sends `paths` with a few requests in flight at once; returns the statuses. */
async function sendAll(paths: string[], parallel = 8): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < paths.length) {
        const res = await fetch(`${base}${paths[next++]}`);
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    }),
  );
  return statuses;
}

describe('route labels of the HTTP metrics', () => {
  it('name the matched pattern: page route ids, API operations, resources, a fixed set for files', () => {
    const labels: [path: string, label: string][] = [
      ['/reset/abc', 'routes/reset'],
      ['/reset/abc.data', 'routes/reset.data'],
      ['/_root.data', 'index.data'],
      ['/', 'index'],
      ['/client/privacypolicy', 'policy'],
      ['/api/order/get', '/api/order/get'],
      ['/api/payment/webhook/datatrans', '/api/payment/webhook/:provider'],
      ['/media/products/3f2a9c1e-0000-4000-8000-1234567890ab/400.webp', '/media/products/:photo/:file'],
      ['/assets/entry.client-BxY12.js', '/assets/*'],
      ['/i18n/de/common-1234.json', '/i18n/*'],
      ['/healthz', '/healthz'],
      ['/robots.txt', '/robots.txt'],
      ['/favicon.svg', 'static'],
    ];
    for (const [path, label] of labels) expect(app.routeLabel(path, 200), path).toBe(label);
    for (const path of ['/wp-login.php', '/x/y/z', '/api/nothing', '/api', '/nope.data', '/admin/orders/1234']) expect(app.routeLabel(path, 404)).toBe('other');
  });

  it('10,000 requests to random paths and random reset links leave the series count unchanged', async () => {
    // one of each kind first: its (route, status) series exists from then on
    await sendAll(attacks.map((a) => a()));
    await scrape(); // and the scrape's own
    const before = await scrape();
    const paths = Array.from({ length: 10_000 }, (_, i) => attacks[i % attacks.length]());
    const statuses = await sendAll(paths);
    expect(statuses).toHaveLength(10_000);
    expect(new Set(statuses)).toEqual(new Set([200, 404]));
    const after = await scrape();
    expect(after.series).toBe(before.series);
    expect([...after.routes].sort()).toEqual([...before.routes].sort());
    expect([...after.routes].filter((r) => r.includes('/reset/') || r.endsWith('.php'))).toEqual([]);
  }, 600_000);
});
