/**
 * Small in-process caches of database reads valid while the content version is unchanged
 * (ADR 010): the triggers of migration 0008 bump the version in the same transaction as every
 * write to `products` or `shop_config`, so an entry filled at the current version is exactly what
 * the database holds for those tables. On PGlite the version is in memory (no query); on
 * PostgreSQL it is one shared primary-key read (core/db/content-version.ts).
 */
import type { Db } from '../db/index.ts';
import { readContentVersion } from '../db/index.ts';

/**
 * A cache of `load(key)` per database, valid at one content version; at most `maxEntries`
 * entries (the oldest go first). A failed load is not kept. Values are shared between callers:
 * never mutate them.
 */
export function versionedCache<T>(load: (db: Db, key: string) => Promise<T>, maxEntries = 1_000): (db: Db, key: string) => Promise<T> {
  const perDb = new WeakMap<Db, { version: number; entries: Map<string, Promise<T>> }>();
  return async (db, key) => {
    const version = await readContentVersion(db);
    let c = perDb.get(db);
    if (!c || c.version !== version) {
      c = { version, entries: new Map() };
      perDb.set(db, c);
    }
    const hit = c.entries.get(key);
    if (hit) return hit;
    const entries = c.entries;
    const p = load(db, key);
    entries.set(key, p);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    p.catch(() => {
      if (entries.get(key) === p) entries.delete(key);
    });
    return p;
  };
}
