/**
 * PostgreSQL restarted under load: a private PostgreSQL server of this test (Debian's
 * initdb/pg_ctl on port 5499, so the shared server of the other tests is never touched) is stopped
 * while the built shop serves: calls and pages answer 503 with Retry-After and a clear message,
 * and once the server is back the shop answers again by itself, with no restart; a connection that
 * dies in the middle of a transaction does not take the process down. Runs on the
 * PostgreSQL pass of `npm test` (vitest.config.ts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../core/db/index.ts';
import { startApp, type AppProcess } from '../../scripts/lib/cluster.ts';

const BIN = fs
  .readdirSync('/usr/lib/postgresql')
  .map((v) => `/usr/lib/postgresql/${v}/bin`)
  .find((d) => fs.existsSync(`${d}/pg_ctl`))!;
const PORT = 5499;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pg-restart-'));
const data = path.join(dir, 'data');
/** Runs a PostgreSQL tool as the `postgres` user when we are root (initdb refuses root). */
const pg = (tool: string, args: string[]) => {
  const root = process.getuid?.() === 0;
  execFileSync(root ? 'runuser' : `${BIN}/${tool}`, root ? ['-u', 'postgres', '--', `${BIN}/${tool}`, ...args] : args, { stdio: 'pipe' });
};
const pgStart = () => pg('pg_ctl', ['start', '-w', '-D', data, '-l', path.join(dir, 'log'), '-o', `-p ${PORT} -k ${dir} -c listen_addresses=127.0.0.1`]);
const pgStop = () => pg('pg_ctl', ['stop', '-w', '-m', 'immediate', '-D', data]);
let app: AppProcess | undefined;

beforeAll(async () => {
  if (process.getuid?.() === 0)
    fs.chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  pgStart();
  app = await startApp(3431, {
    DATABASE_URL: `postgres://postgres@127.0.0.1:${PORT}/postgres`,
    SESSION_SECRET: 'db-restart-test-secret'.padEnd(40, 'x'),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',

    DATA_DIR: 'memory://',
    REDIS_URL: undefined,
  });
}, 120_000);
afterAll(async () => {
  await app?.stop();
  try {
    pgStop();
  } catch {
    // already stopped
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Calls `check` every 200 ms until it answers true, 50 times at most (the server restarting); its last answer. */
async function retried(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

const search = () =>
  fetch(`${app!.url}/api/product/searchProducts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ searchOptions: { searchName: 'robusto' } }),
  });

it('answers 503 with Retry-After while PostgreSQL is down, and recovers by itself when it is back', async () => {
  expect((await search()).status).toBe(200);
  pgStop();
  const api = await search();
  expect(api.status).toBe(503);
  expect(api.headers.get('retry-after')).toBe('5');
  expect((await api.json()).message).toMatch(/briefly unavailable/);
  const page = await fetch(`${app!.url}/client/products`);
  expect(page.status).toBe(503);
  expect(await page.text()).toMatch(/Briefly unavailable/);

  pgStart();
  let status = 0;
  await retried(async () => (status = (await search()).status) === 200);
  expect(status).toBe(200);
  expect((await fetch(`${app!.url}/client/products`)).status).toBe(200);
}, 120_000);

it('a connection that dies during a transaction fails that transaction only: the process lives on', async () => {
  const { db, close } = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${PORT}/postgres` });
  try {
    // the transaction's client is checked out of the pool when the server goes away: pg emits
    // 'error' on it, which would be an uncaught exception (and fail this run) without a listener
    const broken = db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      pgStop();
      await new Promise((r) => setTimeout(r, 300));
      await tx.execute(sql`SELECT 1`);
    });
    await expect(broken).rejects.toThrow();
    pgStart();
    const answered = await retried(() =>
      db.execute(sql`SELECT 1`).then(
        () => true,
        () => false,
      ),
    );
    expect(answered).toBe(true);
  } finally {
    await close();
  }
}, 60_000);
