/** Page title and description helpers for route `meta` exports. */
import type { MetaDescriptor } from 'react-router';

export const SITE_NAME = 'Casa del Tabaco';

/** Title ("<page> · Casa del Tabaco"), description, Open Graph and canonical link. */
export function pageMeta(opts: { title: string; description?: string; canonical?: string; image?: string; type?: string }): MetaDescriptor[] {
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
