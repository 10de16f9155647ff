/**
 * Settings for page rendering, cached for 2 seconds per database so a page view does not read the
 * settings row several times. Changes (admin settings) appear within 2 s.
 */
import type { Db } from '../db/client.ts';
import { getSettings as readSettings } from './service.ts';
import type { ShopSettings } from './settings.ts';

const cache = new WeakMap<Db, { at: number; value: Promise<ShopSettings> }>();
const TTL_MS = 2_000;

export function getSettings(db: Db): Promise<ShopSettings> {
  const hit = cache.get(db);
  const now = Date.now();
  if (hit && now - hit.at < TTL_MS) return hit.value;
  const value = readSettings(db);
  cache.set(db, { at: now, value });
  value.catch(() => cache.delete(db));
  return value;
}

/** Forgets the cached settings of a database (after an update). */
export function invalidateSettings(db: Db): void {
  cache.delete(db);
}
