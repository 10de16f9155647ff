/**
 * Database access: PGlite (PostgreSQL in WebAssembly) file-backed in DATA_DIR when no
 * DATABASE_URL is set, node-postgres otherwise (docs/architecture.md, "Stack"). Migrations are
 * applied on open.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { closeDataDir, tightenTree } from './data-dir.ts';
import { lockDataDir } from './lock.ts';
import { watchLocalContent } from './content-version.ts';
import { registerPreparedDriver } from './prepared.ts';
import { registerHealthProbe } from './health.ts';
import * as schema from './schema/index.ts';

/** The Drizzle database, whichever driver is behind it. Transactions have the same type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Statements sent by this process's databases since start (Drizzle's query log; bench statistics). */
let queriesSent = 0;
const countQueries = { logQuery: () => void queriesSent++ };
/** How many SQL statements this process has sent so far (all databases). */
export function queryCount(): number {
  return queriesSent;
}

/**
 * PostgreSQL settings of the embedded database (memory): PGlite's default
 * `shared_buffers` of 128 MB is touched as the server warms up and never given back (WebAssembly
 * memory does not shrink); the shop's catalogue fits in a few MB, the OS caches the files.
 * `PGLITE_SHARED_BUFFERS` (e.g. `64MB`) overrides.
 */
function pgliteStartParams(): string[] {
  const shared = process.env.PGLITE_SHARED_BUFFERS ?? '16MB';
  if (!/^\d+(kB|MB|GB)$/.test(shared)) throw new Error(`PGLITE_SHARED_BUFFERS: expected e.g. 16MB, got ${shared}`);
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${shared}`];
}

/**
 * Creates a new PGlite cluster in `dataDir` in a child process that exits afterwards (for
 * memory): `initdb` grows PGlite's WebAssembly memory to ~500 MB, which a process never gets
 * back (a worker thread left ~150 MB of it behind); done in a child, that memory goes with the
 * child and the server opens the ready directory (~0.3 s) with a fraction of it. No-op when the
 * directory already holds a cluster.
 */
async function createClusterApart(dataDir: string): Promise<void> {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const code = `const { PGlite } = require(process.env.PGLITE_ENTRY);
PGlite.create({ dataDir: process.env.PGLITE_DATA_DIR }).then((db) => db.close()).then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', code], {
      env: { ...process.env, PGLITE_ENTRY: entry, PGLITE_DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => void (err += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the PGlite cluster in ${dataDir} failed: ${err.trim() || `exit ${code}`}`)),
    );
  });
}

// the rows of a raw `db.execute(sql…)` result (defined beside the prepared statements, which use it too)
export { resultRows } from './prepared.ts';

/** An open database and how to close it. */
export type Database = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

/**
 * The migrations: beside this module when run from source (tsx, Vitest), from the project root
 * when bundled into `build/server` (the server always runs from the root).
 */
const migrationsFolder =
  [path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations'), path.resolve('core/db/migrations')].find((d) =>
    fs.existsSync(path.join(d, 'meta', '_journal.json')),
  ) ?? path.resolve('core/db/migrations');

/**
 * Key of the PostgreSQL advisory lock held while a process migrates and sets up the database
 * (the first 8 bytes of sha256("casa-del-tabaco:setup") as a signed bigint; any constant works, it
 * only has to be the same in every process of the shop).
 */
const SETUP_LOCK_KEY = '-4115791707318876646';

/**
 * Opens the database and applies pending migrations.
 *
 * On PostgreSQL several app processes may start at once on an empty database: the migrations and
 * `opts.setup` run under a session-level advisory lock ({@link SETUP_LOCK_KEY}), so one process
 * applies them while the others wait, then find them applied and their setup done.
 * @param opts.databaseUrl PostgreSQL URL; when absent, PGlite is used.
 * @param opts.dataDir directory for PGlite's files; `memory://` (or absent) = in memory.
 * @param opts.setup work that must happen once, right after the migrations, before any other
 *   process uses the database (seeding settings, the first-start catalogue import).
 * @param opts.image an in-memory PGlite starts from this dump of a data directory
 *   (`PGlite.dumpDataDir`, an uncompressed tar) instead of an empty cluster: the test suite
 *   migrates and seeds one database and starts every test file from its copy, which saves the
 *   cluster creation and migrations (~6 CPU-seconds) per file. Ignored with a URL or a data directory.
 * @throws {import('./lock.ts').DataDirLockedError} when another live process has the PGlite data
 *   directory open (PGlite allows one process per directory).
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; setup?: (db: Db) => Promise<void>; image?: Blob }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle pooled connection closed by the server (restart, DROP DATABASE … FORCE) emits an
    // error on the pool; without a listener it would crash the process. The pool reconnects.
    pool.on('error', () => {});
    // A connection that dies while checked out (a query or transaction running when the server
    // stops) emits 'error' on its client, which pg-pool listens to only while the client is idle:
    // unheard, it would crash the process. The failed query rejects on its own, and the pool
    // drops the broken client when it is released (pg-pool checks `_queryable`).
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema, logger: countQueries }) as unknown as Db;
    registerPreparedDriver(db, { kind: 'postgres', pool, onQuery: countQueries.logQuery });
    // readiness asks on a connection of its own, never queued behind a rush's queries (core/db/health.ts)
    const healthPool = new pg.Pool({ connectionString: opts.databaseUrl, max: 1 });
    healthPool.on('error', () => {});
    healthPool.on('connect', (client) => client.on('error', () => {}));
    registerHealthProbe(db, () => healthPool.query('SELECT 1'));
    try {
      const lock = await pool.connect();
      try {
        await lock.query('SELECT pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
        try {
          await migratePg(db as never, { migrationsFolder });
          await opts.setup?.(db);
        } finally {
          await lock.query('SELECT pg_advisory_unlock($1)', [SETUP_LOCK_KEY]);
        }
      } finally {
        lock.release();
      }
    } catch (e) {
      await Promise.all([pool.end(), healthPool.end()]).catch(() => undefined);
      throw e;
    }
    return { db, kind: 'postgres', close: async () => void (await Promise.all([pool.end(), healthPool.end()])) };
  }
  let dataDir = opts.dataDir;
  if (dataDir === 'memory://') dataDir = undefined;
  let unlock = () => {};
  if (dataDir) {
    closeDataDir(dataDir);
    unlock = lockDataDir(dataDir);
  }
  let client: PGlite | undefined;
  try {
    if (dataDir) await createClusterApart(dataDir);
    client = await PGlite.create({
      dataDir,
      extensions: { pg_trgm },
      startParams: pgliteStartParams(),
      ...(opts.image && !dataDir ? { loadDataDir: opts.image } : {}),
    });
    const db = drizzlePglite(client, { schema, logger: countQueries }) as unknown as Db;
    registerPreparedDriver(db, { kind: 'pglite', client, onQuery: countQueries.logQuery });
    await migratePglite(db as never, { migrationsFolder });
    await opts.setup?.(db);
    const open = client;
    await watchLocalContent(db, (channel, cb) => open.listen(channel, cb));
    if (dataDir) tightenTree(dataDir); // PGlite writes its files 0666 (core/db/data-dir.ts)
    const dir = dataDir;
    return {
      db,
      kind: 'pglite',
      close: async () => {
        try {
          await open.close();
        } finally {
          if (dir) tightenTree(dir);
          unlock();
        }
      },
    };
  } catch (e) {
    await client?.close().catch(() => undefined); // a failed migration must not keep the files open
    unlock();
    throw e;
  }
}
