/**
 * The translation catalogues (issue 3, item 5). English is the source. German, French, Italian
 * and Spanish (the picker languages) must have every key of every namespace that exists in
 * English — whatever namespaces exist (account, checkout, admin … are added by other modules), so
 * this check grows with them. The further locales may be partial (English fills the gaps) but
 * must be valid JSON with no keys English does not know, and every catalogue must carry the
 * plural forms its language needs for everyday counts (Intl.PluralRules) for each plural key it
 * translates.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, NAMESPACES, PICKER_LOCALES } from './locales.ts';

const dir = path.join(import.meta.dirname, 'locales');
const read = (lng: string, ns: string): Record<string, unknown> | null => {
  const f = path.join(dir, lng, `${ns}.json`);
  return fs.existsSync(f) ? (JSON.parse(fs.readFileSync(f, 'utf8')) as Record<string, unknown>) : null;
};

/** Flattens nested objects and arrays to dotted keys (`a.b.0.c`). */
export function flatKeys(v: unknown, prefix = ''): string[] {
  if (v !== null && typeof v === 'object') {
    return Object.entries(v as Record<string, unknown>).flatMap(([k, sub]) => flatKeys(sub, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const enNamespaces = fs.readdirSync(path.join(dir, 'en')).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));

describe('translation catalogues', () => {
  it('English has the core namespaces, and every namespace file is registered', () => {
    expect(enNamespaces).toEqual(expect.arrayContaining(['common', 'catalogue', 'cart', 'errors', 'legal']));
    for (const ns of enNamespaces) expect(NAMESPACES as readonly string[]).toContain(ns);
  });

  for (const lng of PICKER_LOCALES.filter((l) => l !== 'en')) {
    for (const ns of enNamespaces) {
      it(`${lng}/${ns}.json has every key of en/${ns}.json`, () => {
        const en = flatKeys(read('en', ns)).filter((k) => !PLURAL.test(k));
        const have = new Set(flatKeys(read(lng, ns) ?? {}).map((k) => k.replace(PLURAL, '_other')));
        const missing = en.filter((k) => !have.has(k));
        const enPlurals = flatKeys(read('en', ns)).filter((k) => k.endsWith('_other'));
        missing.push(...enPlurals.filter((k) => !have.has(k)));
        expect(missing, `missing in ${lng}/${ns}.json`).toEqual([]);
      });
    }
  }

  for (const lng of LOCALES.filter((l) => !(PICKER_LOCALES as readonly string[]).includes(l))) {
    it(`${lng} has the core catalogues (common, catalogue, cart, errors)`, () => {
      for (const ns of ['common', 'catalogue', 'cart', 'errors']) expect(read(lng, ns), `${lng}/${ns}.json`).not.toBeNull();
    });
  }

  for (const lng of LOCALES) {
    it(`${lng}: no unknown keys, and the plural forms the language needs`, () => {
      // Categories used for everyday counts (0..1000). French, Italian, Spanish and Portuguese use
      // `many` only for millions (1 000 000 articles); without the form those fall back to English.
      const rules = new Intl.PluralRules(lng);
      const everyday = new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
      const categories = rules.resolvedOptions().pluralCategories.filter((c) => everyday.has(c));
      for (const ns of enNamespaces) {
        const cat = read(lng, ns);
        if (!cat) continue;
        const enKeys = new Set(flatKeys(read('en', ns)).map((k) => k.replace(PLURAL, '')));
        const keys = flatKeys(cat);
        const unknown = keys.filter((k) => !enKeys.has(k.replace(PLURAL, '')));
        expect(unknown, `keys of ${lng}/${ns}.json unknown in English`).toEqual([]);
        const bases = new Set(keys.filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
        for (const base of bases) {
          for (const c of categories) expect(keys, `${lng}/${ns}.json ${base}_${c}`).toContain(`${base}_${c}`);
        }
      }
    });
  }
});
