/**
 * Product images and their drawn placeholders (never a broken image;
 * fast pages).
 *
 * A product without photos shows one of three shared drawings (cigar, rolling tobacco,
 * accessory: hashed, immutable assets) over a background gradient in the brand's hue, set by the
 * `ph` class and the `--ph-h` custom property (app/styles/app.css). One URL per category instead
 * of one per product: Chromium builds a separate SVG document for every distinct SVG URL on the
 * main thread (10–35 ms each on a phone in Lighthouse's trace), and a product list showed ~20.
 */
import type { CSSProperties } from 'react';
import cigarSvg from '../assets/placeholder-cigar.svg?no-inline';
import tobaccoSvg from '../assets/placeholder-tobacco.svg?no-inline';
import accessorySvg from '../assets/placeholder-accessory.svg?no-inline';

/** What choosing a product's image needs. `category` as in core/db/schema/catalogue.ts. */
export type ImageProduct = {
  id: string;
  images?: { path: string }[] | null;
  category?: string | null;
  brand?: string | null;
  name?: string | null;
};

/**
 * The image path of a product, or its generated per-product placeholder
 * (`/images/placeholder/:id.svg`, with the brand written on it): for links that leave the page
 * (`og:image`). Pages draw placeholders with {@link productImgProps}.
 */
export function productImageSrc(p: { id: string; images?: { path: string }[] | null }): string {
  return p.images?.[0]?.path ?? `/images/placeholder/${encodeURIComponent(p.id)}.svg`;
}

/** A stable hue in degrees (warm range 15..44) from a brand or name. */
export function placeholderHue(s: string): number {
  let h = 0;
  for (const ch of s) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return 15 + (h % 30);
}

/** The shared drawing of a category (cigars and unknown categories: the cigar). */
function placeholderSrc(category: string | null | undefined): string {
  return category === 'rolling-tobacco' ? tobaccoSvg : category === 'accessory' ? accessorySvg : cigarSvg;
}

/**
 * The `src`, and for a placeholder the `className` and `style`, of a product's `<img>`: its first
 * photo, else its category's drawing on the brand's hue.
 * @param className classes of the `<img>` itself (kept with the placeholder's `ph`)
 */
export function productImgProps(p: ImageProduct, className?: string): { src: string; className?: string; style?: CSSProperties } {
  const path = p.images?.[0]?.path;
  if (path) return { src: path, className };
  return {
    src: placeholderSrc(p.category),
    className: className ? `${className} ph` : 'ph',
    style: { ['--ph-h' as string]: placeholderHue(p.brand || p.name || p.id) },
  };
}
