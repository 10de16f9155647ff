/**
 * A generated, tasteful placeholder image for a product without images: an
 * SVG drawn from the product's category, brand and name, so there is never a broken image.
 */
import type { ResourceArgs } from './types.ts';
import { getProduct } from '../../core/catalogue/index.ts';
import { placeholderHue as hue } from '../lib/product-image.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function cigar(h: number): string {
  return `<g transform="rotate(-12 400 300)">
    <rect x="110" y="262" width="560" height="76" rx="38" fill="hsl(${h} 45% 30%)"/>
    <rect x="110" y="262" width="560" height="76" rx="38" fill="url(#sheen)"/>
    <rect x="640" y="262" width="42" height="76" rx="20" fill="hsl(${h} 30% 20%)"/>
    <rect x="470" y="256" width="70" height="88" rx="6" fill="#b8933f"/>
    <rect x="476" y="262" width="58" height="76" rx="4" fill="none" stroke="#f3dfa8" stroke-width="2"/>
    <circle cx="505" cy="300" r="14" fill="#7a1f1f" stroke="#f3dfa8" stroke-width="2"/>
  </g>`;
}
function pouch(h: number): string {
  return `<path d="M270 170 h260 l30 300 h-320 z" fill="hsl(${h} 35% 32%)"/><rect x="300" y="260" width="200" height="110" rx="8" fill="#f3e7d2" opacity="0.92"/><path d="M270 170 h260 v26 h-260 z" fill="hsl(${h} 30% 22%)"/>`;
}
function accessory(h: number): string {
  return `<rect x="250" y="210" width="300" height="180" rx="24" fill="hsl(${h} 20% 28%)"/><circle cx="400" cy="300" r="52" fill="none" stroke="#d9b878" stroke-width="10"/><rect x="250" y="210" width="300" height="180" rx="24" fill="url(#sheen)"/>`;
}

export async function loader({ params, context }: ResourceArgs) {
  const p = await getProduct(context.shop.db, (params.id ?? '').replace(/\.svg$/, ''));
  const name = p?.name ?? 'Casa del Tabaco';
  const brand = p?.brand ?? '';
  const h = hue(brand || name);
  const art = p?.category === 'rolling-tobacco' ? pouch(h) : p?.category === 'accessory' ? accessory(h) : cigar(h);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600" role="img" aria-label="${esc(name)}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h} 38% 88%)"/><stop offset="1" stop-color="hsl(${h} 30% 74%)"/></linearGradient>
    <linearGradient id="sheen" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient>
  </defs>
  <rect width="800" height="600" fill="url(#bg)"/>
  ${art}
  <text x="400" y="540" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="34" fill="hsl(${h} 40% 18%)" letter-spacing="4">${esc(brand.toUpperCase())}</text>
</svg>`;
  return new Response(svg, {
    status: p ? 200 : 404,
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
}
