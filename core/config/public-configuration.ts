/**
 * The shop's public configuration (docs/product.md §7, `GET /api/configuration/configurations`):
 * the API answers it and every page gets it in its loader data. Plain data, safe in the browser.
 */
import { rappenToChf } from '../pricing/browser.ts';
import type { ShopSettings } from './settings.ts';
import { siteBrand } from './site-brand.ts';

/**
 * The configuration object of the specification plus the shop's further public settings; money
 * in CHF (the settings hold Rappen), the VAT rate in percent.
 */
export function configurationJson(s: ShopSettings) {
  return {
    dir: s.dir,
    whatsapp: s.whatsapp,
    email: s.email,
    telegram: s.telegram,
    facebook: s.facebook,
    instagram: s.instagram,
    shop_closed: s.shop_closed,
    /** `text` in English (the fallback), `texts` the admin's text per picker language (core/config/promo-text.ts promoTextFor). */
    promotionalInfo: { text: s.promotionalInfo.text, texts: s.promotionalInfo.texts },
    companyName: s.companyName,
    vatNumber: s.vatNumber,
    vatRate: s.vatRateBasisPoints / 100,
    shippingFee: rappenToChf(s.shippingFee),
    freeShippingThreshold: rappenToChf(s.freeShippingThreshold),
    /** Whether Liechtenstein is delivered to besides Switzerland (ADR 014). */
    deliverLiechtenstein: s.deliverLiechtenstein,
    /** The shop's time zone (IANA name): pages format every date in it, on the server and in the browser alike. */
    timeZone: s.timeZone,
    currency: 'CHF',
    /** The storefront's name and logo (core/config/site-brand.ts). */
    brand: siteBrand(s),
  };
}
