/**
 * The in-process live-search index (ADR 010): the listed products' search texts as
 * trigram ids with an inverted list per trigram, built from the database and answering
 * {@link SearchIndex.search} with exactly the matches, scores and order the former SQL query had
 * (pg_trgm `word_similarity`, see trigram.ts), in a fraction of a millisecond at 10,000 products
 * instead of a scan that computed `word_similarity` on every row.
 *
 * Freshness: {@link searchIndexFor} compares the content version (core/db/content-version.ts,
 * bumped by triggers in the same transaction as every write to `products`) with the version the
 * index was built at and rebuilds it when the catalogue changed, so a search sees every committed
 * write, also one made by another process or by psql — the same rule as the page cache.
 */
import { eq } from 'drizzle-orm';
import { readContentVersion, products, type ProductRow } from '../db/index.ts';
import type { Db } from '../db/index.ts';
import { normalizeSearchText, searchTextWithNames } from './search-text.ts';
import { similarityScratch, trigramsInOrder, wordSimilarityOf, type SimilarityScratch } from './trigram.ts';

/** A live-search hit (docs/product.md §3, "Product search result"). */
export type SearchHit = Pick<ProductRow, 'id' | 'name' | 'packaging' | 'brand' | 'images' | 'basePrice' | 'discountPercent' | 'texts'>;

/** Minimum pg_trgm `word_similarity` for a query word to match a product (0..1). */
export const WORD_MATCH_THRESHOLD = 0.5;

/** A row the index is built from: a listed product's hit fields and its `search_text`. */
export type IndexedProduct = SearchHit & { searchText: string };

/**
 * A score as PostgreSQL typed it: `int` (a short word's 1), `real` (single precision) or
 * `double`. The former query summed them left to right, and `integer + real` is `double
 * precision` there, so the type decides the rounding and thereby the order of near ties.
 */
type Typed = { v: number; t: 0 | 1 | 2 };
const INT = 0;
const REAL = 1;
const DOUBLE = 2;
function add(a: Typed, b: Typed): Typed {
  if (a.t === INT && b.t === INT) return { v: a.v + b.v, t: INT };
  if (a.t === REAL && b.t === REAL) return { v: Math.fround(a.v + b.v), t: REAL };
  return { v: a.v + b.v, t: DOUBLE };
}

/** How many recent answers an index keeps (a few hundred KB at most). */
const RESULT_CACHE_SIZE = 2000;

/** One query word, prepared. */
type Word = {
  text: string;
  /** Shorter than 3 characters: must start a word of the text, scores integer 1. */
  short: boolean;
  /** Its distinct trigram ids that some product has, and how many distinct trigrams it has in all. */
  ids: number[];
  distinct: number;
};

/**
 * Search over a fixed set of products. Immutable once built; {@link searchIndexFor} replaces it
 * when the catalogue changes. Not reentrant (scratch arrays are shared), which JavaScript's one
 * thread guarantees as {@link SearchIndex.search} never awaits.
 */
export class SearchIndex {
  private readonly rows: IndexedProduct[];
  /** Each product's trigram ids in order of occurrence (duplicates kept). */
  private readonly trigrams: Int32Array[];
  /** Each product's rank by name (code-point order), for ties, and the product of each rank. */
  private readonly nameRank: Int32Array;
  private readonly posOfRank: Int32Array;
  /** Trigram text -> id. */
  private readonly ids = new Map<string, number>();
  /** Trigram id -> positions (ascending, distinct) of the products whose text has it. */
  private readonly postings: Int32Array[];
  /** Scratch: per product, how many of a query word's trigrams its text has. */
  private readonly counts: Uint16Array;
  /** Scratch: per product, the pass in which it last matched (products still in the running). */
  private readonly alive: Uint32Array;
  /**
   * Scratch: per query word (at most 8) and product, the word's term when known exactly (>= 0),
   * or minus its upper bound when only the word similarity decides (computed if needed).
   */
  private readonly terms: Float64Array[] = [];
  /** Scratch: marks a query's trigram ids (`queryMark[id] === queryStamp`). */
  private readonly queryMark: Uint32Array;
  private readonly scratch: SimilarityScratch;
  private pass = 0;
  private queryStamp = 0;
  /** Recent answers: `limit + "\n" + normalised query` -> the products, least recently used first. */
  private readonly results = new Map<string, IndexedProduct[]>();

  /** @param rows the listed products; the order is irrelevant (ties are broken by name). */
  constructor(rows: IndexedProduct[]) {
    this.rows = rows;
    const lists: number[][] = [];
    this.trigrams = rows.map((r, pos) => {
      const seq = trigramsInOrder(r.searchText);
      const out = new Int32Array(seq.length);
      for (let i = 0; i < seq.length; i++) {
        let id = this.ids.get(seq[i]);
        if (id === undefined) {
          id = lists.length;
          this.ids.set(seq[i], id);
          lists.push([]);
        }
        out[i] = id;
        const list = lists[id];
        if (list[list.length - 1] !== pos) list.push(pos);
      }
      return out;
    });
    this.postings = lists.map((l) => Int32Array.from(l));
    this.nameRank = new Int32Array(rows.length);
    this.posOfRank = new Int32Array(rows.length);
    rows
      .map((r, pos) => ({ name: r.name, pos }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.pos - b.pos))
      .forEach((e, rank) => {
        this.nameRank[e.pos] = rank;
        this.posOfRank[rank] = e.pos;
      });
    this.counts = new Uint16Array(rows.length);
    this.alive = new Uint32Array(rows.length);
    this.queryMark = new Uint32Array(lists.length);
    this.scratch = similarityScratch(lists.length);
  }

  /** Number of products in the index. */
  get size(): number {
    return this.rows.length;
  }

  /** The distinct trigram ids of `s` that some product has, and how many distinct trigrams `s` has in all. */
  private queryTrigrams(s: string): { ids: number[]; distinct: number } {
    const distinct = new Set(trigramsInOrder(s));
    const ids: number[] = [];
    for (const t of distinct) {
      const id = this.ids.get(t);
      if (id !== undefined) ids.push(id);
    }
    return { ids, distinct: distinct.size };
  }

  private mark(ids: number[]): void {
    this.queryStamp++;
    if (this.queryStamp === 0xffffffff) {
      this.queryMark.fill(0);
      this.queryStamp = 1;
    }
    for (const id of ids) this.queryMark[id] = this.queryStamp;
  }

  /** `word_similarity(s, text of product pos)`, `s` given by its trigram ids and distinct count. */
  private similarity(ids: number[], distinct: number, pos: number): number {
    this.mark(ids);
    return wordSimilarityOf(this.queryMark, this.queryStamp, distinct, this.trigrams[pos], this.scratch);
  }

  /** Starts a pass: products marked with the new pass number are the ones still in the running. */
  private nextPass(): number {
    this.pass++;
    if (this.pass === 0xffffffff) {
      this.alive.fill(0);
      this.pass = 1;
    }
    return this.pass;
  }

  /**
   * Counts, for the products in the running (`inPass`, or all when null), how many of `ids` their
   * text has; calls `each(pos, count)` for every product with at least one, then clears the counts.
   */
  private countTrigrams(ids: number[], inPass: number | null, each: (pos: number, count: number) => void): void {
    const counts = this.counts;
    const alive = this.alive;
    const touched: number[] = [];
    for (const id of ids)
      for (const pos of this.postings[id]) {
        if (inPass !== null && alive[pos] !== inPass) continue;
        if (counts[pos]++ === 0) touched.push(pos);
      }
    for (const pos of touched) {
      const n = counts[pos];
      counts[pos] = 0;
      each(pos, n);
    }
  }

  /**
   * Keeps the products in the running that may match query word `w` (index `j`) and records its
   * term in `terms[j]`: a word shorter than 3 characters must start a word of the text (term 1);
   * a longer one must occur in the text (term 1) or have a word similarity of at least
   * {@link WORD_MATCH_THRESHOLD} with it (term = the similarity, decided later, only for products
   * that may make the result: recorded as minus its upper bound).
   * @returns the number of the pass marking the products kept.
   */
  private matchWord(w: Word, j: number, inPass: number | null): { pass: number; kept: number } {
    const alive = this.alive;
    const terms = this.terms[j];
    if (w.short) {
      // "  a" / " ab" is a trigram of exactly the texts with a word starting with "a" / "ab"
      const id = this.ids.get(w.text.length === 1 ? `  ${w.text}` : ` ${w.text}`);
      const pass = this.nextPass();
      let kept = 0;
      if (id !== undefined)
        for (const pos of this.postings[id])
          if (inPass === null || alive[pos] === inPass) {
            alive[pos] = pass;
            terms[pos] = 1;
            kept++;
          }
      return { pass, kept };
    }
    // a similarity >= 0.5 needs at least half of the word's trigrams in the text (shared /
    // (word + extent - shared) <= shared / word); an occurrence needs all its inner trigrams
    const needForSimilarity = Math.ceil(w.distinct * WORD_MATCH_THRESHOLD);
    const inner = new Set<number>();
    let innerMissing = false;
    for (let i = 0; i + 3 <= w.text.length; i++) {
      const id = this.ids.get(w.text.slice(i, i + 3));
      if (id === undefined) innerMissing = true;
      else inner.add(id);
    }
    // a product with fewer trigrams than a similarity needs can only match by an occurrence, so it
    // must have every inner trigram: those are found from the inner trigrams' lists alone (short,
    // unlike the lists of the padded "  a" / " ar", which hold most of the catalogue), and only
    // they are searched for the word
    const occurrences: number[] = [];
    if (!innerMissing && inner.size < needForSimilarity) {
      const innerIds = [...inner];
      this.countTrigrams(innerIds, inPass, (pos, n) => {
        if (n === innerIds.length && this.rows[pos].searchText.includes(w.text)) occurrences.push(pos);
      });
    }
    const similar: number[] = [];
    if (needForSimilarity > 0 && w.ids.length >= needForSimilarity)
      this.countTrigrams(w.ids, inPass, (pos, n) => {
        if (n >= needForSimilarity) similar.push(pos, n);
      });
    const pass = this.nextPass();
    let kept = 0;
    for (const pos of occurrences) {
      terms[pos] = 1;
      alive[pos] = pass;
      kept++;
    }
    for (let i = 0; i < similar.length; i += 2) {
      const pos = similar[i];
      if (alive[pos] === pass) continue; // an occurrence, above
      // greatest(word_similarity, contains ? 1 : 0): an occurrence scores 1 (a similarity never exceeds 1)
      terms[pos] = this.rows[pos].searchText.includes(w.text) ? 1 : -Math.fround(similar[i + 1] / w.distinct);
      alive[pos] = pass;
      kept++;
    }
    return { pass, kept };
  }

  /**
   * Live search; the rules are those of `searchProducts` (service.ts): every word must match,
   * score = the words' terms + `word_similarity(query, text)`, best first, ties by name.
   *
   * Exact scores are computed best-bound first (branch and bound): the products in the running
   * are ordered by an upper bound of their score (from how many of the query's trigrams their
   * text has), and the search stops once no remaining product can beat the last of the `limit`
   * best, so a query matching thousands of products computes a handful of word similarities.
   * @param query free text; empty after normalisation -> [].
   * @param limit 1..50 hits.
   */
  search(query: string, limit = 10): SearchHit[] {
    const q = normalizeSearchText(query).slice(0, 100);
    if (!q) return [];
    const max = Math.min(50, Math.max(1, limit));
    // shoppers type the same prefixes: answers are kept (the index never changes, a new one
    // replaces it), the most recently used RESULT_CACHE_SIZE of them
    const key = `${max}\n${q}`;
    let rows = this.results.get(key);
    if (rows) {
      this.results.delete(key);
    } else {
      rows = this.compute(q, max);
      if (this.results.size >= RESULT_CACHE_SIZE) this.results.delete(this.results.keys().next().value!);
    }
    this.results.set(key, rows);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      packaging: row.packaging,
      brand: row.brand,
      images: row.images,
      basePrice: row.basePrice,
      discountPercent: row.discountPercent,
      texts: row.texts,
    }));
  }

  /** The best `max` products for the normalised query `q`. */
  private compute(q: string, max: number): IndexedProduct[] {
    const words: Word[] = [...new Set(q.split(' ').filter(Boolean))].slice(0, 8).map((text) => ({ text, short: text.length < 3, ...this.queryTrigrams(text) }));
    while (this.terms.length < words.length) this.terms.push(new Float64Array(this.rows.length));
    let inPass: number | null = null;
    for (let j = 0; j < words.length; j++) {
      const { pass, kept } = this.matchWord(words[j], j, inPass);
      if (kept === 0) return [];
      inPass = pass;
    }
    // upper bound of word_similarity(query, text): shared trigrams / the query's trigrams. Bounds
    // are summed like the scores (same types, single-precision rounding is monotonic), so a bound
    // is never below the score and equals it when every similarity reaches its bound.
    const phrase = this.queryTrigrams(q);
    const buckets = new Map<number, number[]>();
    this.countTrigrams(phrase.ids, inPass, (pos, n) => {
      let bound: Typed = { v: this.termBound(0, pos), t: words[0].short ? INT : REAL };
      for (let j = 1; j < words.length; j++) bound = add(bound, { v: this.termBound(j, pos), t: words[j].short ? INT : REAL });
      bound = add(bound, { v: Math.fround(n / phrase.distinct), t: REAL });
      const ranks = buckets.get(bound.v);
      if (ranks) ranks.push(this.nameRank[pos]);
      else buckets.set(bound.v, [this.nameRank[pos]]);
    });
    // every product in the running shares a trigram with the query (each word's), so none is missed
    const best: { score: number; rank: number; row: IndexedProduct }[] = [];
    search: for (const bound of [...buckets.keys()].sort((a, b) => b - a)) {
      for (const rank of Int32Array.from(buckets.get(bound)!).sort()) {
        if (best.length === max) {
          const last = best[max - 1];
          // by bound, then name: nothing from here on can beat the last of the best
          if (bound < last.score || (bound === last.score && rank > last.rank)) break search;
        }
        const pos = this.posOfRank[rank];
        const score = this.exactScore(words, q, phrase, pos);
        if (score === null) continue;
        if (best.length === max) {
          const last = best[max - 1];
          if (score < last.score || (score === last.score && rank > last.rank)) continue;
          best.pop();
        }
        let i = best.length;
        while (i > 0 && (best[i - 1].score < score || (best[i - 1].score === score && best[i - 1].rank > rank))) i--;
        best.splice(i, 0, { score, rank, row: this.rows[pos] });
      }
    }
    return best.map(({ row }) => row);
  }

  /** Upper bound of word `j`'s term for product `pos` (its exact term when known). */
  private termBound(j: number, pos: number): number {
    const t = this.terms[j][pos];
    return t >= 0 ? t : -t;
  }

  /**
   * The exact score of product `pos`, summed as PostgreSQL typed it, or null when a word that
   * only its similarity could match does not reach {@link WORD_MATCH_THRESHOLD}.
   */
  private exactScore(words: Word[], q: string, phrase: { ids: number[]; distinct: number }, pos: number): number | null {
    let sum: Typed | null = null;
    let oneWordSimilarity = NaN;
    for (let j = 0; j < words.length; j++) {
      const w = words[j];
      let term = this.terms[j][pos];
      if (term < 0) {
        term = this.similarity(w.ids, w.distinct, pos);
        if (term < WORD_MATCH_THRESHOLD) return null;
        oneWordSimilarity = term;
      }
      const typed: Typed = { v: term, t: w.short ? INT : REAL };
      sum = sum ? add(sum, typed) : typed;
    }
    // a query of one word (maybe repeated) has that word's trigrams, hence its similarity
    const phraseSimilarity =
      words.length === 1 && !Number.isNaN(oneWordSimilarity) && q.split(' ').every((x) => !x || x === words[0].text)
        ? oneWordSimilarity
        : this.similarity(phrase.ids, phrase.distinct, pos);
    return add(sum!, { v: phraseSimilarity, t: REAL }).v;
  }
}

/** Reads the listed products the index holds; their search text includes their names in other languages (searchTextWithNames). */
export async function loadIndexedProducts(db: Db): Promise<IndexedProduct[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      packaging: products.packaging,
      brand: products.brand,
      images: products.images,
      basePrice: products.basePrice,
      discountPercent: products.discountPercent,
      texts: products.texts,
      searchText: products.searchText,
    })
    .from(products)
    .where(eq(products.active, true));
  return rows.map((r) => ({ ...r, searchText: searchTextWithNames(r.searchText, r.texts) }));
}

type Built = { version: number; index: SearchIndex };
type IndexState = { current: Built | null; pending: { version: number; promise: Promise<Built> } | null };
const states = new WeakMap<Db, IndexState>();

/**
 * The search index of `db`, current as of the content version read now: built on first use and
 * rebuilt (one build shared by concurrent callers) after any committed write to `products`.
 * @throws what the database throws while the version is read or the index built (e.g. the
 *   database is down: the caller answers 503); the next call tries again.
 */
export async function searchIndexFor(db: Db): Promise<SearchIndex> {
  let state = states.get(db);
  if (!state) {
    state = { current: null, pending: null };
    states.set(db, state);
  }
  const version = await readContentVersion(db);
  // an index built at this version or later (rows read after the version) is current enough
  if (state.current && state.current.version >= version) return state.current.index;
  if (state.pending && state.pending.version >= version) return (await state.pending.promise).index;
  const s = state;
  const promise = loadIndexedProducts(db).then((rows) => ({ version, index: new SearchIndex(rows) }));
  const pending = { version, promise };
  s.pending = pending;
  try {
    const built = await promise;
    if (!s.current || s.current.version < built.version) s.current = built;
    return built.index;
  } finally {
    if (s.pending === pending) s.pending = null;
  }
}
