/**
 * The storefront's brand: the site name and optional logo the admin sets in the settings, shown in
 * the navbar, the footer, page titles and mail headers. Plain data, safe in the browser (no sharp,
 * no database).
 */

/** The site name a shop starts with, and the one shown while the setting is empty. */
export const DEFAULT_SITE_NAME = 'Casa del Tabaco';
/** Most characters of the site name (it has to fit the phone navbar and a mail's sender name). */
export const MAX_SITE_NAME = 60;
/** Largest logo file accepted, in bytes (a logo is small; a phone photo is not a logo). */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
/** Height the logo is drawn at in the navbar, in CSS pixels (its width follows its aspect ratio). */
export const LOGO_HEIGHT = 32;

/**
 * The stored logo: an image rendered as product photos are (core/catalogue/photos.ts: AVIF, WebP
 * and JPEG files under `products/<id>/<width>.<ext>` in the photo store), with the rendered
 * widths and the intrinsic size of the largest rendering in pixels.
 */
export type SiteLogo = { id: string; width: number; height: number; widths: number[] };

/** The brand as pages and mails use it. */
export type SiteBrand = {
  /** The site name: the setting, trimmed, or {@link DEFAULT_SITE_NAME} when empty. */
  name: string;
  /**
   * The logo, or null when none is set. `src` is a JPEG (every mail client shows it; prefix the
   * shop's base URL for a mail), `srcSet` the WebP widths for pages; `width`/`height` are the
   * size to draw it at ({@link LOGO_HEIGHT} px high) so the navbar does not shift.
   */
  logo: null | { src: string; srcSet: string; width: number; height: number; alt: string };
};

const LOGO_ID = /^[0-9a-f-]{36}$/;

/**
 * The brand from the settings (`siteName`, `siteLogo`; a settings object read before these
 * fields existed gives the default name and no logo).
 * @param settings the shop settings, or the part of them with the brand fields.
 * @returns the name and logo; never throws.
 */
export function siteBrand(settings: { siteName?: string; siteLogo?: SiteLogo | null }): SiteBrand {
  const name = (settings.siteName ?? '').trim().slice(0, MAX_SITE_NAME) || DEFAULT_SITE_NAME;
  const l = settings.siteLogo;
  if (!l || !LOGO_ID.test(l.id) || !l.widths.length || !(l.width > 0) || !(l.height > 0)) return { name, logo: null };
  const file = (w: number, ext: string) => `/media/products/${l.id}/${w}.${ext}`;
  const smallest = l.widths[0];
  return {
    name,
    logo: {
      src: file(smallest, 'jpg'),
      srcSet: l.widths.map((w) => `${file(w, 'webp')} ${w}w`).join(', '),
      width: Math.max(1, Math.round((l.width / l.height) * LOGO_HEIGHT)),
      height: LOGO_HEIGHT,
      alt: name,
    },
  };
}
