/**
 * Moving a shop from the embedded PGlite database to PostgreSQL (docs/operations.md, "From PGlite to
 * PostgreSQL"): `npm run migrate:to-postgres -- <DATABASE_URL>`.
 *
 * The PGlite data directory is opened like the server opens it (its lock refuses while a server
 * runs; pending migrations are applied first), the empty PostgreSQL database gets the same
 * migrations, then every table of the `public` schema is copied in one transaction, parents before
 * children (foreign keys), the tables' own triggers off while they fill (so a trigger cannot add
 * or change rows: the copy is the source, row for row); the sequences get the source's values; the
 * row counts are compared table by table before the commit. Nothing is written when anything
 * differs or fails.
 *
 * Rows travel as JSON (`row_to_json` → `json_populate_recordset`), which PostgreSQL converts back
 * exactly: numeric, bigint, timestamps with microseconds, jsonb, bytea (as hex) and arrays.
 */
import pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, resultRows, type Db } from './client.ts';
import { sql } from 'drizzle-orm';

/** Thrown when the move cannot be done (message says why); nothing was written to PostgreSQL. */
export class MoveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoveError';
  }
}

/** One copied table: its rows in PGlite and in PostgreSQL after the copy. */
export type MovedTable = { table: string; source: number; target: number };

/** Rows per INSERT: large enough to be quick, small enough for big jsonb rows (mail attachments). */
const BATCH = 500;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Tables of the public schema, parents first (a table after every table its foreign keys name). */
async function tablesInCopyOrder(db: Db): Promise<string[]> {
  const tables = resultRows<{ name: string }>(
    await db.execute(sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`),
  ).map((r) => r.name);
  const edges = resultRows<{ child: string; parent: string }>(
    await db.execute(sql`SELECT c.relname AS child, p.relname AS parent
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public'`),
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) if (e.child !== e.parent) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  const done = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find((t) => !done.has(t) && [...parents.get(t)!].every((p) => done.has(p)));
    if (!next) throw new MoveError(`foreign keys form a cycle between ${tables.filter((t) => !done.has(t)).join(', ')}`);
    ordered.push(next);
    done.add(next);
  }
  return ordered;
}

/**
 * Copies the PGlite database in `dataDir` into the empty PostgreSQL database at `databaseUrl`.
 * @param log progress lines (one per table).
 * @returns the row counts of every table, in copy order, and how many sequences were set.
 * @throws {import('./lock.ts').DataDirLockedError} while a server holds the data directory.
 * @throws {MoveError} when `dataDir` holds no database, the PostgreSQL database is not empty, or
 *   the counts differ after the copy (then nothing is committed).
 */
export async function copyPgliteToPostgres(
  dataDir: string,
  databaseUrl: string,
  log: (line: string) => void = () => {},
): Promise<{ tables: MovedTable[]; sequences: number }> {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) throw new MoveError(`${dataDir} holds no shop database (no PG_VERSION): nothing to move`);
  const probe = new pg.Client({ connectionString: databaseUrl });
  await probe.connect().catch((e: Error) => {
    throw new MoveError(`cannot connect to PostgreSQL: ${e.message}`);
  });
  try {
    const { rows } = await probe.query<{ n: string }>(
      `SELECT count(*) AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    if (Number(rows[0].n) > 0)
      throw new MoveError(`the PostgreSQL database already holds ${rows[0].n} table(s): the move needs an empty database (CREATE DATABASE shop OWNER shop)`);
  } finally {
    await probe.end();
  }

  const source = await openDatabase({ dataDir });
  let target: Awaited<ReturnType<typeof openDatabase>> | null = null;
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    // the same migrations as the source: the tables, the drizzle journal, the seeds (replaced below)
    target = await openDatabase({ databaseUrl });
    await client.connect();
    const tables = await tablesInCopyOrder(source.db);
    const moved: MovedTable[] = [];
    await client.query('BEGIN');
    try {
      await client.query(`TRUNCATE ${tables.map(ident).join(', ')}`);
      for (const t of tables) await client.query(`ALTER TABLE ${ident(t)} DISABLE TRIGGER USER`);
      for (const t of tables) {
        const columns = resultRows<{ name: string; identity: string }>(
          await source.db.execute(sql`SELECT column_name AS name, is_identity AS identity FROM information_schema.columns
            WHERE table_schema = 'public' AND table_name = ${t} AND is_generated = 'NEVER' ORDER BY ordinal_position`),
        );
        const list = columns.map((c) => ident(c.name)).join(', ');
        const overriding = columns.some((c) => c.identity === 'YES') ? ' OVERRIDING SYSTEM VALUE' : '';
        const rows = resultRows<{ j: string }>(await source.db.execute(sql.raw(`SELECT row_to_json(t)::text AS j FROM ${ident(t)} t`)));
        for (let i = 0; i < rows.length; i += BATCH) {
          const batch = `[${rows
            .slice(i, i + BATCH)
            .map((r) => r.j)
            .join(',')}]`;
          await client.query(`INSERT INTO ${ident(t)} (${list})${overriding} SELECT ${list} FROM json_populate_recordset(NULL::${ident(t)}, $1::json)`, [
            batch,
          ]);
        }
        const { rows: counted } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${ident(t)}`);
        moved.push({ table: t, source: rows.length, target: Number(counted[0].n) });
        log(`${t}: ${rows.length} row(s)`);
      }
      for (const t of tables) await client.query(`ALTER TABLE ${ident(t)} ENABLE TRIGGER USER`);
      const sequences = resultRows<{ name: string; last: string | null }>(
        await source.db.execute(sql`SELECT sequencename AS name, last_value::text AS last FROM pg_sequences WHERE schemaname = 'public'`),
      );
      for (const s of sequences) if (s.last !== null) await client.query('SELECT setval($1::regclass, $2::bigint, true)', [ident(s.name), s.last]);
      const differing = moved.filter((m) => m.source !== m.target);
      if (differing.length) throw new MoveError(`row counts differ after the copy: ${differing.map((m) => `${m.table} ${m.source} → ${m.target}`).join(', ')}`);
      await client.query('COMMIT');
      return { tables: moved, sequences: sequences.filter((s) => s.last !== null).length };
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    }
  } finally {
    await client.end().catch(() => undefined);
    await target?.close().catch(() => undefined);
    await source.close();
  }
}
