/**
 * A real shop for integration tests: PGlite in memory by default, or a fresh PostgreSQL
 * database of its own when `TEST_DATABASE_URL` is set (created here, dropped in `close`), so
 * test files run in parallel and leave nothing behind. Never a mocked database.
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { openShop, type Shop } from '../../core/shop.ts';
import { createTestDatabase } from '../../scripts/lib/test-database.ts';

export { createTestDatabase };

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
