/**
 * Named prepared statements (core/db/prepared.ts): the same rows as `db.execute`, one
 * statement each, errors as the database gives them, and never inside another caller's
 * transaction (PGlite has one connection: a statement sent while a transaction is open would
 * otherwise become part of it). On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryCount, resultRows } from '../../core/db/client.ts';
import { PreparedSql } from '../../core/db/prepared.ts';
import type { Shop } from '../../core/shop.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
beforeAll(async () => {
  ({ shop } = await openTestSuite({ catalogue: null }));
  await shop.db.execute(sql`create table prepared_test (id int primary key, note text)`);
});
afterAll(async () => {
  await shop?.close();
});

const typed = (v: Record<'text' | 'n' | 'flag', unknown>) =>
  sql`select ${v.text}::text as t, ${v.n}::int as i, ${v.n}::bigint * 3 as big, ${v.flag}::boolean as b, ${v.n}::numeric / 8 as num,
             jsonb_build_object('a', ${v.text}::text, 'n', ${v.n}::int) as j, null::text as nothing,
             '2024-01-02T03:04:05Z'::timestamptz as at, '2024-01-02'::date as day, array[${v.n}::int, 2] as arr`;
const typedStatement = new PreparedSql<'text' | 'n' | 'flag', Record<string, unknown>>('test_typed', ['text', 'n', 'flag'], typed);

const insert = new PreparedSql<'id' | 'note', { id: number }>(
  'test_insert',
  ['id', 'note'],
  (v) => sql`insert into prepared_test (id, note) values (${v.id}::int, ${v.note}) returning id`,
);
const countRows = new PreparedSql<never, { n: number }>('test_count', [], () => sql`select count(*)::int as n from prepared_test`);

describe('PreparedSql', () => {
  it('answers the rows db.execute answers, as one statement each time', async () => {
    for (const values of [
      { text: "it's", n: 42, flag: true },
      { text: 'ünïcödé \\ "quoted"', n: -7, flag: false },
      { text: null, n: 0, flag: null },
    ]) {
      const before = queryCount();
      const rows = await typedStatement.run(shop.db, values);
      expect(queryCount() - before).toBe(1);
      expect(rows).toEqual(resultRows(await shop.db.execute(typed(values))));
      // inside a transaction the statement goes through Drizzle on the transaction's connection
      expect(await shop.db.transaction((tx) => typedStatement.run(tx, values))).toEqual(rows);
    }
  });

  it('sends arrays as array literals, whatever their elements hold', async () => {
    const statement = new PreparedSql<'texts' | 'ints', { texts: string[]; ints: number[]; n: number | null }>(
      'test_arrays',
      ['texts', 'ints'],
      (v) => sql`select ${v.texts}::text[] as texts, ${v.ints}::int[] as ints, array_length(${v.texts}::text[], 1) as n`,
    );
    const texts = ['plain', 'with "quotes"', 'back\\slash\\', 'comma, {braces}', 'NULL', '', ' spaced ', 'ünï 😀'];
    for (const db of [shop.db, null]) {
      const run = (values: { texts: string[]; ints: number[] }) => (db ? statement.run(db, values) : shop.db.transaction((tx) => statement.run(tx, values))); // prepared, and through Drizzle
      expect(await run({ texts, ints: [1, -2, 3] })).toEqual([{ texts, ints: [1, -2, 3], n: texts.length }]);
      expect(await run({ texts: [], ints: [] })).toEqual([{ texts: [], ints: [], n: null }]);
    }
  });

  it('prepares once when many callers start at the same time', async () => {
    const statement = new PreparedSql<'n', { n: number }>('test_concurrent', ['n'], (v) => sql`select ${v.n}::int * 2 as n`);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => statement.run(shop.db, { n: i })));
    expect(answers.map((rows) => rows[0].n)).toEqual(Array.from({ length: 30 }, (_, i) => i * 2));
  });

  it("throws the database's error and runs again afterwards", async () => {
    await insert.run(shop.db, { id: 1, note: 'first' });
    const e = await insert.run(shop.db, { id: 1, note: 'again' }).catch((err: unknown) => err);
    expect((e as { code?: string }).code).toBe('23505'); // unique_violation
    expect(await insert.run(shop.db, { id: 2, note: null })).toEqual([{ id: 2 }]);
    expect(await countRows.run(shop.db, {})).toEqual([{ n: 2 }]);
  });

  it("never becomes part of another caller's open transaction", async () => {
    let inside!: () => void;
    const opened = new Promise<void>((r) => (inside = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const rolledBack = shop.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into prepared_test (id, note) values (10, 'rolled back')`);
        inside();
        await gate;
        throw new Error('roll back');
      })
      .catch((e: unknown) => e);
    await opened;
    const ours = insert.run(shop.db, { id: 11, note: 'committed on its own' }); // while the transaction is open
    await new Promise((r) => setTimeout(r, 20));
    release();
    expect(await rolledBack).toBeInstanceOf(Error);
    expect(await ours).toEqual([{ id: 11 }]);
    const ids = resultRows<{ id: number }>(await shop.db.execute(sql`select id from prepared_test where id >= 10 order by id`));
    expect(ids).toEqual([{ id: 11 }]);
  });
});
