/** The languages a product description is translated into besides English (the language picker's), with their own names. */
export const OTHER_LANGS = ['de', 'fr', 'it', 'es'] as const;

export const LANG_NAMES: Record<(typeof OTHER_LANGS)[number], string> = { de: 'Deutsch', fr: 'Français', it: 'Italiano', es: 'Español' };
