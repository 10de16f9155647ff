/**
 * The translation catalogues, the one text store `core/i18n/locales` (ADR 016). English is the
 * source. EVERY locale (the five picker languages and ar, id, ja, ko, pl, pt-BR, ru, tr, vi, zh)
 * must have every key of every namespace English has — whatever namespaces exist, so this check
 * grows with them, the server's `mail` and `documents` included — and no key English does not
 * know; every text keeps English's placeholders (`{{name}}`, `$t(...)`, tags); every plural key
 * carries the forms its language needs (i18next picks them with Intl.PluralRules: Polish one/few/many, Arabic
 * zero/one/two/few/many, plus `other`). `npm run i18n:missing` prints the same report.
 *
 * Only one locale's catalogues: `npx vitest run app/i18n/catalogues.test.ts -t '(ar|ja)/'`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCatalogue, englishNamespaces, flatten, pluralCategories, placeholders } from '../../core/i18n/catalogue-check.ts';
import { DEFAULT_PAGE_NAMESPACES, LOCALES, NAMESPACES, SERVER_NAMESPACES } from '../../core/i18n/browser.ts';
import { catalogueAsset, catalogueUrls, namespaceResources } from '../../core/i18n/index.ts';

/** Flattens nested objects and arrays to dotted keys (`a.b.0.c`). */
export function flatKeys(v: unknown): string[] {
  return [...flatten(v).keys()];
}

const enNamespaces = englishNamespaces();

describe('translation catalogues', () => {
  it('English has the core namespaces, and every namespace file is registered', () => {
    expect(enNamespaces).toEqual(
      expect.arrayContaining(['common', 'catalogue', 'cart', 'errors', 'legal', 'account', 'checkout', 'admin', 'mail', 'documents']),
    );
    for (const ns of enNamespaces) expect([...NAMESPACES, ...SERVER_NAMESPACES] as string[]).toContain(ns);
  });

  it('the server-only namespaces (mail, documents) never reach a browser', () => {
    for (const ns of SERVER_NAMESPACES) {
      expect(NAMESPACES as readonly string[]).not.toContain(ns);
      expect(DEFAULT_PAGE_NAMESPACES).not.toContain(ns);
      for (const lng of ['en', 'de', 'ja']) {
        const urls = catalogueUrls(lng).urls;
        for (const byNs of Object.values(urls)) expect(Object.keys(byNs)).not.toContain(ns);
        expect(Object.keys(urls[lng])).toContain('common');
        expect(catalogueAsset(`${lng}/${ns}.json`)).toBeUndefined();
        expect(Object.keys(namespaceResources(lng, [ns, 'admin'])[lng])).toEqual(['admin']);
      }
    }
  });

  it('the locale list is the specification’s fifteen', () => {
    expect([...LOCALES].sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'id', 'it', 'ja', 'ko', 'pl', 'pt-BR', 'ru', 'tr', 'vi', 'zh'].sort());
  });

  for (const lng of LOCALES.filter((l) => l !== 'en')) {
    for (const ns of enNamespaces) {
      it(`${lng}/${ns}.json: every key of en/${ns}.json, no other, same placeholders, the plural forms ${lng} needs`, () => {
        const r = checkCatalogue(lng, ns);
        expect(r.missing, `keys missing in ${lng}/${ns}.json`).toEqual([]);
        expect(r.extra, `keys of ${lng}/${ns}.json unknown in English`).toEqual([]);
        expect(r.placeholders, `placeholders of ${lng}/${ns}.json differ from English`).toEqual([]);
        expect(r.empty, `empty texts in ${lng}/${ns}.json`).toEqual([]);
      });
    }
  }
});

describe('the catalogue check itself', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'i18n-check-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (lng: string, ns: string, v: unknown) => {
    fs.mkdirSync(path.join(dir, lng), { recursive: true });
    fs.writeFileSync(path.join(dir, lng, `${ns}.json`), JSON.stringify(v));
  };
  write('en', 'shop', {
    title: 'Hello {{name}}',
    body: 'Read <1>the terms</1>',
    items_one: '{{count}} item',
    items_other: '{{count}} items',
    list: ['one', 'two'],
  });

  it('a complete catalogue passes; Arabic may say "one" and "two" in words', () => {
    write('ar', 'shop', {
      title: 'مرحبًا {{name}}',
      body: 'اقرأ <1>الشروط</1>',
      list: ['أ', 'ب'],
      items_zero: 'لا منتجات',
      items_one: 'منتج واحد',
      items_two: 'منتجان',
      items_few: '{{count}} منتجات',
      items_many: '{{count}} منتجًا',
      items_other: '{{count}} منتج',
    });
    expect(checkCatalogue('ar', 'shop', dir)).toEqual({ lng: 'ar', ns: 'shop', missing: [], extra: [], placeholders: [], empty: [] });
  });

  it('finds missing keys, missing plural forms, unknown keys, lost placeholders and empty texts', () => {
    write('pl', 'shop', {
      title: 'Dzień dobry',
      body: '',
      items_one: '{{count}} produkt',
      items_other: '{{count}} produktu',
      list: ['a'],
      extra: 'x',
      items_two: '2',
    });
    const r = checkCatalogue('pl', 'shop', dir);
    expect(r.missing.sort()).toEqual(['items_few', 'items_many', 'list.1']);
    expect(r.extra.sort()).toEqual(['extra', 'items_two']);
    expect(r.placeholders).toEqual(['title: expected [{{name}}] got []', 'body: expected [</1> <1>] got []']);
    expect(r.empty).toEqual(['body']);
  });

  it('a locale without the file lacks every key', () => {
    expect(checkCatalogue('ja', 'shop', dir).missing.sort()).toEqual(['body', 'items_other', 'list.0', 'list.1', 'title']);
  });

  it('knows the plural forms i18next asks for', () => {
    expect(pluralCategories('pl')).toEqual(['one', 'few', 'many', 'other']);
    expect(pluralCategories('ar')).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect(pluralCategories('ru')).toEqual(['one', 'few', 'many', 'other']);
    for (const l of ['ja', 'ko', 'id', 'zh', 'vi']) expect(pluralCategories(l)).toEqual(['other']);
    expect(pluralCategories('fr')).toEqual(['one', 'other']); // `many` is for millions only: allowed, not needed
    expect(placeholders('{{count, number}} $t(common:nav.cart) <strong>x</strong>')).toEqual(
      ['$t(common:nav.cart)', '</strong>', '<strong>', '{{count}}'].sort(),
    );
  });
});
