/**
 * The production layout (docs/operations.md, "Production"): the real Caddy with `deploy/Caddyfile` in front of
 * two app processes of the built shop on one PostgreSQL and one Redis, started at once on an empty
 * database. Through Caddy over https: a session opened on one process works on the other, the
 * login limit counts across both, 50 buyers for the last 10 units oversell nothing, a price change
 * is on both processes' next page; `/readyz` flips while a process drains and the request it holds
 * is still answered; metrics are scraped; a rolling restart under load (pages, search, add to cart,
 * checkout) loses no request. Runs on the PostgreSQL pass of the suite when TEST_REDIS_URL is set
 * too (vitest.config.ts); it uses Redis database 13 of that server alone and empties it first.
 */
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCreateUser } from '../../core/accounts/admin.ts';
import { addToCart } from '../../core/cart/service.ts';
import { resultRows } from '../../core/db/client.ts';
import type { Shop } from '../../core/shop.ts';
import { freePort, startApp, type AppProcess, type Cluster } from '../../scripts/lib/cluster.ts';
import { GOOD_PASSWORD, registration } from '../helpers/accounts.ts';
import { createCustomer, productWith, stockOf, type TestCustomer, customerWithCart } from '../helpers/customers.ts';
import { startTestCluster, type TestCluster } from '../helpers/cluster.ts';

const REDIS_BASE = process.env.TEST_REDIS_URL ?? '';
const METRICS_TOKEN = 'metrics-token-for-the-cluster-test';

{
  const redisUrl = `${REDIS_BASE.replace(/\/\d*$/, '')}/13`;
  const secret = 'cluster-test-secret-'.padEnd(48, 'x');
  let cluster: Cluster;
  let front: TestCluster['front'];
  let shop: Shop;
  let t: TestCluster | undefined;
  let dbUrl = '';
  let publicHost = '';
  let appEnv: Record<string, string> = {};

  type Answer = { status: number; body: any };
  const parse = (status: number, text: string): Answer => ({ status, body: text.startsWith('{') ? JSON.parse(text) : text });
  /** A call through Caddy (https, round-robin over both processes). */
  const viaCaddy = async (path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await front.request(
      path,
      body === undefined ? { headers } : { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) },
    );
    return parse(res.status, res.text);
  };
  /** A call to one process directly, with the headers Caddy would add. */
  const direct = async (app: AppProcess, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const fwd = { 'x-forwarded-host': publicHost, 'x-forwarded-proto': 'https', 'x-forwarded-for': '127.0.0.1', ...headers };
    const res = await fetch(
      `${app.url}${path}`,
      body === undefined ? { headers: fwd } : { method: 'POST', headers: { 'content-type': 'application/json', ...fwd }, body: JSON.stringify(body) },
    );
    return parse(res.status, await res.text());
  };

  beforeAll(async () => {
    // info: the first-start import's log line is counted below; both processes start at once on
    // the empty database (the setup lock serialises migrations and import)
    t = await startTestCluster(redisUrl, secret, { LOG_LEVEL: 'info', METRICS_TOKEN });
    ({ cluster, front, shop, env: appEnv } = t);
    dbUrl = appEnv.DATABASE_URL;
    publicHost = new URL(cluster.caddy.url).host;
  }, 240_000);
  afterAll(() => t?.stop());

  describe('Caddy in front of two app processes on one PostgreSQL and Redis', () => {
    it('two processes started at once on an empty database both come up, and the migrations and the catalogue import ran exactly once', async () => {
      const apps = cluster.apps();
      expect(apps).toHaveLength(2);
      for (const a of apps) expect((await direct(a, '/readyz')).status).toBe(200);
      const journal = JSON.parse(fs.readFileSync('core/db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] };
      const [applied] = resultRows<{ n: string }>(await shop.db.execute(sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`));
      expect(Number(applied.n)).toBe(journal.entries.length);
      expect(apps.map((a) => a.logged('catalogue imported on first start')).sort()).toEqual([0, 1]);
      const [products] = resultRows<{ n: string }>(await shop.db.execute(sql`SELECT count(*) AS n FROM products`));
      const catalogue = JSON.parse(fs.readFileSync('data/catalogue.json', 'utf8')) as unknown[] | { products: unknown[] };
      expect(Number(products.n)).toBe(Array.isArray(catalogue) ? catalogue.length : catalogue.products.length);
    });

    it('answers over https with HTTP/2 and compression, and the processes see the https scheme', async () => {
      const session = http2.connect(cluster.caddy.url, { ca: cluster.caddy.rootCa() });
      try {
        const answer = await new Promise<{ headers: http2.IncomingHttpHeaders; bytes: number }>((resolve, reject) => {
          const req = session.request({ ':path': '/', 'accept-encoding': 'gzip' });
          let headers: http2.IncomingHttpHeaders = {};
          let bytes = 0;
          req.on('response', (h) => (headers = h));
          req.on('data', (d: Buffer) => (bytes += d.length));
          req.on('end', () => resolve({ headers, bytes }));
          req.on('error', reject);
          req.end();
        });
        expect(session.alpnProtocol).toBe('h2');
        expect(answer.headers[':status']).toBe(200);
        expect(answer.headers['content-encoding']).toBe('gzip');
        expect(answer.bytes).toBeGreaterThan(0);
        // the cart cookie gets the __Host- name and Secure only when the shop knows it is reached over https
        expect(String(answer.headers['set-cookie'])).toMatch(/__Host-cart_id=.*Secure/);
      } finally {
        session.close();
      }
    });

    it('a session opened on one process works on the other, and its refresh token rotates across both', async () => {
      const [a, b] = cluster.apps();
      const reg = registration();
      const { id } = await adminCreateUser(shop.db, { ...reg, role: 'Customer' });
      const login = await direct(a, '/api/user/login', { email: reg.email, password: GOOD_PASSWORD });
      expect(login.status).toBe(200);
      const me = await direct(b, `/api/user/getUser?userID=${id}`, undefined, { accestoken: login.body.accesToken });
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(reg.email);
      const refreshed = await viaCaddy('/api/token/refresh', { refreshToken: login.body.refreshToken });
      expect(refreshed.status).toBe(200);
      // the spent refresh token is refused by each process
      expect((await direct(a, '/api/token/refresh', { refreshToken: login.body.refreshToken })).status).toBe(401);
      expect((await direct(b, '/api/token/refresh', { refreshToken: login.body.refreshToken })).status).toBe(401);
    });

    it('the login limit counts attempts on both processes together', async () => {
      const reg = registration();
      await adminCreateUser(shop.db, { ...reg, role: 'Customer' });
      const statuses: number[] = [];
      // through Caddy, round-robin: consecutive attempts alternate between the processes
      for (let i = 0; i < 12; i++) statuses.push((await viaCaddy('/api/user/login', { email: reg.email, password: 'Wrong-password-123' })).status);
      // 10 attempts per IP and account in 15 minutes (core/rate-limit; all from this one address), whichever process answers
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual([429, 429]);
    });

    it('50 concurrent buyers through Caddy for the last 10 units: 10 orders, 0 oversold', async () => {
      const p = await productWith(shop, 10, 2500, 3);
      const customers = await Promise.all(Array.from({ length: 50 }, () => createCustomer(shop)));
      for (const c of customers) await addToCart(shop.db, c.id, p.id, 1, c.id);
      const answers = await Promise.all(customers.map((c) => viaCaddy('/api/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers)));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(40);
      expect(await stockOf(shop, p.id)).toBe(0);
    });

    it("a price changed in the database is on both processes' next product page", async () => {
      const p = await productWith(shop, 5, 4_250, 4);
      for (const a of cluster.apps()) expect((await direct(a, `/productdetail?id=${p.id}`)).body).toContain('42.50');
      await productWith(shop, 5, 98_765, 4); // CHF 987.65, written by neither process
      for (const a of cluster.apps()) {
        const page = (await direct(a, `/productdetail?id=${p.id}`)).body as string;
        expect(page).toContain('987.65');
        expect(page).not.toContain('42.50');
      }
      expect((await viaCaddy(`/productdetail?id=${p.id}`)).body).toContain('987.65');
    });

    it('metrics are scraped with the token only: requests by route and status, orders by status, outbox, page cache, process figures', async () => {
      // Caddy answers /metrics itself with 404 (deploy/Caddyfile): each process is scraped directly
      expect((await viaCaddy('/metrics', undefined, { authorization: `Bearer ${METRICS_TOKEN}` })).status).toBe(404);
      expect((await direct(cluster.apps()[0], '/metrics')).status).toBe(401);
      expect((await direct(cluster.apps()[0], '/metrics', undefined, { authorization: 'Bearer wrong-token-of-the-same-size' })).status).toBe(401);
      // one order placed at each process, so that each has answered a 201 (through Caddy, the
      // previous test's 10 successful orders may all have gone to one process)
      const p = await productWith(shop, cluster.apps().length, 2500, 5);
      for (const a of cluster.apps()) {
        const c = await createCustomer(shop);
        await addToCart(shop.db, c.id, p.id, 1, c.id);
        expect((await direct(a, '/api/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers)).status).toBe(201);
      }
      for (const a of cluster.apps()) {
        const res = await direct(a, '/metrics', undefined, { authorization: `Bearer ${METRICS_TOKEN}` });
        expect(res.status).toBe(200);
        const text = res.body as string;
        expect(text).toMatch(/^shop_http_requests_total\{method="POST",route="\/api\/order\/create",status="201"\} \d+$/m);
        expect(text).toMatch(/^shop_http_request_duration_seconds_bucket\{[^}]*route="routes\/productdetail",status="200"[^}]*\} \d+$/m);
        expect(text).toMatch(/^shop_orders\{status="pending_payment"\} \d+$/m);
        expect(text).toMatch(/^shop_outbox_backlog \d+$/m);
        expect(text).toMatch(/^shop_page_cache_hits_total \d+$/m);
        expect(text).toMatch(/^shop_ready 1$/m);
        expect(text).toMatch(/^shop_process_resident_memory_bytes \d+$/m);
        expect(text).toContain('# TYPE shop_job_runs_total counter');
      }
      // the orders so far, counted by the database, whichever process is asked
      const [orders] = resultRows<{ n: string }>(await shop.db.execute(sql`SELECT count(*) AS n FROM orders WHERE status = 'pending_payment'`));
      const scraped = (await direct(cluster.apps()[1], '/metrics', undefined, { authorization: `Bearer ${METRICS_TOKEN}` })).body as string;
      expect(scraped).toContain(`shop_orders{status="pending_payment"} ${orders.n}`);
    });

    it('a draining process reports not ready, answers the request it holds, then exits', async () => {
      // a third process outside Caddy, with a drain delay long enough to observe
      const port = await freePort();
      const drainer = await startApp(port, { ...appEnv, TRUST_PROXY: '1', PUBLIC_URL: `https://${publicHost}`, DRAIN_DELAY_MS: '1500', LOG_LEVEL: 'warn' });
      expect((await direct(drainer, '/readyz')).status).toBe(200);
      // a search whose body is still being sent when SIGTERM arrives
      let connected = () => {};
      const isConnected = new Promise<void>((r) => (connected = r));
      const held = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = http.request(`${drainer.url}/api/product/searchProducts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-host': publicHost, 'x-forwarded-proto': 'https' },
        });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        });
        req.on('error', reject);
        req.on('socket', (socket) => socket.once('connect', () => connected()));
        req.write('{"searchOptions":');
        (drainer as AppProcess & { finishHeld?: () => void }).finishHeld = () => req.end('{"searchName":"robusto"}}');
      });
      await isConnected;
      const exit = new Promise<number | null>((resolve) => drainer.child.once('exit', (code) => resolve(code)));
      drainer.child.kill('SIGTERM');
      let ready = 200;
      while (ready === 200) {
        await new Promise((r) => setTimeout(r, 50));
        ready = (await direct(drainer, '/readyz')).status;
      }
      expect(ready).toBe(503);
      // still alive (liveness) while it drains
      expect((await direct(drainer, '/healthz')).status).toBe(200);
      // after the drain delay it stops accepting new connections
      let refused = false;
      while (!refused) {
        await new Promise((r) => setTimeout(r, 50));
        refused = await fetch(`${drainer.url}/healthz`).then(
          () => false,
          () => true,
        );
      }
      (drainer as AppProcess & { finishHeld?: () => void }).finishHeld!();
      const answer = await held;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text).products.length).toBeGreaterThan(0);
      expect(await exit).toBe(0);
    });

    it('a rolling restart under load through Caddy (pages, search, add to cart, checkout) loses no request', async () => {
      const p = await productWith(shop, 10_000, 1_800, 6);
      const before = cluster.apps().map((a) => a.port);
      const exits = cluster.apps().map((a) => new Promise<number | null>((resolve) => a.child.once('exit', (code) => resolve(code))));
      const customers: TestCustomer[] = await Promise.all(Array.from({ length: 32 }, () => createCustomer(shop)));
      const failures: string[] = [];
      const counts = { pages: 0, searches: 0, carts: 0, orders: 0 };
      let restarting = true;
      const expectStatus = async (what: string, run: Promise<Answer>, ok: number) => {
        try {
          const res = await run;
          if (res.status !== ok)
            failures.push(`${what}: ${res.status} ${String(typeof res.body === 'string' ? res.body.slice(0, 200) : JSON.stringify(res.body))}`);
        } catch (e) {
          failures.push(`${what}: ${(e as Error).message}`);
        }
      };
      // four visitors, each in a loop until the restart is over: a page, a product page, a search
      // (at most 120 in all: the search limit is 300 per minute and address), and one checkout per
      // round with a customer of their own (at most 8 each)
      const visitor = async (v: number) => {
        for (let round = 0; restarting || round < 2; round++) {
          await expectStatus('home page', viaCaddy('/'), 200);
          await expectStatus('product page', viaCaddy(`/productdetail?id=${p.id}`), 200);
          counts.pages += 2;
          if (counts.searches < 120) {
            counts.searches++;
            await expectStatus('search', viaCaddy('/api/product/searchProducts', { searchOptions: { searchName: 'robusto' } }), 200);
          }
          const c = round < 8 ? customers[v * 8 + round] : undefined;
          if (c) {
            await expectStatus('add to cart', viaCaddy('/api/cart/addProduct', { productID: p.id, userID: c.id, count: 1 }, c.headers), 200);
            await expectStatus('checkout', viaCaddy('/api/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers), 201);
            counts.carts++;
            counts.orders++;
          }
        }
      };
      const load = Promise.all([0, 1, 2, 3].map(visitor));
      await cluster.rollingRestart();
      restarting = false;
      await load;
      expect(failures).toEqual([]);
      const after = cluster.apps().map((a) => a.port);
      expect(after.every((port) => !before.includes(port))).toBe(true);
      // the replaced processes drained and exited cleanly (exit code 0, not killed)
      expect(await Promise.all(exits)).toEqual([0, 0]);
      // load really ran across the restart, and the checkouts it made are all in the database
      expect(counts.orders).toBeGreaterThan(0);
      const [placed] = resultRows<{ n: string }>(await shop.db.execute(sql`SELECT count(*) AS n FROM order_lines WHERE product_id = ${p.id}`));
      expect(Number(placed.n)).toBe(counts.orders);
      expect(await stockOf(shop, p.id)).toBe(10_000 - counts.orders);
    });

    it('with Redis down a process keeps selling: limits fall back to its memory, and it says so in its log', async () => {
      const redisDown = 'redis://127.0.0.1:9'; // nothing listens on the discard port
      const lonely = await startApp(await freePort(), {
        DATABASE_URL: dbUrl,
        REDIS_URL: redisDown,
        SESSION_SECRET: secret,
        NODE_ENV: 'production',
        PAYMENT_SANDBOX: 'on',
        LOG_LEVEL: 'warn',
        DATA_DIR: 'memory://',
      });
      try {
        const { c } = await customerWithCart(shop, { stock: 3, basePrice: 1500, index: 5 });
        const call = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
          (await fetch(`${lonely.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }))
            .status;
        expect(await call('/api/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers)).toBe(201);
        const reg = registration();
        await adminCreateUser(shop.db, { ...reg, role: 'Customer' });
        const statuses: number[] = [];
        for (let i = 0; i < 11; i++) statuses.push(await call('/api/user/login', { email: reg.email, password: 'Wrong-password-123' }));
        expect(statuses.at(-1)).toBe(429); // still limited, in memory
        expect(lonely.stderr() + lonely.stdout()).toMatch(/Redis unreachable: rate limits fall back/);
        // without METRICS_TOKEN there is no /metrics at all
        expect((await fetch(`${lonely.url}/metrics`)).status).toBe(404);
      } finally {
        await lonely.stop();
      }
    });
  });
}
