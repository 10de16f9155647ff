/**
 * sitemap.xml through the real HTTP app: every page the menus and the footer link to, and every
 * listed product (not an archived one) with its last change, each with its language alternates.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../core/db/schema/catalogue.ts';
import { LEGAL_PAGES, SITE_PAGES } from '../../app/components/SiteLinks.tsx';
import { useTestSuite } from '../helpers/suite.ts';

const t = useTestSuite({ http: true });

describe('sitemap.xml', () => {
  it('lists the menu and legal pages and the listed products, each with hreflang alternates', async () => {
    const [archived, listed] = await t.shop.db.select().from(products).orderBy(products.sku).limit(2);
    await t.shop.db.update(products).set({ active: false }).where(eq(products.id, archived.id));
    const res = await t.http.fetch('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replace(/&amp;/g, '&')));
    const paths = locs.map((u) => u.pathname + u.search);
    const menuPages = [...SITE_PAGES, ...LEGAL_PAGES].map((p) => p.to);
    expect(menuPages).toEqual(expect.arrayContaining(['/', '/client/products', '/contact', '/client/privacypolicy', '/client/shipping']));
    for (const page of menuPages) expect(paths, page).toContain(page);
    expect(paths).toContain(`/productdetail?id=${listed.id}`);
    expect(paths).not.toContain(`/productdetail?id=${archived.id}`);
    const active = await t.shop.db.select({ id: products.id }).from(products).where(eq(products.active, true));
    expect(paths.filter((p) => p.startsWith('/productdetail'))).toHaveLength(active.length);
    // each <url> has its alternates: one per locale and x-default
    const first = xml.slice(xml.indexOf('<url>'), xml.indexOf('</url>'));
    expect(first).toContain('hreflang="x-default"');
    expect(first.match(/hreflang=/g)!.length).toBeGreaterThanOrEqual(16);
  });
});
