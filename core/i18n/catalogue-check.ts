/**
 * Compares every catalogue of the text store with English, the source: keys missing or unknown,
 * i18next plural forms the language needs, and placeholders (`{{name}}`, `$t(...)`, HTML-like
 * tags) lost or added. Used by `app/i18n/catalogues.test.ts`,
 * `core/i18n/texts.test.ts` and `npm run i18n:missing` (`scripts/i18n-missing.ts`). Server and
 * tooling only (reads files).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The catalogue folder `core/i18n/locales`. */
const LOCALES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');

const ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** i18next's plural suffixes (JSON v4: `key_one`, `key_other` …). */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** A catalogue as parsed JSON, or null when the file does not exist. */
export function readCatalogue(lng: string, ns: string, dir = LOCALES_DIR): Record<string, unknown> | null {
  const f = path.join(dir, lng, `${ns}.json`);
  return fs.existsSync(f) ? (JSON.parse(fs.readFileSync(f, 'utf8')) as Record<string, unknown>) : null;
}

/** The namespaces English has (one JSON file each). */
export function englishNamespaces(dir = LOCALES_DIR): string[] {
  return fs
    .readdirSync(path.join(dir, 'en'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
}

/** Flattens nested objects and arrays to dotted keys with their string values (`a.b.0.c`). */
export function flatten(v: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (v !== null && typeof v === 'object') {
    for (const [k, sub] of Object.entries(v as Record<string, unknown>)) flatten(sub, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, String(v));
  return out;
}

/**
 * The plural categories a language needs, as i18next picks them with `Intl.PluralRules`: every
 * category used by a whole count from 0 to 1000, plus `other` (i18next's last fallback, and the
 * form for fractions, e.g. Polish).
 */
export function pluralCategories(lng: string): string[] {
  const rules = new Intl.PluralRules(lng);
  const used = new Set<string>(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
  used.add('other');
  return ORDER.filter((c) => used.has(c));
}

/** The placeholders of a text, sorted: `{{name}}` (format options ignored), `$t(...)`, and tags like `<1>`, `</strong>`. */
export function placeholders(text: string): string[] {
  const found = [
    ...[...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => `{{${m[1]}}}`),
    ...[...text.matchAll(/\$t\([^)]*\)/g)].map((m) => m[0]),
    ...[...text.matchAll(/<\/?[a-zA-Z0-9]+\s*\/?>/g)].map((m) => m[0].replace(/\s+/g, '')),
  ];
  return found.sort();
}

/** What one catalogue lacks or has too much compared with English. */
export type CatalogueReport = {
  lng: string;
  ns: string;
  /** Keys (with the plural suffix the language needs) absent from the catalogue. */
  missing: string[];
  /** Keys English does not know (a plural form counts as its base key; a form the language does not have at all is extra). */
  extra: string[];
  /** Keys whose placeholders differ from English's: `key: expected [...] got [...]`. */
  placeholders: string[];
  /** Keys whose text is empty. */
  empty: string[];
};

/** Compares `lng`'s catalogue `ns` with English. A missing file means every key is missing. */
export function checkCatalogue(lng: string, ns: string, dir = LOCALES_DIR): CatalogueReport {
  const en = flatten(readCatalogue('en', ns, dir) ?? {});
  const have = flatten(readCatalogue(lng, ns, dir) ?? {});
  const needed = new Set(pluralCategories(lng));
  const allowed = new Set(new Intl.PluralRules(lng).resolvedOptions().pluralCategories);
  const required = new Set<string>();
  const known = new Map<string, string>(); // locale key -> the English key it translates
  for (const k of en.keys()) {
    const m = PLURAL_SUFFIX.exec(k);
    if (!m) {
      required.add(k);
      known.set(k, k);
    } else {
      const base = k.slice(0, m.index);
      for (const c of allowed) {
        const key = `${base}_${c}`;
        known.set(key, en.has(key) ? key : `${base}_other`);
        if (needed.has(c)) required.add(key);
      }
    }
  }
  const report: CatalogueReport = { lng, ns, missing: [], extra: [], placeholders: [], empty: [] };
  for (const k of required) if (!have.has(k)) report.missing.push(k);
  for (const [k, v] of have) {
    const enKey = known.get(k);
    if (!enKey) {
      report.extra.push(k);
      continue;
    }
    if (v.trim() === '') report.empty.push(k);
    // Plural forms may drop {{count}} where the form says the number in words (e.g. Arabic "one", "two").
    const want = placeholders(en.get(enKey)!);
    const got = placeholders(v);
    const plural = PLURAL_SUFFIX.test(k);
    const same = plural
      ? got.every((p) => want.includes(p)) && want.filter((p) => p !== '{{count}}').every((p) => got.includes(p))
      : want.join() === got.join();
    if (!same) report.placeholders.push(`${k}: expected [${want.join(' ')}] got [${got.join(' ')}]`);
  }
  return report;
}

/** True when the report finds nothing wrong. */
export function isClean(r: CatalogueReport): boolean {
  return r.missing.length + r.extra.length + r.placeholders.length + r.empty.length === 0;
}
