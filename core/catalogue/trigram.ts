/**
 * Trigrams and word similarity computed in JavaScript the way PostgreSQL's `pg_trgm` computes
 * them: the in-process search index (search-index.ts) answers live search with the
 * same matches and scores the former SQL query got from `word_similarity()`, without a round trip.
 *
 * The rules of `pg_trgm` (PostgreSQL documentation, "pg_trgm"; contrib/pg_trgm/trgm_op.c):
 * - a string is split into words (runs of letters and digits); each word, lower-cased, is padded
 *   with two spaces in front and one behind, and every three consecutive characters are a trigram
 *   ("fuente" -> "  f", " fu", "fue", "uen", "ent", "nte", "te ");
 * - `word_similarity(a, b)` is the greatest similarity between the set of trigrams of `a` and any
 *   continuous extent of the ordered trigrams of `b`, the similarity being
 *   `shared / (trigrams of a + trigrams of the extent - shared)`, all counted without duplicates
 *   and computed in single precision (`real`). The extents tried are the ones pg_trgm's own
 *   iteration tries (one pass over `b`; at each trigram of `a` found, every lower bound from the
 *   current one up to it), so the figures are equal, not just close.
 *
 * One deliberate difference: a letter that stays non-ASCII after accent folding ("ø", "ß") is a
 * word character here on every engine, while pg_trgm decides by the database's locale.
 */

/** A string's words as pg_trgm sees them: runs of letters and digits, lower-cased. */
function words(s: string): string[] {
  return s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The trigrams of `s` in order of occurrence, duplicates kept (pg_trgm's `generate_trgm_only`).
 * @param s any text; it is lower-cased and split into words here.
 */
export function trigramsInOrder(s: string): string[] {
  const out: string[] = [];
  for (const w of words(s)) {
    const padded = `  ${w} `;
    // code points, so a character outside the BMP is one character as in PostgreSQL
    const chars = /[\uD800-\uDFFF]/.test(padded) ? Array.from(padded) : null;
    if (chars) for (let i = 0; i + 3 <= chars.length; i++) out.push(chars[i] + chars[i + 1] + chars[i + 2]);
    else for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  }
  return out;
}

/** Single-precision division, as pg_trgm's `CALCSML` computes a similarity. */
const similarity = (count: number, ulen1: number, ulen2: number) => Math.fround(count / (ulen1 + ulen2 - count));

/**
 * Scratch space of {@link wordSimilarityOf}: per trigram id, its last position in the current
 * extent, -1 when absent. Every call leaves it all -1 again.
 */
export type SimilarityScratch = { lastPos: Int32Array };

/** Scratch space for trigram ids below `ids`. */
export function similarityScratch(ids: number): SimilarityScratch {
  return { lastPos: new Int32Array(Math.max(1, ids)).fill(-1) };
}

/**
 * pg_trgm's `word_similarity(a, b)` on trigram ids (numbers naming distinct trigrams).
 * @param mark `mark[id] === stamp` when the trigram id is one of `a`'s trigrams.
 * @param ulen1 how many distinct trigrams `a` has (also those no text has).
 * @param text `b`'s trigram ids in order ({@link trigramsInOrder} mapped to ids), each below
 *   the size `scratch` was made for.
 * @returns the similarity, 0..1, a single-precision value as PostgreSQL returns it.
 */
export function wordSimilarityOf(mark: Uint32Array, stamp: number, ulen1: number, text: Int32Array, scratch: SimilarityScratch): number {
  const len2 = text.length;
  if (ulen1 === 0 || len2 === 0) return 0;
  const lastPos = scratch.lastPos;
  let ulen2 = 0;
  let count = 0;
  let lower = -1;
  let best = 0;
  for (let i = 0; i < len2; i++) {
    const id = text[i];
    const isFound = mark[id] === stamp;
    if (lower >= 0 || isFound) {
      if (lastPos[id] < 0) {
        ulen2++;
        if (isFound) count++;
      }
      lastPos[id] = i;
    }
    if (!isFound) continue;
    // a trigram of `a`: the extent may end here; try every lower bound up to it
    const upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = similarity(count, ulen1, ulen2);
    let tryCount = count;
    let tryUlen2 = ulen2;
    const previousLower = lower;
    for (let l = lower; l <= upper; l++) {
      const s = similarity(tryCount, ulen1, tryUlen2);
      if (s > current) {
        current = s;
        ulen2 = tryUlen2;
        lower = l;
        count = tryCount;
      }
      const lid = text[l];
      if (lastPos[lid] === l) {
        tryUlen2--;
        if (mark[lid] === stamp) tryCount--;
      }
    }
    if (current > best) best = current;
    // trigrams left of the new lower bound leave the extent
    for (let l = previousLower; l < lower; l++) {
      const lid = text[l];
      if (lastPos[lid] === l) lastPos[lid] = -1;
    }
  }
  for (let i = 0; i < len2; i++) lastPos[text[i]] = -1;
  return best;
}

/**
 * `word_similarity(a, b)` of two strings, as pg_trgm computes it (tests and one-off use; the
 * search index uses {@link wordSimilarityOf} on precomputed ids).
 */
export function wordSimilarity(a: string, b: string): number {
  const ids = new Map<string, number>();
  const id = (t: string) => {
    let n = ids.get(t);
    if (n === undefined) ids.set(t, (n = ids.size));
    return n;
  };
  const mine = new Set(trigramsInOrder(a).map(id));
  const text = Int32Array.from(trigramsInOrder(b).map(id));
  const mark = new Uint32Array(ids.size);
  for (const n of mine) mark[n] = 1;
  return wordSimilarityOf(mark, 1, mine.size, text, similarityScratch(ids.size));
}
