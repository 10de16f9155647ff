/**
 * Pseudonymising stored JSON and text after an erasure (revFADP art. 32): what the shop keeps
 * for accounting or as a record of admin changes (the audit log, payment providers' payloads,
 * mails to other addresses) keeps its shape, ids, amounts and dates, while every value that
 * names the erased person is replaced by {@link ERASED}.
 *
 * Two rules, both needed: a field whose name says it holds personal data (`email`, `firstName`,
 * `address`, `iban`…) is replaced whatever its value (it may hold an older address of the
 * person, changed before the erasure), and any text anywhere that contains one of the person's
 * known values (e-mail, names, phone, street…) has that value replaced.
 */

/** The placeholder written over erased personal data (same word as the account's erased name). */
const ERASED = 'Erased';

/**
 * Field names that hold personal data in the shop's records and in provider payloads (Datatrans
 * `customer`/`billing`, camt.054 debtor, the audit log's user and address fields). Matched
 * case-insensitively against the whole key or a part of it.
 */
const PERSONAL_KEY =
  /(first_?name|last_?name|full_?name|customer_?name|holder|e-?mail|phone|street|address|city|postal|zip|birth|iban|debtor)|^(name|to|customer|billing|shipping)$/i;

/** Values shorter than this are not searched for in text (a 1–2 letter name would erase unrelated words). */
const MIN_VALUE_LENGTH = 3;

/** Escapes a text for use inside a regular expression. */
function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A function replacing, case-insensitively, each of `values` (longest first, so a full name goes
 * before its parts) in a text by {@link ERASED}. Values shorter than 3 characters are ignored.
 */
export function textScrubber(values: readonly (string | null | undefined)[]): (text: string) => string {
  const useful = [...new Set(values.map((v) => (v ?? '').trim()).filter((v) => v.length >= MIN_VALUE_LENGTH))].sort((a, b) => b.length - a.length);
  if (useful.length === 0) return (text) => text;
  const pattern = new RegExp(useful.map(escapeRegExp).join('|'), 'gi');
  return (text) => text.replace(pattern, ERASED);
}

/**
 * A copy of a JSON value with the person's data replaced: fields named as personal
 * ({@link PERSONAL_KEY}) become {@link ERASED} (null stays null), and in every other string the
 * person's values are replaced ({@link textScrubber}). Numbers, booleans and the structure stay.
 * Pure.
 */
export function scrubJson<T>(value: T, scrub: (text: string) => string): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return scrub(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, child] of Object.entries(v)) out[k] = PERSONAL_KEY.test(k) && child !== null && child !== '' ? ERASED : walk(child);
      return out;
    }
    return v;
  };
  return walk(value) as T;
}
