/**
 * Catalogue reads: product list with sort, filter and paging; product detail; home sections;
 * live search.
 */
import { and, asc, desc, eq, getTableColumns, gt, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index.ts';
import { CATEGORIES, SORTS, STRENGTHS, type Strength } from './limits.ts';
import { products, type ProductRow } from '../db/index.ts';
import { searchIndexFor, type SearchHit } from './search-index.ts';
import { normalizeSearchText } from './search-text.ts';

type ProductSort = (typeof SORTS)[number];
export { STRENGTHS };

/** Options of {@link listProducts}. `page` is 1-based; `pageSize` 1..100. */
export type ListOptions = {
  sort?: ProductSort;
  category?: (typeof CATEGORIES)[number];
  strength?: Strength;
  page?: number;
  pageSize?: number;
};

/** A page of products and the total number that match. */
export type ProductPage = { items: ProductRow[]; total: number; page: number; pageSize: number; pageCount: number };

const effectivePrice = sql`(${products.basePrice} * (100 - ${products.discountPercent}))`;
const strengthRank = sql`case ${products.strength} when 'Mild' then 1 when 'Mild-Medium' then 2 when 'Medium' then 3 when 'Medium-Full-bodied' then 4 when 'Full-bodied' then 5 else 6 end`;

/** Case-insensitive, and the same on every server whatever its default collation ("adorini" among the A's). */
const nameOrder = sql`lower(${products.name}) collate "C"`;

function orderFor(sort: ProductSort): SQL[] {
  switch (sort) {
    case 'price-asc':
      return [asc(effectivePrice), asc(products.name)];
    case 'price-desc':
      return [desc(effectivePrice), asc(products.name)];
    case 'name':
      return [asc(nameOrder), asc(products.sku)];
    case 'strength':
      return [asc(strengthRank), asc(products.name)];
    case 'newest':
    default:
      return [desc(products.createdAt), asc(products.sku)];
  }
}

/** Lists active products (out-of-stock ones included, marked by `stock = 0`). */
export async function listProducts(db: Db, opts: ListOptions = {}): Promise<ProductPage> {
  const page = Math.max(1, opts.page ?? 1);
  const pageSize = Math.min(100, Math.max(1, opts.pageSize ?? 24));
  const where = and(
    eq(products.active, true),
    opts.category ? eq(products.category, opts.category) : undefined,
    opts.strength ? eq(products.strength, opts.strength) : undefined,
  );
  const [items, [{ total }]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(...orderFor(opts.sort ?? 'newest'))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(products)
      .where(where),
  ]);
  return { items, total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** One product by id, or null (also null for a malformed id). Inactive products are returned too. */
export async function getProduct(db: Db, id: string): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row ?? null;
}

/**
 * The home page's sections, in one query: popular (by name), promotional (biggest discount
 * first) and a selection of products in stock (newest first), each at most `limit` products.
 */
export async function homeSections(db: Db, limit = 8): Promise<{ popular: ProductRow[]; promotional: ProductRow[]; forSale: ProductRow[] }> {
  const columns = getTableColumns(products);
  // each branch numbers its rows in its own order (UNION ALL keeps no order by itself)
  const branch = (section: 'popular' | 'promotional' | 'forSale', where: SQL | undefined, order: SQL) =>
    db
      .select({ ...columns, section: sql<string>`${sql.raw(`'${section}'`)}`.as('section'), pos: sql<number>`row_number() over (order by ${order})`.as('pos') })
      .from(products)
      .where(and(eq(products.active, true), where))
      .orderBy(order)
      .limit(limit);
  const rows = await unionAll(
    branch('popular', eq(products.popular, true), sql`${products.name} asc`),
    branch('promotional', eq(products.promotional, true), sql`${products.discountPercent} desc, ${products.name} asc`),
    branch('forSale', gt(products.stock, 0), sql`${products.createdAt} desc, ${products.sku} asc`),
  );
  const sections = { popular: [] as ProductRow[], promotional: [] as ProductRow[], forSale: [] as ProductRow[] };
  for (const { section, pos: _pos, ...row } of [...rows].sort((a, b) => Number(a.pos) - Number(b.pos))) sections[section as keyof typeof sections].push(row);
  return sections;
}

export { WORD_MATCH_THRESHOLD, type SearchHit } from './search-index.ts';

/**
 * Live search over name, brand, line, vitola and wrapper: case-, accent- and small-typo-tolerant,
 * best match first, listed products only.
 *
 * The query is normalised like the stored `search_text` (lower case, accents and punctuation
 * removed, see search-text.ts) and split into words. Every word must match: a word of 3 or more
 * letters matches when it occurs in the text or its pg_trgm `word_similarity` with some part of
 * the text is at least {@link WORD_MATCH_THRESHOLD} (so "fuentte" finds "fuente", "upman"
 * "upmann"); a shorter word ("d", "no", "4") must start a word of the text. The score is the sum
 * of the words' similarities (an exact occurrence counts 1) plus the similarity of the whole
 * phrase, so products matching more words, in the query's order, come first; ties by name
 * (code-point order).
 *
 * Answered from the in-process index (search-index.ts), which computes
 * `word_similarity` as pg_trgm does and is rebuilt when the content version says the catalogue
 * changed; one version read per call on PostgreSQL, none on PGlite.
 * @param query free text; an empty query (after normalisation) returns [].
 * @param limit 1..50 hits.
 * @throws the database's error when the version cannot be read or the index not built.
 */
export async function searchProducts(db: Db, query: string, limit = 10): Promise<SearchHit[]> {
  if (!normalizeSearchText(query)) return [];
  return (await searchIndexFor(db)).search(query, limit);
}
