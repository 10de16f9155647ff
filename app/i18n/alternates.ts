/** Language alternates of a page for search engines (`<link rel="alternate" hreflang>`). */
import { LOCALES } from '../../core/i18n/browser.ts';

/**
 * `hreflang` alternates of the current page for every language with a catalogue, plus
 * `x-default` (no explicit language: the visitor's cookie or browser decides).
 * @returns absolute URLs keyed by hreflang code.
 */
export function languageAlternates(origin: string, pathname: string, search: string): { hreflang: string; href: string }[] {
  const base = new URL(pathname + search, origin);
  base.searchParams.delete('lang');
  const out: { hreflang: string; href: string }[] = LOCALES.map((l) => {
    const u = new URL(base);
    u.searchParams.set('lang', l);
    return { hreflang: l, href: u.toString() };
  });
  out.push({ hreflang: 'x-default', href: base.toString() });
  return out;
}
