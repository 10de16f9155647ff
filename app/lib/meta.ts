/** Page title and description helpers for route `meta` exports. */
import type { MetaDescriptor } from 'react-router';

import { DEFAULT_SITE_NAME } from '../../core/config/browser.ts';

let current = DEFAULT_SITE_NAME;

/**
 * Sets the site name the titles end with: the root layout calls it with the settings' name
 * (core/config/site-brand.ts) before `<Meta />` renders, on the server and in the browser. One
 * shop per process, so every request of the moment has the same name.
 */
export function setSiteName(name: string): void {
  current = name || DEFAULT_SITE_NAME;
}

/** The site name of the settings, as last set by {@link setSiteName}. */
export function siteName(): string {
  return current;
}

/** Title ("<page> · <site name>"), description, Open Graph and canonical link. */
export function pageMeta(opts: { title: string; description?: string; canonical?: string; image?: string; type?: string }): MetaDescriptor[] {
  const SITE_NAME = current;
  const title = opts.title ? `${opts.title} · ${SITE_NAME}` : SITE_NAME;
  const out: MetaDescriptor[] = [
    { title },
    { property: 'og:title', content: title },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: opts.type ?? 'website' },
  ];
  if (opts.description) out.push({ name: 'description', content: opts.description }, { property: 'og:description', content: opts.description });
  if (opts.canonical) out.push({ tagName: 'link', rel: 'canonical', href: opts.canonical }, { property: 'og:url', content: opts.canonical });
  if (opts.image) out.push({ property: 'og:image', content: opts.image });
  return out;
}
