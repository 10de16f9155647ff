import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, ShopSettingsSchema } from './settings.ts';
import { DEFAULT_SITE_NAME, LOGO_HEIGHT, siteBrand } from './site-brand.ts';

const id = '0b6f7c1e-1d2a-4c3b-9e8f-123456789abc';

describe('siteBrand', () => {
  it('gives the default name and no logo for a fresh shop and for settings stored before the brand fields', () => {
    expect(siteBrand(DEFAULT_SETTINGS)).toEqual({ name: DEFAULT_SITE_NAME, logo: null });
    expect(siteBrand({})).toEqual({ name: DEFAULT_SITE_NAME, logo: null });
    const { siteName: _n, siteLogo: _l, ...old } = DEFAULT_SETTINGS;
    expect(ShopSettingsSchema.parse(old).siteName).toBe(DEFAULT_SITE_NAME);
  });

  it('trims the name and falls back to the default when it is blank', () => {
    expect(siteBrand({ siteName: '  Tabacalera Keller  ' }).name).toBe('Tabacalera Keller');
    expect(siteBrand({ siteName: '   ' }).name).toBe(DEFAULT_SITE_NAME);
  });

  it('draws the logo at the navbar height with its aspect ratio, JPEG for mails and WebP widths for pages', () => {
    const b = siteBrand({ siteName: 'Keller', siteLogo: { id, width: 640, height: 160, widths: [320, 640] } });
    expect(b.logo).toEqual({
      src: `/media/products/${id}/320.jpg`,
      srcSet: `/media/products/${id}/320.webp 320w, /media/products/${id}/640.webp 640w`,
      width: LOGO_HEIGHT * 4,
      height: LOGO_HEIGHT,
      alt: 'Keller',
    });
  });

  it('ignores a malformed stored logo', () => {
    expect(siteBrand({ siteLogo: { id: '../etc', width: 1, height: 1, widths: [1] } }).logo).toBeNull();
    expect(ShopSettingsSchema.parse({ ...DEFAULT_SETTINGS, siteLogo: { id: 'x' } }).siteLogo).toBeNull();
  });
});
