/**
 * The shop's public configuration (specification section 7, `GET /api/configuration/configurations`):
 * the API answers it and every page gets it in its loader data. Plain data, safe in the browser.
 */
import { rappenToChf } from '../pricing/browser.ts';
import type { ShopSettings } from './settings.ts';

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
    promotionalInfo: { text: s.promotionalInfo.text },
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
  };
}
