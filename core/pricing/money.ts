/**
 * Money helpers. Inside the shop money is an integer number of Rappen (1 CHF = 100 Rappen);
 * it becomes CHF only at the edges (docs/architecture.md, "Rules of the domain").
 */

/** Thrown when a CHF amount cannot be represented exactly in Rappen. */
export class MoneyError extends Error {}

/**
 * Converts a CHF amount with at most 2 decimals (e.g. `12.5`) to Rappen (`1250`).
 * @throws {MoneyError} for negative, non-finite or sub-Rappen amounts.
 */
export function chfToRappen(chf: number): number {
  if (!Number.isFinite(chf) || chf < 0) throw new MoneyError(`Invalid CHF amount: ${chf}`);
  const rappen = Math.round(chf * 100);
  if (Math.abs(rappen - chf * 100) > 1e-6) throw new MoneyError(`CHF amount has more than 2 decimals: ${chf}`);
  return rappen;
}

/** Rappen -> CHF number for JSON answers (`1250` -> `12.5`). Exact for integers < 2^53 / 100. */
export function rappenToChf(rappen: number): number {
  return rappen / 100;
}

/**
 * Formats Rappen as a CHF string for display, e.g. `formatChf(129900, 'de-CH')` -> `CHF 1'299.00`
 * (with a no-break space), exactly as ICU's currency format (`Intl.NumberFormat` with
 * `style: 'currency', currency: 'CHF', currencyDisplay: 'code'`) writes it: 2 decimals, the
 * locale's separators, grouping and sign.
 *
 * For the shop's 15 locales ({@link CHF_PATTERNS}) the string is built from a table instead of
 * `Intl`: a browser's first `Intl.NumberFormat` loads ICU's number data, which took
 * 40–270 ms on a test machine's main thread (×4 on Lighthouse's phone) during hydration. The
 * table is pinned to ICU by a test; as a bonus, the server and every browser write the same
 * characters whatever their ICU version, so hydration always matches. Other locales use `Intl`.
 * @param rappen amount in Rappen (an integer; a fraction is rounded as ICU rounds it).
 * @param locale an Intl locale of the shop (core/i18n `intlLocale`), default `en-CH`.
 */
export function formatChf(rappen: number, locale = 'en-CH'): string {
  const pattern = CHF_PATTERNS[locale];
  if (!pattern) return intlChf(rappen, locale);
  const [pre, negPre, suf, group, decimal, minGroup] = pattern;
  const cents = Math.round(Math.abs(rappen));
  let int = String(Math.floor(cents / 100));
  if (int.length >= 3 + minGroup) int = int.replace(/\B(?=(\d{3})+$)/g, group);
  const number = `${int}${decimal}${String(cents % 100).padStart(2, '0')}`;
  return `${rappen < 0 && cents > 0 ? negPre : pre}${number}${suf}`;
}

/**
 * ICU's CHF currency format of each of the shop's locales (the values of core/i18n `intlLocale`):
 * text before a positive amount, before a negative one, after the amount, the grouping
 * separator, the decimal separator, and the fewest integer digits that are grouped minus 3
 * (ICU's "minimum grouping digits": 2 means `1234.50` but `12'345.50`).
 */
type ChfPattern = readonly [pre: string, negPre: string, suf: string, group: string, decimal: string, minGroup: 1 | 2];

const NBSP = '\u00a0';
const NNBSP = '\u202f';
const RLM = '\u200f';
const LRM = '\u200e';

/** {@link ChfPattern} per Intl locale, as ICU 78 (Node 20) writes it; checked by core/pricing/pricing.test.ts. */
export const CHF_PATTERNS: Readonly<Record<string, ChfPattern>> = {
  'en-CH': [`CHF${NBSP}`, 'CHF-', '', "'", '.', 1],
  'de-CH': [`CHF${NBSP}`, 'CHF-', '', "'", '.', 1],
  'fr-CH': ['', '-', `${NBSP}CHF`, NNBSP, '.', 1],
  'it-CH': [`CHF${NBSP}`, 'CHF-', '', "'", '.', 2],
  es: ['', '-', `${NBSP}CHF`, '.', ',', 2],
  ar: [RLM, `${RLM}${LRM}-`, `${NBSP}CHF`, ',', '.', 1],
  id: [`CHF${NBSP}`, `-CHF${NBSP}`, '', '.', ',', 1],
  ja: [`CHF${NBSP}`, `-CHF${NBSP}`, '', ',', '.', 1],
  ko: [`CHF${NBSP}`, `-CHF${NBSP}`, '', ',', '.', 1],
  pl: ['', '-', `${NBSP}CHF`, NBSP, ',', 2],
  'pt-BR': [`CHF${NBSP}`, `-CHF${NBSP}`, '', '.', ',', 1],
  ru: ['', '-', `${NBSP}CHF`, NBSP, ',', 1],
  tr: [`CHF${NBSP}`, `-CHF${NBSP}`, '', '.', ',', 1],
  vi: ['', '-', `${NBSP}CHF`, '.', ',', 1],
  zh: [`CHF${NBSP}`, `-CHF${NBSP}`, '', ',', '.', 1],
};

/** ICU's CHF currency format through `Intl` (locales outside {@link CHF_PATTERNS}). */
export function intlChf(rappen: number, locale: string): string {
  let format = chfFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CHF', currencyDisplay: 'code' });
    chfFormats.set(locale, format);
  }
  return format.format(rappen / 100);
}

/** Intl.NumberFormat per locale: building one costs far more than formatting (a page shows dozens of prices). */
const chfFormats = new Map<string, Intl.NumberFormat>();

/** Rappen as a plain decimal string with 2 decimals, e.g. `1250` -> `"12.50"` (schema.org, QR-bill). */
export function rappenToDecimalString(rappen: number): string {
  const sign = rappen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(rappen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Parses a CHF amount typed by a person ("12", "12.5", "12.50", "1'299.00", "12,50") to Rappen
 * without floating point. Returns null when it is not a valid non-negative amount with at most
 * 2 decimals.
 */
export function parseChfInput(input: string): number | null {
  const s = input
    .trim()
    .replace(/['’\s]/g, '')
    .replace(',', '.');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
