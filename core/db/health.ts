/**
 * Database health: whether the database answers, so
 * a failed request can be told apart — the database is down (503, try again) or a bug (500).
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The health probe of each PostgreSQL database: `SELECT 1` on a connection of its own. */
const probes = new WeakMap<Db, () => Promise<unknown>>();

/**
 * Gives a database a health probe that does not wait for the shop's pooled connections
 * (core/db/client.ts opens one connection for it): when a rush keeps every pooled connection busy
 * and queries queue for them, the database is still reachable, and `/readyz` must not say
 * otherwise, or the balancer takes a busy process out.
 */
export function registerHealthProbe(db: Db, probe: () => Promise<unknown>): void {
  probes.set(db, probe);
}

/**
 * Whether the database answers `SELECT 1` within `timeoutMs` (milliseconds), on its health
 * connection when it has one ({@link registerHealthProbe}). Never throws. With node-postgres a
 * restarted server is reconnected by the pool on the next query, so the shop recovers by itself
 * once this answers true again.
 */
export async function databaseReachable(db: Db, timeoutMs = 1000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    // the answer may already be read but not yet handled when the timer fires late (a process
    // busy with a rush runs timers before the I/O of the same turn): give that I/O its turn first
    timer = setTimeout(() => setImmediate(() => resolve(false)), timeoutMs);
  });
  try {
    const probe = probes.get(db) ?? (() => db.execute(sql`SELECT 1`));
    return await Promise.race([probe().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
