/**
 * Scale-out (issue 13): two app processes of the built shop on one PostgreSQL and one Redis. A
 * session opened on one works on the other, the login limit (per IP and account) counts across both, 50 buyers split
 * across both for the last 10 units oversell nothing, and a price change is on both processes'
 * next page. Runs on the PostgreSQL pass of the suite when TEST_REDIS_URL is set too (vitest.config.ts);
 * it uses Redis database 13 of that server alone and empties it first.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCreateUser } from '../../core/accounts/admin.ts';
import { addToCart } from '../../core/cart/service.ts';
import type { Shop } from '../../core/shop.ts';
import { startApp, type AppProcess } from '../../scripts/lib/cluster.ts';
import { GOOD_PASSWORD, registration } from '../helpers/accounts.ts';
import { createCustomer, productWith, stockOf } from '../helpers/customers.ts';
import { createTestDatabase, createTestShop } from '../helpers/shop.ts';

const REDIS_BASE = process.env.TEST_REDIS_URL ?? '';

{
  const redisUrl = `${REDIS_BASE.replace(/\/\d*$/, '')}/13`;
  const secret = 'cluster-test-secret-'.padEnd(48, 'x');
  const apps: AppProcess[] = [];
  let shop: Shop;
  let drop: () => Promise<void>;
  let dbUrl = '';

  const call = async (app: AppProcess, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(
      `${app.url}${path}`,
      body === undefined ? { headers } : { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) },
    );
    const text = await res.text();
    return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : text) as any };
  };

  beforeAll(async () => {
    const redis = new Redis(redisUrl);
    await redis.flushdb();
    redis.disconnect();
    const db = await createTestDatabase(process.env.TEST_DATABASE_URL!);
    drop = db.drop;
    dbUrl = db.url;
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      SESSION_SECRET: secret,
      NODE_ENV: 'production',
      PAYMENT_SANDBOX: 'on',
      LOG_LEVEL: 'warn',
      DATA_DIR: 'memory://',
    };
    apps.push(await startApp(3401, env)); // the first applies migrations and imports the catalogue
    apps.push(await startApp(3402, env));
    shop = await createTestShop({ env: { DATABASE_URL: db.url, SESSION_SECRET: secret } });
  }, 180_000);
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await shop?.close();
    await drop?.();
  });

  describe('two app processes on one PostgreSQL and Redis', () => {
    it('a session opened on one process works on the other, and its refresh token rotates across both', async () => {
      const reg = registration();
      const { id } = await adminCreateUser(shop.db, { ...reg, role: 'Customer' });
      const login = await call(apps[0], '/api/user/login', { email: reg.email, password: GOOD_PASSWORD });
      expect(login.status).toBe(200);
      const me = await call(apps[1], `/api/user/getUser?userID=${id}`, undefined, { accestoken: login.body.accesToken });
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(reg.email);
      const refreshed = await call(apps[1], '/api/token/refresh', { refreshToken: login.body.refreshToken });
      expect(refreshed.status).toBe(200);
      // the spent refresh token is refused by the other process too
      expect((await call(apps[0], '/api/token/refresh', { refreshToken: login.body.refreshToken })).status).toBe(401);
    });

    it('the login limit counts attempts on both processes together', async () => {
      const reg = registration();
      await adminCreateUser(shop.db, { ...reg, role: 'Customer' });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await call(apps[i % 2], '/api/user/login', { email: reg.email, password: 'Wrong-password-123' })).status);
      // 10 attempts per IP and account in 15 minutes (core/rate-limit; all from this one address), whichever process answers
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual([429, 429]);
    });

    it('50 concurrent buyers split across both processes for the last 10 units: 10 orders, 0 oversold', async () => {
      const p = await productWith(shop, 10, 2500, 3);
      const customers = await Promise.all(Array.from({ length: 50 }, () => createCustomer(shop)));
      for (const c of customers) await addToCart(shop.db, c.id, p.id, 1, c.id);
      const answers = await Promise.all(customers.map((c, i) => call(apps[i % 2], '/api/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers)));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(40);
      expect(await stockOf(shop, p.id)).toBe(0);
    });

    it("a price changed in the database is on both processes' next product page", async () => {
      const p = await productWith(shop, 5, 4_250, 4);
      for (const a of apps) expect((await call(a, `/productdetail?id=${p.id}`)).body).toContain('42.50');
      await productWith(shop, 5, 98_765, 4); // CHF 987.65, written by neither process
      for (const a of apps) {
        const page = (await call(a, `/productdetail?id=${p.id}`)).body as string;
        expect(page).toContain('987.65');
        expect(page).not.toContain('42.50');
      }
    });

    it('with Redis down a process keeps selling: limits fall back to its memory, and it says so in its log', async () => {
      const redisDown = 'redis://127.0.0.1:9'; // nothing listens on the discard port
      const lonely = await startApp(3403, {
        DATABASE_URL: dbUrl,
        REDIS_URL: redisDown,
        SESSION_SECRET: secret,
        NODE_ENV: 'production',
        PAYMENT_SANDBOX: 'on',
        LOG_LEVEL: 'warn',
        DATA_DIR: 'memory://',
      });
      try {
        const p = await productWith(shop, 3, 1500, 5);
        const c = await createCustomer(shop);
        await addToCart(shop.db, c.id, p.id, 1, c.id);
        expect((await call(lonely, '/api/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers)).status).toBe(201);
        const reg = registration();
        await adminCreateUser(shop.db, { ...reg, role: 'Customer' });
        const statuses: number[] = [];
        for (let i = 0; i < 11; i++) statuses.push((await call(lonely, '/api/user/login', { email: reg.email, password: 'Wrong-password-123' })).status);
        expect(statuses.at(-1)).toBe(429); // still limited, in memory
        expect(lonely.stderr() + lonely.stdout()).toMatch(/Redis unreachable: rate limits fall back/);
      } finally {
        await lonely.stop();
      }
    });
  });
}
