/**
 * Which translation namespaces a page needs in the browser (ADR 010). A route module
 * declares the namespaces its own components use with
 *
 *     export const handle = { i18n: ['catalogue'] };
 *
 * A page loads `common`, plus the declarations of every matched route (root, layout, page).
 * A page route that declares nothing gets DEFAULT_PAGE_NAMESPACES (every namespace but `admin`
 * and `legal`), so a new route always has its texts; declaring makes its pages lighter. Layout
 * routes declare what their shared components use (the default layout: `cart` for the side
 * cart). The server renders with every namespace; only the browser's download depends on this.
 */
import { DEFAULT_PAGE_NAMESPACES } from '../../core/i18n/browser.ts';

/** A route's declaration: `handle.i18n`. */
type I18nHandle = { i18n?: readonly string[] };

/** The namespaces of a page from its matches (root first, the page last). */
export function pageNamespaces(matches: readonly { handle?: unknown }[]): string[] {
  const out = new Set<string>(['common']);
  matches.forEach((m, i) => {
    const declared = (m.handle as I18nHandle | undefined)?.i18n;
    if (declared) for (const ns of declared) out.add(ns);
    else if (i === matches.length - 1 && i > 0) for (const ns of DEFAULT_PAGE_NAMESPACES) out.add(ns);
  });
  return [...out];
}
