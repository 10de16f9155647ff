/**
 * The content version (ADR 010): a counter in the `content_version` row that PostgreSQL triggers
 * bump in the same transaction as every statement writing a table whose content public pages
 * show (`products`, `shop_config`; migration 0008_perf). Caches of rendered pages and of the
 * settings remember the version they were filled at and are valid while it is unchanged, so
 * they see every committed write, including writes by code that knows nothing about caches, by
 * other processes or by psql.
 *
 * On PGlite (one process per data directory, one connection) the version is kept in memory:
 * the trigger's `pg_notify('shop_content')` reaches this process's listener while the writing
 * statement's result is being read, before the writer's `await` returns ({@link watchLocalContent}),
 * so no read is needed. On PostgreSQL, where other processes write too, reading the version is
 * one primary-key read, shared by concurrent callers: a caller joins the
 * read that starts next after it asked (never one already under way, which may predate a commit
 * the caller has seen), so under load a few reads a millisecond serve every request while each
 * caller still sees every write committed before it asked (read-your-writes across processes).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contentVersion } from './schema/cache.ts';

type Reader = { running: Promise<number> | null; next: Promise<number> | null };
const readers = new WeakMap<Db, Reader>();
/** Databases whose every writer is this process (PGlite): version counted from notifications. */
const local = new WeakMap<Db, { version: number }>();

/** The notification channel of the `shop_content_changed` trigger. */
const CONTENT_CHANNEL = 'shop_content';

/**
 * Keeps the content version of a single-process database (PGlite) in memory: reads it once,
 * then counts the trigger's notifications. `listen` subscribes to a channel (PGlite's
 * `pg.listen`) and calls back for every notification.
 */
export async function watchLocalContent(db: Db, listen: (channel: string, cb: () => void) => Promise<unknown>): Promise<void> {
  const state = { version: 0 };
  await listen(CONTENT_CHANNEL, () => {
    state.version++;
  });
  state.version += await query(db);
  local.set(db, state);
}

/**
 * The version read, prepared once per database: Drizzle builds the SQL once, and on
 * PostgreSQL the statement is prepared by name on each connection, so a live search's version
 * read costs neither the query builder nor a parse and plan.
 */
function buildVersionQuery(db: Db) {
  return db.select({ v: contentVersion.version }).from(contentVersion).where(eq(contentVersion.id, 1)).prepare('shop_content_version');
}
const versionQueries = new WeakMap<Db, ReturnType<typeof buildVersionQuery>>();

async function query(db: Db): Promise<number> {
  let q = versionQueries.get(db);
  if (!q) {
    q = buildVersionQuery(db);
    versionQueries.set(db, q);
  }
  const [row] = await q.execute();
  return row?.v ?? 0;
}

/**
 * The current content version of `db`: a number that changes whenever a watched table changed.
 * Resolves with a value read after the call was made.
 */
export function readContentVersion(db: Db): Promise<number> {
  const l = local.get(db);
  if (l) return Promise.resolve(l.version);
  let r = readers.get(db);
  if (!r) {
    r = { running: null, next: null };
    readers.set(db, r);
  }
  const reader = r;
  const start = (): Promise<number> => {
    const p = query(db);
    reader.running = p;
    const clear = () => {
      if (reader.running === p) reader.running = null;
    };
    p.then(clear, clear);
    return p;
  };
  if (!reader.running) return start();
  if (!reader.next) {
    const after = reader.running.then(
      () => undefined,
      () => undefined,
    );
    reader.next = after.then(() => {
      reader.next = null;
      return start();
    });
  }
  return reader.next;
}
