/**
 * Money helpers. Inside the shop money is an integer number of Rappen (1 CHF = 100 Rappen);
 * it becomes CHF only at the edges (architecture guide, "Rules of the domain").
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
 * Formats Rappen as a CHF string for display, e.g. `formatChf(129900, 'de-CH')` -> `CHF 1’299.00`.
 * Uses the locale's number format with exactly 2 decimals.
 */
export function formatChf(rappen: number, locale = 'en-CH'): string {
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
