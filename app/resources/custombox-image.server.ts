/**
 * The drawing of a custom box model (/images/custombox/<drawing>.svg): a closed box in its wood
 * with a brass plate, used as the image of box lines in the cart and API answers.
 */
import type { ResourceArgs } from './types.ts';
import { BOX_DRAWINGS } from '../../core/custom-box/browser.ts';

const COLOURS: Record<string, [string, string, string]> = {
  cedar: ['#9a5b32', '#c98f5d', '#7d4522'],
  mahogany: ['#5e2218', '#8c3b28', '#451710'],
  ebony: ['#1d1714', '#3a2e27', '#0d0a08'],
  leather: ['#6b3f22', '#a8764a', '#4f2c16'],
};

export function loader({ params }: ResourceArgs) {
  const drawing = (params.drawing ?? '').replace(/\.svg$/, '');
  if (!(BOX_DRAWINGS as readonly string[]).includes(drawing)) return new Response('Not found', { status: 404 });
  const [frame, lid, grain] = COLOURS[drawing];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600">
  <rect width="800" height="600" fill="#efe6d8"/>
  <rect x="130" y="250" width="540" height="240" rx="14" fill="${frame}" stroke="${grain}" stroke-width="6"/>
  <path d="M140 330 q 130 -14 260 0 t 260 0 M140 410 q 130 -14 260 0 t 260 0" stroke="${grain}" stroke-opacity="0.4" stroke-width="4" fill="none"/>
  <rect x="110" y="170" width="580" height="100" rx="12" fill="${lid}" stroke="${grain}" stroke-width="6"/>
  <path d="M120 215 q 140 -12 290 0 t 270 0" stroke="${grain}" stroke-opacity="0.35" stroke-width="4" fill="none"/>
  <rect x="330" y="300" width="140" height="60" rx="6" fill="#c9a24a" stroke="#8a6a2f" stroke-width="4"/>
  <circle cx="400" cy="330" r="14" fill="#7a1f1f" stroke="#f3dfa8" stroke-width="3"/>
</svg>`;
  return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400' } });
}
