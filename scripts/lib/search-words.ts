/**
 * What visitors type into the live search, as the benchmark (scripts/bench.ts) measures it and the
 * search index test (tests/integration/search-index.test.ts) checks it: brands, a line, a title
 * of several words, a typo (`fuentte`), an accessory, a vitola.
 */
export const SEARCH_WORDS = [
  'arturo fuente',
  'hemingway short story',
  'davidoff signature',
  'montecristo',
  'maduro robusto',
  'boveda',
  'cohiba',
  'fuentte',
  'lighter',
  'churchill',
] as const;
