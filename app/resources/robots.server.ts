/** robots.txt: everything public may be crawled except account, cart, payment and admin pages. */
import type { ResourceArgs } from './types.ts';

export function loader({ context }: ResourceArgs) {
  const body = [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /shopcart',
    'Disallow: /payment',
    'Disallow: /profile',
    'Disallow: /client/history',
    'Disallow: /client/influencer',
    'Disallow: /preferences',
    'Disallow: /confirm/',
    'Disallow: /reset/',
    `Sitemap: ${context.origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
