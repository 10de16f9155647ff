/**
 * Crash test, short: 40 checkouts on two app processes, process A killed with SIGKILL
 * twice mid-load and restarted; then every invariant of scripts/lib/chaos.ts must hold. Runs on the
 * PostgreSQL pass when TEST_REDIS_URL is set (vitest.config.ts); `npm run chaos` is the long run.
 */
import { afterAll, expect, it } from 'vitest';
import { runChaos } from '../../scripts/lib/chaos.ts';
import { createTestDatabase } from '../helpers/shop.ts';

const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const d of drops) await d();
});

it('kill -9 of an app process during checkouts loses no order and doubles no payment, stock or promo use', async () => {
  const db = await createTestDatabase(process.env.TEST_DATABASE_URL!);
  drops.push(db.drop);
  const r = await runChaos({
    databaseUrl: db.url,
    redisUrl: `${process.env.TEST_REDIS_URL!.replace(/\/\d*$/, '')}/14`,
    basePort: 3411,
    customers: 40,
    concurrency: 8,
    crashes: 2,
  });
  expect(r.crashes).toBe(2);
  expect(r.ordersSeen).toBeGreaterThan(10);
  expect(r.violations).toEqual([]);
}, 300_000);
