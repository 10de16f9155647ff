/**
 * Settings for page rendering, cached per database and valid while the content version is
 * unchanged (ADR 010): the `shop_config` trigger bumps the version in the same transaction as
 * any change, so a saved setting (admin page, API, script, another process) shows on the next
 * request, and an unchanged one costs a shared version read instead of a row read and a zod parse.
 */
import type { Db } from '../db/index.ts';
import { readContentVersion } from '../db/index.ts';
import { getSettings as readSettings } from './service.ts';
import type { ShopSettings } from './settings.ts';

const cache = new WeakMap<Db, { version: number; value: Promise<ShopSettings> }>();

/** The shop settings as of a content version read after the call. */
export async function getSettings(db: Db): Promise<ShopSettings> {
  const version = await readContentVersion(db);
  const hit = cache.get(db);
  if (hit && hit.version === version) return hit.value;
  const value = readSettings(db);
  cache.set(db, { version, value });
  value.catch(() => {
    if (cache.get(db)?.value === value) cache.delete(db);
  });
  return value;
}

/** Forgets the cached settings of a database (kept for callers; the content version already covers changes). */
export function invalidateSettings(db: Db): void {
  cache.delete(db);
}
