/**
 * The browser's i18next instances (ADR 010): one per language, built once, filled from
 * the hashed catalogue assets (`/i18n/<lng>/<ns>.<hash>.json`, immutable) named by the root
 * loader's `i18n` data. Before hydration app/entry.client.tsx loads the namespaces the page
 * declared (app/i18n/page-namespaces.ts); later a component that uses a namespace not loaded
 * yet suspends (react-i18next's Suspense, inside React Router's navigation transition, so the
 * previous page stays until the texts arrive), and the rest of the language's usual namespaces
 * are fetched when the browser is idle. The server renders with core/i18n's instances.
 */
import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, DEFAULT_PAGE_NAMESPACES } from '../../core/i18n/browser.ts';

/** `{ lang, urls: { [lng]: { [ns]: url } } }` (core/i18n/resources.ts catalogueUrls). */
export type CatalogueUrls = { lang: string; urls: Record<string, Record<string, string>> };

const instances = new Map<string, i18n>();
const known: Record<string, Record<string, string>> = {};

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    const url = known[lng]?.[ns];
    if (!url) return callback(null, {}); // a namespace this language has no file for: English fallback
    fetch(url, { credentials: 'same-origin' })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${url}: ${r.status}`))))
      .then((data) => callback(null, data as Record<string, unknown>))
      .catch((e: Error) => callback(e, false));
  },
};

/** The instance of `assets.lang` (created on first use; learns the asset URLs). */
export function clientI18n(assets: CatalogueUrls): i18n {
  for (const [lng, byNs] of Object.entries(assets.urls)) known[lng] = { ...known[lng], ...byNs };
  const hit = instances.get(assets.lang);
  if (hit) return hit;
  const inst = i18next.createInstance();
  void inst
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: assets.lang,
      fallbackLng: DEFAULT_LOCALE,
      ns: [],
      defaultNS: 'common',
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true, bindI18n: false, bindI18nStore: false },
    });
  instances.set(assets.lang, inst);
  return inst;
}

/** Resolves when `namespaces` of the instance's language (and its fallback) are loaded. */
export function loadNamespaces(inst: i18n, namespaces: readonly string[]): Promise<void> {
  return new Promise((resolve) => {
    void inst.loadNamespaces([...namespaces], () => resolve());
  });
}

/** Whether every one of `namespaces` is loaded in `inst`. */
export function hasNamespaces(inst: i18n, namespaces: readonly string[]): boolean {
  return namespaces.every((ns) => inst.hasLoadedNamespace(ns));
}

/** Fetches the language's usual namespaces when the browser is idle (later pages need no wait). */
export function prefetchNamespaces(inst: i18n): void {
  const run = () => void inst.loadNamespaces([...DEFAULT_PAGE_NAMESPACES]);
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 2000);
}

/** The catalogues the document was rendered with (set before hydration; the preload links keep showing them). */
export let documentCatalogues: (CatalogueUrls & { namespaces: string[] }) | null = null;
export function setDocumentCatalogues(page: CatalogueUrls & { namespaces: string[] }): void {
  documentCatalogues = page;
}
