/**
 * The config module's browser face (environment, shop settings, production readiness, delivery
 * region): the part pages may run in the browser. Reaches no Drizzle, database driver, node:
 * module or other server package (checked by .dependency-cruiser-browser.cjs;
 * docs/decisions/018-module-faces.md).
 */
export { LOOPBACK_HOSTS, productionReport, publicOrigin, secureTransport } from './production.ts';
export { BUILT_IN_PROMO_TEXTS, MAX_PROMO_TEXT, PROMO_TEXT_LOCALES, promoTextFor } from './promo-text.ts';
export { configurationJson } from './public-configuration.ts';
export { exampleSellerFields, qrBillBlockedByExampleIban, sellerDataReport } from './readiness.ts';
export { MAX_RETURN_ADDRESS, MAX_RETURN_TEXT, RETURN_SHIPPING } from './return-settings.ts';
export { IbanSettingSchema, invalidSellerFields, SELLER_COUNTRIES, UidSettingSchema } from './seller.ts';
export { isSocialLink, SOCIAL_LINK_MESSAGE_KEY, TIME_ZONE_MESSAGE_KEY, type ShopSettings } from './settings.ts';
export { DEFAULT_SITE_NAME, MAX_LOGO_BYTES, MAX_SITE_NAME, siteBrand, type SiteBrand, type SiteLogo } from './site-brand.ts';
