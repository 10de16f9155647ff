/**
 * A real shop for integration tests: PGlite in memory by default, or a fresh PostgreSQL
 * database of its own when `TEST_DATABASE_URL` is set (created here, dropped in `close`), so
 * test files run in parallel and leave nothing behind. Never a mocked database.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { openShop, type Shop } from '../../core/shop.ts';

/** Whether the suite runs against PostgreSQL (else PGlite). */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Opens a shop on an empty database with the real starting catalogue (unless `catalogue: null`).
 * @returns the shop; call `shop.close()` in `afterAll`.
 */
export async function createTestShop(opts: { catalogue?: string | null; env?: Record<string, string> } = {}): Promise<Shop> {
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    DATABASE_URL: undefined,
    SMTP_URL: undefined,
    PUBLIC_URL: 'http://shop.test',
    ...opts.env,
  };
  let dropDb: (() => Promise<void>) | null = null;
  if (process.env.TEST_DATABASE_URL && !opts.env?.DATABASE_URL) {
    const created = await createTestDatabase(process.env.TEST_DATABASE_URL);
    env.DATABASE_URL = created.url;
    dropDb = created.drop;
  }
  const shop = await openShop(env, { catalogueFile: opts.catalogue === undefined ? 'data/catalogue.json' : opts.catalogue, logger: pino({ level: 'silent' }) });
  const close = shop.close;
  shop.close = async () => {
    await close();
    if (dropDb) await dropDb();
  };
  return shop;
}

/**
 * Creates an empty PostgreSQL database of its own next to `adminUrl`'s (for tests that start
 * processes, like the import command, against PostgreSQL).
 * @returns its URL and a function that drops it.
 */
export async function createTestDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        // pg's pool.end() resolves before its connections have closed: wait for them, so that
        // FORCE does not kill a closing connection (its client would throw 57P01, uncaught)
        for (let i = 0; i < 100; i++) {
          const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
