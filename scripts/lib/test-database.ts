/**
 * Scratch PostgreSQL databases for the chaos run (scripts/chaos.ts) and the tests: scripts do
 * not import tests/, the tests import this.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Creates a PostgreSQL database of its own next to `adminUrl`'s (for tests that start
 * processes, like the import command, against PostgreSQL): empty, or a copy of `opts.template`.
 * @returns its URL and a function that drops it.
 */
export async function createTestDatabase(adminUrl: string, opts: { template?: string } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(opts.template ? `CREATE DATABASE ${name} TEMPLATE ${opts.template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        // pg's pool.end() resolves before its connections have closed: wait for them, so that
        // FORCE does not kill a closing connection (its client would throw 57P01, uncaught)
        for (let i = 0; i < 100; i++) {
          const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
