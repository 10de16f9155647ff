/**
 * A real shop for integration tests: PGlite in memory by default, or a fresh PostgreSQL
 * database of its own when `TEST_DATABASE_URL` is set (created here, dropped in `close`), so
 * test files run in parallel and leave nothing behind. Never a mocked database.
 *
 * The usual starts (the starting catalogue, or none) are copies of the database the global set-up
 * migrated and seeded once (tests/helpers/global-setup.ts); the shop opened on a copy is the one
 * `openShop` gives on a first start.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pino from 'pino';
import { inject } from 'vitest';
import { restorePglite } from '../../core/db/index.ts';
import { openShop, type Shop } from '../../core/shop.ts';
import { SEEDS, type SeedName } from './global-setup.ts';
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
  const catalogueFile = opts.catalogue === undefined ? SEEDS.catalogue : opts.catalogue;
  const seed = seedOf(catalogueFile);
  let dropDb: (() => Promise<void>) | null = null;
  let pgliteImage: Blob | undefined;
  if (process.env.TEST_DATABASE_URL && !opts.env?.DATABASE_URL) {
    const created = await createTestDatabase(process.env.TEST_DATABASE_URL, { template: seed ? seeded()?.postgres?.[seed] : undefined });
    env.DATABASE_URL = created.url;
    dropDb = created.drop;
  } else if (!env.DATABASE_URL && env.DATA_DIR === 'memory://' && seed) {
    pgliteImage = pgliteImageOf(seed);
  }
  const shop = await openShop(env, { catalogueFile, logger: pino({ level: 'silent' }), pgliteImage });
  const close = shop.close;
  shop.close = async () => {
    await close();
    if (dropDb) await dropDb();
  };
  return shop;
}

/** The seed of the global set-up a catalogue choice starts from, or null when there is none. */
function seedOf(catalogueFile: string | null): SeedName | null {
  if (catalogueFile === null) return 'none';
  return catalogueFile === SEEDS.catalogue ? 'catalogue' : null;
}

/** What the global set-up seeded for this run, by driver (absent when run without it). */
function seeded(): { pglite?: Record<SeedName, string>; postgres?: Record<SeedName, string> } | null {
  const s = inject('seededDatabases');
  return s ? { [s.kind]: s.seeds } : null;
}

/**
 * Makes `dataDir` (a path that does not exist yet) a PGlite data directory holding a copy of the
 * global set-up's seeded database (`catalogue`: settings and the starting catalogue; `none`:
 * settings only), as a shop's first start leaves it. A test that runs a command on a data
 * directory (a child process, as an operator runs it) then does not pay for creating and
 * migrating a cluster (~8 CPU-seconds). Written by `restorePglite`, as `npm run restore` writes a
 * directory (locked, modes tightened); the first start itself is tested by first-run-setup and
 * the end-to-end server. Without the global set-up (one file run on its own elsewhere) the
 * directory is left to the first start.
 */
export async function seededDataDir(dataDir: string, seed: SeedName): Promise<void> {
  const image = seeded()?.pglite?.[seed];
  // the seed image is a dumped data directory, which is what a PGlite backup holds
  if (image) await restorePglite(image, dataDir);
}

/**
 * The PostgreSQL template database of a seed of the global set-up, for a test that creates its own
 * database with {@link createTestDatabase} (undefined without the global set-up or on PGlite).
 */
export function seededTemplate(seed: SeedName): string | undefined {
  return seeded()?.postgres?.[seed];
}

/** The dumped PGlite data directories, read once per test process. */
const images = new Map<SeedName, Blob>();
function pgliteImageOf(seed: SeedName): Blob | undefined {
  const file = seeded()?.pglite?.[seed];
  if (!file) return undefined;
  let image = images.get(seed);
  if (!image) images.set(seed, (image = new Blob([fs.readFileSync(file)])));
  return image;
}
