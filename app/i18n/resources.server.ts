/**
 * Translation catalogues on the server: every `app/i18n/locales/<lng>/<ns>.json`, read once.
 * Missing keys fall back to English. Server-only (reads files); the browser gets its language's
 * catalogue through the root loader.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type i18n, type TOptions } from 'i18next';
import type { DomainError } from '../../core/errors.ts';
import { DEFAULT_LOCALE, LOCALES, NAMESPACES } from './locales.ts';

/** Namespace -> nested key/value texts. */
export type LocaleResources = Record<string, Record<string, unknown>>;

/**
 * The catalogue folder: beside this module when run from source (tsx, Vitest); from the project
 * root when this module is bundled into `build/server` (the server always runs from the root).
 */
const localesDir = [path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales'), path.resolve('app/i18n/locales')].find((d) =>
  fs.existsSync(path.join(d, 'en', 'common.json')),
) ?? path.resolve('app/i18n/locales');
let cache: Record<string, LocaleResources> | null = null;

/** All catalogues, `{ [lng]: { [ns]: {...} } }`. */
export function allResources(): Record<string, LocaleResources> {
  if (cache) return cache;
  const out: Record<string, LocaleResources> = {};
  for (const lng of LOCALES) {
    out[lng] = {};
    for (const ns of NAMESPACES) {
      const file = path.join(localesDir, lng, `${ns}.json`);
      if (fs.existsSync(file)) out[lng][ns] = JSON.parse(fs.readFileSync(file, 'utf8'));
    }
  }
  cache = out;
  return out;
}

/** {@link clientResources} answers, per language and exclusion list (the catalogues never change while running; every page asks). */
const clientCache = new Map<string, Record<string, LocaleResources>>();

/** The catalogues the browser needs for `lng` (its own plus English fallback), without `exclude` namespaces. */
export function clientResources(lng: string, exclude: string[] = ['legal', 'admin', 'adminshop']): Record<string, LocaleResources> {
  const cacheKey = `${lng}|${exclude.join(',')}`;
  const hit = clientCache.get(cacheKey);
  if (hit) return hit;
  const all = allResources();
  const pick = (l: string) => Object.fromEntries(Object.entries(all[l] ?? {}).filter(([ns]) => !exclude.includes(ns)));
  const out = lng === DEFAULT_LOCALE ? { [lng]: pick(lng) } : { [lng]: pick(lng), [DEFAULT_LOCALE]: pick(DEFAULT_LOCALE) };
  clientCache.set(cacheKey, out);
  return out;
}

/**
 * Namespaces the root loader leaves out (see {@link clientResources}) that a layout sends itself,
 * e.g. the admin layout's `admin` texts: `{ [lng]: { [ns]: {...} }, en: {...} }` (English as fallback).
 */
export function namespaceResources(lng: string, namespaces: readonly string[]): Record<string, LocaleResources> {
  const all = allResources();
  const pick = (l: string) => Object.fromEntries(namespaces.filter((ns) => all[l]?.[ns]).map((ns) => [ns, all[l][ns]]));
  return lng === DEFAULT_LOCALE ? { [lng]: pick(lng) } : { [lng]: pick(lng), [DEFAULT_LOCALE]: pick(DEFAULT_LOCALE) };
}

const instances = new Map<string, i18n>();

/** A ready i18next instance for `lng` with every namespace (cached per language). */
export function serverI18n(lng: string): i18n {
  let inst = instances.get(lng);
  if (!inst) {
    inst = i18next.createInstance();
    void inst.init({
      lng,
      fallbackLng: DEFAULT_LOCALE,
      resources: allResources(),
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
    instances.set(lng, inst);
  }
  return inst;
}

/** Translates `key` (`ns:key.path`) into `lng`. */
export function translate(lng: string, key: string, options: TOptions = {}): string {
  return serverI18n(lng).t(key, options) as string;
}

/**
 * A domain error's message in `lang`: its i18n key in namespace `errors` (with its params), or
 * `fallbackKey`, else its English message. Used by the API and by page actions alike.
 */
export function translateError(lang: string, err: DomainError, fallbackKey?: string): string {
  const key = err.opts.key ?? fallbackKey;
  if (!key) return err.message;
  return translate(lang, `errors:${key}`, { ...err.opts.params, defaultValue: err.message });
}

/** The `adminshop` namespace (admin catalogue, orders, dashboard) for `lng` and English, for the admin layout to add in the browser. */
export function adminShopResources(lng: string): Record<string, Record<string, unknown>> {
  const all = allResources();
  const out: Record<string, Record<string, unknown>> = { [DEFAULT_LOCALE]: (all[DEFAULT_LOCALE]?.adminshop ?? {}) as Record<string, unknown> };
  if (lng !== DEFAULT_LOCALE && all[lng]?.adminshop) out[lng] = all[lng].adminshop as Record<string, unknown>;
  return out;
}
