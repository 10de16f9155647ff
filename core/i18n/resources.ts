/**
 * The i18n engine, kept in core so the API, the server, e-mails and PDFs need no UI code: the
 * one text store, `core/i18n/locales/<lng>/<ns>.json` (ADR 016), read once; one i18next instance
 * per language with every namespace, built once, for server rendering, e-mails, documents and
 * error messages; `translate` and `translateError`; and the browser's namespaces as hashed,
 * immutable assets, `/i18n/<lng>/<ns>.<hash>.json` (ADR 010) — the server-only namespaces
 * (`mail`, `documents`) never are. Missing keys fall back to English.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { i18n, TOptions } from 'i18next';
import { createHash } from 'node:crypto';
import type { DomainError, FieldMessage, FieldMessages } from '../errors.ts';
import { DEFAULT_LOCALE, LOCALES, NAMESPACES, PICKER_LOCALES, SERVER_NAMESPACES } from './locales.ts';
import { bundledTranslator } from './translator.ts';

/** Namespace -> nested key/value texts. */
export type LocaleResources = Record<string, Record<string, unknown>>;

/**
 * The catalogue folder `core/i18n/locales`: found from this module when run from source (tsx,
 * Vitest); from the project root when bundled into `build/server` (the server runs from the root).
 */
const localesDir =
  [path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales'), path.resolve('core/i18n/locales')].find((d) =>
    fs.existsSync(path.join(d, 'en', 'common.json')),
  ) ?? path.resolve('core/i18n/locales');
let cache: Record<string, LocaleResources> | null = null;
/** Every namespace of the store: the browser's and the server-only ones. */
const ALL_NAMESPACES = [...NAMESPACES, ...SERVER_NAMESPACES];
const serverOnly = (ns: string) => (SERVER_NAMESPACES as readonly string[]).includes(ns);

/** All catalogues, `{ [lng]: { [ns]: {...} } }`, the server-only namespaces included. */
export function allResources(): Record<string, LocaleResources> {
  if (cache) return cache;
  const out: Record<string, LocaleResources> = {};
  for (const lng of LOCALES) {
    out[lng] = {};
    for (const ns of ALL_NAMESPACES) {
      const file = path.join(localesDir, lng, `${ns}.json`);
      if (fs.existsSync(file)) out[lng][ns] = JSON.parse(fs.readFileSync(file, 'utf8'));
    }
  }
  cache = out;
  return out;
}

/** A catalogue as a browser asset: its URL (content-hashed, cached immutably) and its bytes. */
export type CatalogueAsset = { url: string; body: string };
let assets: Map<string, CatalogueAsset> | null = null;

/** Every browser catalogue as an asset, by `<lng>/<ns>.<hash>.json` (the URL without `/i18n/`). */
function catalogueAssets(): Map<string, CatalogueAsset> {
  if (assets) return assets;
  const out = new Map<string, CatalogueAsset>();
  for (const [lng, byNs] of Object.entries(allResources()))
    for (const [ns, texts] of Object.entries(byNs)) {
      if (serverOnly(ns)) continue;
      const body = JSON.stringify(texts);
      const hash = createHash('sha256').update(body).digest('base64url').slice(0, 12);
      out.set(`${lng}/${ns}.${hash}.json`, { url: `/i18n/${lng}/${ns}.${hash}.json`, body });
    }
  assets = out;
  return out;
}

/** The asset at `/i18n/<file>` (`<lng>/<ns>.<hash>.json`), or undefined. */
export function catalogueAsset(file: string): CatalogueAsset | undefined {
  return catalogueAssets().get(file);
}

/**
 * What the browser needs to load the catalogues of a page in `lng`: the asset URL of every
 * namespace of `lng` and, for the languages outside the picker (not complete yet), of English,
 * the fallback. `{ lang, urls: { [lng]: { [ns]: url } } }`; about 1 KB.
 */
export type CatalogueUrls = { lang: string; urls: Record<string, Record<string, string>> };
const urlCache = new Map<string, CatalogueUrls>();
export function catalogueUrls(lng: string): CatalogueUrls {
  const hit = urlCache.get(lng);
  if (hit) return hit;
  const langs = lng === DEFAULT_LOCALE || (PICKER_LOCALES as readonly string[]).includes(lng) ? [lng] : [lng, DEFAULT_LOCALE];
  const urls: Record<string, Record<string, string>> = {};
  for (const l of langs) urls[l] = {};
  for (const [file, a] of catalogueAssets()) {
    const [l, rest] = file.split('/');
    if (urls[l]) urls[l][rest.slice(0, rest.indexOf('.'))] = a.url;
  }
  const out = { lang: lng, urls };
  urlCache.set(lng, out);
  return out;
}

/**
 * Namespaces a layout sends itself in its loader data (the admin layout's `admin` and `adminshop`
 * texts, which ordinary pages never download): `{ [lng]: { [ns]: {...} }, en: {...} }`, English
 * as the fallback.
 */
export function namespaceResources(lng: string, namespaces: readonly string[]): Record<string, LocaleResources> {
  const all = allResources();
  const pick = (l: string) => Object.fromEntries(namespaces.filter((ns) => all[l]?.[ns] && !serverOnly(ns)).map((ns) => [ns, all[l][ns]]));
  return lng === DEFAULT_LOCALE ? { [lng]: pick(lng) } : { [lng]: pick(lng), [DEFAULT_LOCALE]: pick(DEFAULT_LOCALE) };
}

const instances = new Map<string, i18n>();

/** A ready i18next instance for `lng` with every namespace (cached per language). */
export function serverI18n(lng: string): i18n {
  let inst = instances.get(lng);
  if (!inst) {
    inst = bundledTranslator(lng, allResources(), ALL_NAMESPACES, 'common');
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
  // a key that names its namespace (`account:twoFactor.errors.wrongCode`) is read there, as field keys are
  return translate(lang, key.includes(':') ? key : `errors:${key}`, { ...err.opts.params, defaultValue: err.message });
}

/**
 * One field message in `lang`: its key (namespace `errors` unless it names one) with its values.
 * An unknown key reads "This value is not valid" (`errors:invalidValue`), never the bare key.
 */
export function translateField(lang: string, message: FieldMessage): string {
  const key = message.key.includes(':') ? message.key : `errors:${message.key}`;
  const i18n = serverI18n(lang);
  return i18n.exists(key) ? (i18n.t(key, message.params ?? {}) as string) : (i18n.t('errors:invalidValue') as string);
}

/**
 * The field messages of a validation error in `lang`, `{ [field]: text }`: the one place where
 * keyed field messages become text, for the API's `fields` (docs/api.md, "Conventions") and the
 * forms of app/.
 */
export function translateFields(lang: string, fields: FieldMessages | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields ?? {})) out[name] = translateField(lang, message);
  return out;
}
