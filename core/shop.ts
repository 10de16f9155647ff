/**
 * The composition root: `openShop` builds the shop's running services ({@link Shop}, whose type
 * lives in core/shop-type.ts so that modules need not import this file, which imports modules),
 * once at start (server.ts) or per test (tests/integration/helpers).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import pino, { type Logger } from 'pino';
import { loadEnv, type Env, getSettings } from './config/index.ts';
import { closeDataDir, openDatabase, type Db, products } from './db/index.ts';
import { importCatalogue } from './catalogue/index.ts';
import { createEventBus } from './events/index.ts';
import { registerMailHandlers } from './mail/index.ts';
import { loggerOptions } from './redact.ts';
import type { Shop } from './shop-type.ts';

export type { Shop };

/**
 * Reads `SESSION_SECRET`, or generates one on first start and keeps it in
 * `DATA_DIR/secrets.json` with mode 0600 (docs/architecture.md, "Security rules").
 */
function loadOrCreateSecret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (env.DATA_DIR === 'memory://') return randomBytes(32).toString('base64url');
  const file = path.join(env.DATA_DIR, 'secrets.json');
  fs.mkdirSync(env.DATA_DIR, { recursive: true, mode: 0o700 });
  if (fs.existsSync(file)) {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { sessionSecret?: string };
    if (parsed.sessionSecret) return parsed.sessionSecret;
  }
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, JSON.stringify({ sessionSecret: secret }), { mode: 0o600 });
  return secret;
}

/**
 * Opens the shop: parses the environment, opens and migrates the database, seeds the settings,
 * on first start (no products yet) imports the starting catalogue, and wires the domain events
 * (core/events) to their handlers: the mails of core/mail.
 * @param overrides environment values that win over `process.env` (tests).
 * @param opts.catalogueFile catalogue to import on first start (default `data/catalogue.json`).
 * @param opts.pgliteImage with `DATA_DIR=memory://`: the dumped data directory the database starts
 *   from (see `openDatabase`; tests start from one migrated, seeded copy).
 * @throws {import('./config/env.ts').EnvError} for a bad environment.
 */
export async function openShop(
  overrides: Record<string, string | undefined> = {},
  opts: { catalogueFile?: string | null; logger?: Logger; pgliteImage?: Blob } = {},
): Promise<Shop> {
  const env = loadEnv({ ...process.env, ...overrides });
  closeDataDir(env.DATA_DIR); // umask 0077 and DATA_DIR 0700 before anything is written there
  const log = opts.logger ?? pino(loggerOptions(env.LOG_LEVEL));
  const catalogueFile = opts.catalogueFile === undefined ? path.resolve('data/catalogue.json') : opts.catalogueFile;
  let imported = false;
  // once per database, under the setup lock of openDatabase (several processes may start at once)
  const setup = async (db: Db) => {
    await getSettings(db);
    if (!catalogueFile) return;
    const [{ n }] = await db.select({ n: count() }).from(products);
    if (n === 0 && fs.existsSync(catalogueFile)) {
      const result = await importCatalogue(db, JSON.parse(fs.readFileSync(catalogueFile, 'utf8')), { seeded: true });
      log.info({ ...result, file: catalogueFile }, 'catalogue imported on first start');
      imported = true;
    }
  };
  let database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, setup, image: opts.pgliteImage });
  let { db } = database;
  // Creating the schema and importing grew PGlite's WebAssembly memory (~120 MB), which never
  // shrinks: reopening the files (~0.3 s) leaves that memory with the closed instance, and the
  // server's resident memory stays small.
  if (imported && database.kind === 'pglite' && env.DATA_DIR && env.DATA_DIR !== 'memory://') {
    await database.close();
    database = await openDatabase({ dataDir: env.DATA_DIR });
    db = database.db;
  }
  const shop: Shop = { env, db, database, log, sessionSecret: loadOrCreateSecret(env), close: () => database.close() };
  // the domain events of this database and who hears them: the mails (core/mail/handlers.ts)
  const events = createEventBus(db, { onError: (err) => log.warn({ err }, 'after-commit work of an event failed') });
  registerMailHandlers(shop, events);
  return shop;
}
