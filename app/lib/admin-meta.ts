/**
 * Titles of admin pages in the page's language. The admin layout's loader sends the admin
 * namespaces (app/layouts/admin.tsx); a route's `meta` reads its title from there, so every admin
 * page title is translated without each loader repeating it.
 */
import type { MetaDescriptor } from 'react-router';
import { pageMeta } from './meta.ts';

type Match = { id: string; data?: unknown } | undefined;

/** Shape of the admin layout's loader data that titles need. */
export type AdminLayoutData = { lang: string; i18n: Record<string, Record<string, Record<string, unknown>>> };

function lookup(tree: unknown, path: string): string | undefined {
  let node = tree;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The translated text `admin:<key>` (or `adminshop:<key>` with that prefix) for a `meta`
 * function, with `{{name}}` placeholders filled. Falls back to English, then to the key's last part.
 */
export function adminText(matches: readonly Match[], fullKey: string, params: Record<string, string> = {}): string {
  const layout = matches.find((m) => m?.id === 'layouts/admin')?.data as AdminLayoutData | undefined;
  const [ns, key] = fullKey.includes(':') ? (fullKey.split(':', 2) as [string, string]) : ['admin', fullKey];
  const text = (layout && (lookup(layout.i18n[layout.lang]?.[ns], key) ?? lookup(layout.i18n.en?.[ns], key))) ?? key.split('.').pop()!;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => params[k] ?? '');
}

/** `meta` of an admin page: "<title> · Admin · Casa del Tabaco", in the page's language; not indexed. */
export function adminMeta(matches: readonly Match[], key: string, params: Record<string, string> = {}): MetaDescriptor[] {
  return adminTitleMeta(matches, adminText(matches, key, params));
}

/** `meta` of an admin page whose title is already translated (by its loader): "<title> · Admin · Casa del Tabaco"; not indexed. */
export function adminTitleMeta(matches: readonly Match[], title: string): MetaDescriptor[] {
  return [...pageMeta({ title: `${title} · ${adminText(matches, 'brand')}` }), { name: 'robots', content: 'noindex' }];
}
