/**
 * `npm run chaos -- [--customers 400] [--crashes 8] [--concurrency 16]`: the long crash
 * test on a fresh PostgreSQL database next to TEST_DATABASE_URL (default the local server's `test`)
 * and Redis database 14 of TEST_REDIS_URL (default 127.0.0.1:6379). Prints figures and the broken
 * invariants; exits 1 when any invariant is broken. Builds first when build/ is missing.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { createTestDatabase } from './lib/test-database.ts';
import { runChaos } from './lib/chaos.ts';

const { values } = parseArgs({
  options: { customers: { type: 'string', default: '400' }, crashes: { type: 'string', default: '8' }, concurrency: { type: 'string', default: '16' } },
});
if (!fs.existsSync('build/server/server.js')) execSync('npx react-router build', { stdio: 'inherit' });
const db = await createTestDatabase(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
try {
  const r = await runChaos({
    databaseUrl: db.url,
    redisUrl: `${(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '')}/14`,
    basePort: Number(process.env.CHAOS_PORT ?? 3421),
    customers: Number(values.customers),
    crashes: Number(values.crashes),
    concurrency: Number(values.concurrency),
    log: (line) => console.log(line),
  });
  console.log(
    `${r.ordersSeen} orders confirmed, ${r.refused} refused (stock, promo), ${r.webhooksSent} webhooks sent (each 3x), ${r.networkErrors} requests cut by a crash, ${r.crashes} crashes, ${r.seconds.toFixed(1)} s`,
  );
  console.log(r.violations.length ? `BROKEN INVARIANTS:\n${r.violations.join('\n')}` : 'All invariants hold.');
  process.exitCode = r.violations.length ? 1 : 0;
} finally {
  await db.drop();
}
