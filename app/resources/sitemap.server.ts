/** sitemap.xml: the public pages and every listed product, with hreflang alternates (every locale and x-default, as on the pages). */
import type { ResourceArgs } from './types.ts';
import { listedProductDates } from '../../core/catalogue/index.ts';
import { languageAlternates } from '../i18n/alternates.ts';
import { LEGAL_PAGES, SITE_PAGES } from '../components/SiteLinks.tsx';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export async function loader({ context }: ResourceArgs) {
  const o = context.origin;
  // the pages the menus and the footer link to
  const pages = [...SITE_PAGES, ...LEGAL_PAGES].map((p) => p.to);
  const rows = await listedProductDates(context.shop.db);
  const url = (path: string, lastmod?: Date) => {
    const [pathname, search = ''] = path.split('?');
    const alts = languageAlternates(o, pathname, search ? `?${search}` : '')
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${esc(a.href)}"/>`)
      .join('');
    return `<url><loc>${esc(o + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}${alts}</url>`;
  };
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${pages.map((p) => url(p)).join('\n')}
${rows.map((r) => url(`/productdetail?id=${encodeURIComponent(r.id)}`, r.updatedAt)).join('\n')}
</urlset>`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
