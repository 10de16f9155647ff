/**
 * Named prepared statements on both engines: a hot statement is parsed
 * and planned once per database connection, then only bound and executed.
 *
 * Why not Drizzle's `.prepare(name)`: on node-postgres it does name the statement, but on PGlite
 * Drizzle sends every execution as Parse + Describe + Bind + Describe + Execute + Sync of an
 * unnamed statement, each a separate call into the WebAssembly backend, so PostgreSQL parses and
 * plans it again every time. For the cart add (five CTEs) that was ~2.5 of ~3 CPU ms per call;
 * a named statement executed with one Bind + Execute + Sync costs ~0.5 ms. And raw statements
 * (`db.execute(sql…)`, e.g. data-modifying CTEs) have no `.prepare` in Drizzle.
 *
 * How: {@link openDatabase} registers the driver behind each database it opens
 * ({@link registerPreparedDriver}). PGlite: the statement is parsed by name once per PGlite
 * instance (Parse + Describe + Sync), then each run is one protocol message (Bind + Execute +
 * Sync), sent under PGlite's own transaction and query locks, so it never runs inside another
 * caller's transaction. node-postgres: `pool.query({ name, text, values })`, which pg prepares
 * by name on each pooled connection the first time. A database not registered — a transaction
 * handle, whose statements must stay on its connection — runs the same SQL through Drizzle.
 *
 * Results are as `db.execute` gives them: column names as selected, values parsed by the
 * driver's parsers (timestamps, dates and intervals left as text, as Drizzle does; `bigint` and
 * `numeric` may arrive as strings).
 */
import type { PGlite } from '@electric-sql/pglite';
import { protocol, types as pgliteTypes } from '@electric-sql/pglite';
import { PgDialect } from 'drizzle-orm/pg-core';
import { Placeholder, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client.ts';

/**
 * A parameter value: sent as text, typed by the statement (`$1::int`, a column it is compared
 * with…). An array is sent as a PostgreSQL array literal (`{"a","b"}`): cast it in the statement
 * (`$1::text[]`).
 */
export type SqlValue = string | number | boolean | null | readonly (string | number | null)[];

/** PostgreSQL's text form of an array: every element quoted, `"` and `\` escaped. */
function arrayLiteral(a: readonly (string | number | null)[]): string {
  return `{${a.map((e) => (e === null ? 'NULL' : `"${String(e).replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
}

/** A value as the text sent in Bind (null stays null). */
function toText(v: SqlValue): string | null {
  return v === null ? null : Array.isArray(v) ? arrayLiteral(v) : String(v);
}

/**
 * The rows of a raw `db.execute(sql…)` result: node-postgres and PGlite answer `{ rows }`, other
 * drivers an array. The caller names the row shape (column names as selected; numbers of
 * `numeric`/`bigint` columns may arrive as strings). Re-exported by core/db/client.ts.
 */
export function resultRows<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : ((res as { rows?: unknown[] }).rows ?? [])) as T[];
}

type Driver = { kind: 'pglite'; client: PGlite; onQuery: () => void } | { kind: 'postgres'; pool: pg.Pool; onQuery: () => void };
const drivers = new WeakMap<Db, Driver>();

/**
 * Registers the driver behind a database opened by {@link openDatabase}, so that its prepared
 * statements run by name. Transaction handles are never registered.
 * @param onQuery called once per statement sent (the bench's statement count).
 */
export function registerPreparedDriver(db: Db, driver: Driver): void {
  drivers.set(db, driver);
}

/**
 * Whether `db` is a database opened by {@link openDatabase} (not a transaction handle): its
 * statements run on their own, so several callers' work may be combined into one statement.
 */
export function isOwnDatabase(db: Db): boolean {
  return drivers.has(db);
}

/** Timestamps, dates and intervals (and their arrays) stay text, as Drizzle's drivers leave them. */
const RAW_TYPES = new Set([1114, 1184, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const raw = (v: string) => v;
const pgTypes = { getTypeParser: (oid: number, format?: string) => (RAW_TYPES.has(oid) ? raw : pg.types.getTypeParser(oid, format as 'text')) };

/** A statement as PGlite knows it after Parse + Describe: its result columns and their parsers. */
type PgliteStatement = { columns: { name: string; parse: (v: string) => unknown }[] };

/**
 * Sends protocol messages to PGlite as one buffer and answers the backend's messages. Holds
 * PGlite's transaction lock and then its query lock, as `PGlite.query` does: no other caller's
 * statement or transaction (Drizzle's `db.transaction` holds the transaction lock across its
 * statements) can interleave with them.
 * @throws once the database is closed (PGlite's `_checkReady`), or the backend's error.
 */
async function sendPglite(client: PGlite, parts: Uint8Array[]): Promise<{ messages: { name: string }[] }> {
  const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    message.set(p, at);
    at += p.length;
  }
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      await client._checkReady();
      return client.execProtocol(message);
    }),
  );
}

/**
 * A named statement, prepared once per PGlite instance or pooled PostgreSQL connection.
 * Create it once at module level; {@link PreparedSql.run} may then be called with any database.
 */
export class PreparedSql<P extends string, Row> {
  readonly #name: string;
  readonly #build: (p: Record<P, unknown>) => SQL;
  readonly #text: string;
  /** The parameter names in `$1…$n` order (a name used twice fills two parameters). */
  readonly #order: P[];
  readonly #pglite = new WeakMap<PGlite, Promise<PgliteStatement>>();

  /**
   * @param name the statement's name, unique in the process (PostgreSQL's prepared statement name).
   * @param build the statement; it receives each parameter as a Drizzle placeholder to put into
   *   the `sql` template (it is also called with the values themselves for the Drizzle fallback).
   */
  constructor(name: string, params: readonly P[], build: (p: Record<P, unknown>) => SQL) {
    this.#name = name;
    this.#build = build;
    const placeholders = Object.fromEntries(params.map((k) => [k, sql.placeholder(k)])) as Record<P, unknown>;
    const query = new PgDialect().sqlToQuery(build(placeholders));
    this.#text = query.sql;
    this.#order = query.params.map((p) => {
      if (!(p instanceof Placeholder)) throw new Error(`${name}: every value must be a parameter (found ${String(p)})`);
      return p.name as P;
    });
  }

  /**
   * Executes the statement.
   * @returns the result rows (see the module comment for their values).
   * @throws the database's error, as `db.execute` would (PGlite: a `DatabaseError` of
   *   `@electric-sql/pg-protocol` with the PostgreSQL `code`).
   */
  async run(db: Db, values: Record<P, SqlValue>): Promise<Row[]> {
    const driver = drivers.get(db);
    if (!driver) {
      const direct = Object.fromEntries(Object.entries<SqlValue>(values).map(([k, v]) => [k, Array.isArray(v) ? arrayLiteral(v) : v]));
      return resultRows<Row>(await db.execute(this.#build(direct as Record<P, unknown>)));
    }
    const params = this.#order.map((k) => toText(values[k]));
    driver.onQuery();
    if (driver.kind === 'postgres') {
      const res = await driver.pool.query({ name: this.#name, text: this.#text, values: params, types: pgTypes } as pg.QueryConfig);
      return res.rows as Row[];
    }
    return this.#runPglite(driver.client, params);
  }

  async #runPglite(client: PGlite, params: (string | null)[]): Promise<Row[]> {
    let statement = this.#pglite.get(client);
    if (!statement) {
      statement = this.#preparePglite(client);
      this.#pglite.set(client, statement);
      statement.catch(() => this.#pglite.delete(client)); // a failed Parse is tried again next time
    }
    const { columns } = await statement;
    const { messages } = await sendPglite(client, [
      protocol.serialize.bind({ statement: this.#name, values: params }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
    const rows: Row[] = [];
    for (const m of messages) {
      if (m.name !== 'dataRow') continue;
      const fields = (m as unknown as { fields: (string | null)[] }).fields;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) row[columns[i].name] = fields[i] === null ? null : columns[i].parse(fields[i]!);
      rows.push(row as Row);
    }
    return rows;
  }

  async #preparePglite(client: PGlite): Promise<PgliteStatement> {
    const { messages } = await sendPglite(client, [
      protocol.serialize.parse({ name: this.#name, text: this.#text, types: [] }),
      protocol.serialize.describe({ type: 'S', name: this.#name }),
      protocol.serialize.sync(),
    ]);
    const description = messages.find((m) => m.name === 'rowDescription') as unknown as { fields: { name: string; dataTypeID: number }[] } | undefined;
    return {
      columns: (description?.fields ?? []).map((f) => ({
        name: f.name,
        parse: RAW_TYPES.has(f.dataTypeID) ? raw : (v: string) => pgliteTypes.parseType(v, f.dataTypeID, client.parsers),
      })),
    };
  }
}
