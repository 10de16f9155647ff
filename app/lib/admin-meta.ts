/**
 * Titles of admin pages in the page's language. The admin layout's loader sends the admin
 * namespaces (app/layouts/admin.tsx); a route's `meta` reads its title from there, so every admin
 * page title is translated without each loader repeating it.
 */
import type { i18n } from 'i18next';
import type { MetaDescriptor } from 'react-router';
import { bundledTranslator, DEFAULT_LOCALE } from '../../core/i18n/browser.ts';
import { pageMeta } from './meta.ts';

type Match = { id: string; data?: unknown } | undefined;

/** Shape of the admin layout's loader data that titles need. */
export type AdminLayoutData = { lang: string; i18n: Record<string, Record<string, Record<string, unknown>>> };

/** One i18next instance per admin layout answer (its language and the admin namespaces it sent). */
const translators = new WeakMap<AdminLayoutData, i18n>();

/**
 * The text store's translate for a `meta` function: i18next (as every page and core/i18n use it)
 * over the admin layout's catalogues, `admin` the default namespace, English the fallback. Without
 * the layout's data a key's last part stands in.
 */
function adminT(matches: readonly Match[]): i18n | null {
  const layout = matches.find((m) => m?.id === 'layouts/admin')?.data as AdminLayoutData | undefined;
  if (!layout) return null;
  let inst = translators.get(layout);
  if (!inst) {
    inst = bundledTranslator(layout.lang, layout.i18n, Object.keys(layout.i18n[DEFAULT_LOCALE] ?? {}), 'admin');
    translators.set(layout, inst);
  }
  return inst;
}

/** `admin:<key>` (or `adminshop:<key>` with that prefix), `{{name}}` filled by i18next. */
function titleText(matches: readonly Match[], key: string, params: Record<string, string> = {}): string {
  const inst = adminT(matches);
  const fallback = key.split(/[:.]/).pop()!;
  return inst ? inst.t(key, { ...params, defaultValue: fallback }) : fallback;
}

/** `meta` of an admin page: "<title> · Admin · Casa del Tabaco", in the page's language; not indexed. */
export function adminMeta(matches: readonly Match[], key: string, params: Record<string, string> = {}): MetaDescriptor[] {
  return adminTitleMeta(matches, titleText(matches, key, params));
}

/** `meta` of an admin page whose title is already translated (by its loader): "<title> · Admin · Casa del Tabaco"; not indexed. */
export function adminTitleMeta(matches: readonly Match[], title: string): MetaDescriptor[] {
  return [...pageMeta({ title: `${title} · ${titleText(matches, 'brand')}` }), { name: 'robots', content: 'noindex' }];
}
