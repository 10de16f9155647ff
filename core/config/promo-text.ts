/** The shop's built-in promotional banner texts (no dependencies: the browser bundle imports it). */
/** The promotional text a new shop starts with (shown translated while the admin keeps it). */
export const DEFAULT_PROMO_TEXT = 'Free delivery in Switzerland from CHF 150';

/**
 * The built-in promotional texts, present and former (a shop keeps the one stored on its first
 * start). While the stored text is one of these the banner shows the visitor's language
 * (`common:banner.promoDefault`, with the free-delivery threshold and delivery region of the settings);
 * a text the admin wrote is shown as written.
 */
export const BUILT_IN_PROMO_TEXTS: readonly string[] = [
  DEFAULT_PROMO_TEXT,
  'Free delivery in Switzerland and Liechtenstein from CHF 150',
  'Free delivery across Switzerland from CHF 150',
];
