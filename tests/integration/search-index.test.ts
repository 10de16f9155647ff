/**
 * The in-process search index answers exactly what the former SQL query answered:
 * the same word similarities as pg_trgm on this engine, the same hits in the same order for
 * typed prefixes, typos and multi-word queries over the real catalogue and over it repeated with
 * numbered names; and it follows the catalogue: a product created, renamed, unlisted or deleted
 * (also by plain SQL that knows nothing about the index) is found or not on the next search.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importCatalogue } from '../../core/catalogue/import.ts';
import { products } from '../../core/db/schema/catalogue.ts';
import { SearchIndex, loadIndexedProducts } from '../../core/catalogue/search-index.ts';
import { normalizeSearchText, productSearchText } from '../../core/catalogue/search-text.ts';
import { searchProducts, WORD_MATCH_THRESHOLD } from '../../core/catalogue/service.ts';
import { wordSimilarity } from '../../core/catalogue/trigram.ts';
import type { Db } from '../../core/db/client.ts';
import { createTestShop } from '../helpers/shop.ts';
import { useTestSuite } from '../helpers/suite.ts';
import { SEARCH_WORDS } from '../../scripts/lib/search-words.ts';

const likeEscape = (s: string) => s.replace(/[%_\\]/g, '\\$&');

/** The SQL live search the index replaced (pg_trgm on the database), ties by name in code-point order. */
async function searchInSql(db: Db, query: string, limit = 10): Promise<string[]> {
  const q = normalizeSearchText(query).slice(0, 100);
  if (!q) return [];
  const words = [...new Set(q.split(' ').filter(Boolean))].slice(0, 8);
  const text = products.searchText;
  const conditions: SQL[] = [];
  const scores: SQL[] = [];
  for (const w of words) {
    const contains = sql`${text} like ${'%' + likeEscape(w) + '%'}`;
    if (w.length < 3) {
      const startsWord = sql`(' ' || ${text}) like ${'% ' + likeEscape(w) + '%'}`;
      conditions.push(startsWord);
      scores.push(sql`case when ${startsWord} then 1 else 0 end`);
    } else {
      conditions.push(sql`(${contains} or word_similarity(${w}, ${text}) >= ${WORD_MATCH_THRESHOLD})`);
      scores.push(sql`greatest(word_similarity(${w}, ${text}), case when ${contains} then 1 else 0 end)`);
    }
  }
  const score = sql`(${sql.join(scores, sql` + `)} + word_similarity(${q}, ${text}))`;
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.active, true), ...conditions))
    .orderBy(desc(score), asc(sql`${products.name} collate "C"`))
    .limit(limit);
  return rows.map((r) => r.id);
}

const catalogue = JSON.parse(fs.readFileSync('data/catalogue.json', 'utf8')) as { products: Record<string, unknown>[] } & Record<string, unknown>;

/** Typed prefixes of the bench's words, typos, several words, digits, and words found nowhere. */
function queries(): string[] {
  const words = SEARCH_WORDS;
  const prefixes = words.flatMap((w) => Array.from({ length: w.length }, (_, k) => w.slice(0, k + 1)));
  return [
    ...prefixes,
    'partagaz',
    'upman',
    'macanduo maduro',
    'serie d no 4',
    'opusx robusto',
    'davidoff late hour churchill',
    'anejado 7 anos',
    'robusto 3',
    'no 2',
    'a b c',
    'zzzqqq',
    'connecticut shade',
    'Añejado',
    'fuente fuente fuente',
    'rob',
    'ro bu',
    'x',
  ];
}

describe('search index and pg_trgm', () => {
  const t = useTestSuite();

  it('computes word_similarity exactly as pg_trgm on this engine', async () => {
    const texts = (catalogue.products as Parameters<typeof productSearchText>[0][]).map(productSearchText);
    const pairs: [string, string][] = [];
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 600; i++) {
      const text = texts[rnd(texts.length)];
      const ws = text.split(' ');
      let q = ws[rnd(ws.length)];
      const kind = rnd(5);
      if (kind === 0) q = q.slice(0, 1 + rnd(q.length));
      else if (kind === 1) {
        const j = rnd(q.length);
        q = q.slice(0, j) + 'aeiourstn'[rnd(9)] + q.slice(j);
      } else if (kind === 2) q = `${q} ${ws[rnd(ws.length)].slice(0, 1 + rnd(5))}`;
      else if (kind === 3)
        q = texts[rnd(texts.length)]
          .split(' ')
          .slice(0, 1 + rnd(5))
          .join(' ');
      pairs.push([q, text]);
    }
    const rows = await t.shop.db.execute<{ s: number }>(
      sql`select word_similarity(a, b) as s from unnest(${`{${pairs.map((p) => `"${p[0]}"`).join(',')}}`}::text[], ${`{${pairs.map((p) => `"${p[1]}"`).join(',')}}`}::text[]) with ordinality as x(a, b, n) order by n`,
    );
    const fromDb = ((rows as { rows?: unknown[] }).rows ?? rows) as { s: number }[];
    expect(fromDb).toHaveLength(pairs.length);
    const diffs = pairs.filter((p, i) => Math.fround(Number(fromDb[i].s)) !== wordSimilarity(p[0], p[1]));
    expect(diffs).toEqual([]);
  });

  it('finds what the SQL query found, in the same order, on the real catalogue', async () => {
    const index = new SearchIndex(await loadIndexedProducts(t.shop.db));
    for (const q of queries())
      expect(
        index.search(q, 50).map((h) => h.id),
        q,
      ).toEqual(await searchInSql(t.shop.db, q, 50));
  });

  it('finds what the SQL query found on the catalogue repeated with numbered names', async () => {
    const big = await createTestShop({ catalogue: null });
    try {
      const base = catalogue.products;
      const repeated = Array.from({ length: base.length * 4 }, (_, i) => {
        const p = base[i % base.length];
        const round = Math.floor(i / base.length);
        return round === 0 ? p : { ...p, sku: `${String(p.sku)}-R${round}`, name: `${String(p.name)} ${round}` };
      });
      await importCatalogue(big.db, { ...catalogue, products: repeated } as never);
      const index = new SearchIndex(await loadIndexedProducts(big.db));
      expect(index.size).toBe(repeated.length);
      for (const q of [...queries(), 'cohiba 2', 'robusto 1', 'fuente 3 hemingway']) {
        expect(
          index.search(q, 10).map((h) => h.id),
          q,
        ).toEqual(await searchInSql(big.db, q, 10));
        expect(
          index.search(q, 50).map((h) => h.id),
          q,
        ).toEqual(await searchInSql(big.db, q, 50));
      }
    } finally {
      await big.close();
    }
  });

  it('follows every write to the catalogue, also plain SQL', async () => {
    const names = async (q: string) => (await searchProducts(t.shop.db, q)).map((h) => h.name);
    expect(await names('zanzibar')).toEqual([]);
    const [hit] = await searchProducts(t.shop.db, 'opusx robusto');
    // renamed by a statement that knows nothing about the index (the trigger bumps the version)
    await t.shop.db.execute(sql`update products set name = 'Zanzibar Robusto', search_text = 'zanzibar robusto' where id = ${hit.id}`);
    expect(await names('zanzibar')).toEqual(['Zanzibar Robusto']);
    await t.shop.db.update(products).set({ active: false }).where(eq(products.id, hit.id));
    expect(await names('zanzibar')).toEqual([]);
    await t.shop.db.update(products).set({ active: true }).where(eq(products.id, hit.id));
    expect(await names('zanzibar')).toEqual(['Zanzibar Robusto']);
    await t.shop.db.delete(products).where(eq(products.id, hit.id));
    expect(await names('zanzibar')).toEqual([]);
  });
});
