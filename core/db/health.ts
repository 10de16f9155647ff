/**
 * Database health: whether the database answers, so
 * a failed request can be told apart — the database is down (503, try again) or a bug (500).
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Whether the database answers `SELECT 1` within `timeoutMs` (milliseconds). Never throws. With
 * node-postgres a restarted server is reconnected by the pool on the next query, so the shop
 * recovers by itself once this answers true again.
 */
export async function databaseReachable(db: Db, timeoutMs = 1000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`SELECT 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
