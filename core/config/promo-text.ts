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

/**
 * The picker languages (core/i18n/locales.ts PICKER_LOCALES) besides English with a banner text of
 * their own (`promotionalInfo.texts`); English is `promotionalInfo.text`, every other language's
 * fallback. Written out here because this file imports nothing.
 */
export const PROMO_TEXT_LOCALES = ['de', 'fr', 'it', 'es'] as const;

/** Longest banner text, characters (each language's). */
export const MAX_PROMO_TEXT = 200;

/**
 * The banner text for a visitor's language: the admin's text for that language when given, else
 * the English (base) text, which may be a built-in one (then shown translated, see
 * {@link BUILT_IN_PROMO_TEXTS}).
 * @param info the settings' `promotionalInfo` (or the public configuration's).
 * @param lang the page's language (any locale code; those without a text of their own read English).
 */
export function promoTextFor(info: { text: string; texts?: Partial<Record<string, string>> }, lang: string): string {
  const own = info.texts?.[lang]?.trim();
  return own ? own : info.text;
}
