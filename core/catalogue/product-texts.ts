/**
 * A product's own texts per language (`products.texts`): the owner may give the name, wrapper,
 * binder, filler, origin and tasting notes in German, French, Italian and Spanish (CSV columns
 * `name_de`, `wrapper_de` … `tasting_notes_es`, or the admin's product form); each replaces its
 * English field on pages in that language, and a field not given reads the English one (the
 * catalogue values then through the value dictionary, values.ts). Descriptions have their own
 * per-language field (`description`). Pure; safe in the browser.
 */

/** The languages with texts of their own besides English: the picker's (core/i18n PICKER_LOCALES). */
export const PRODUCT_TEXT_LANGS = ['de', 'fr', 'it', 'es'] as const;
export type ProductTextLang = (typeof PRODUCT_TEXT_LANGS)[number];

/** The free-text fields a language may have its own text of. */
export const PRODUCT_TEXT_FIELDS = ['name', 'wrapper', 'binder', 'filler', 'origin', 'tastingNotes'] as const;
export type ProductTextField = (typeof PRODUCT_TEXT_FIELDS)[number];

/** One language's texts (as stored; see core/db/schema/catalogue.ts ProductLanguageTexts). */
export type LanguageTexts = { name?: string; wrapper?: string; binder?: string; filler?: string; origin?: string; tastingNotes?: string[] };

/** The CSV column of a field in a language: `name_de`, `tasting_notes_fr`. */
export function productTextColumn(field: ProductTextField, lang: ProductTextLang): string {
  return `${field === 'tastingNotes' ? 'tasting_notes' : field}_${lang}`;
}

/** Every per-language CSV column, language by language (`name_de`, `wrapper_de`, …, `tasting_notes_es`). */
export const PRODUCT_TEXT_COLUMNS: readonly string[] = PRODUCT_TEXT_LANGS.flatMap((l) => PRODUCT_TEXT_FIELDS.map((f) => productTextColumn(f, l)));

/**
 * The texts of each language without the empty ones (an empty cell or field means "the English
 * text"), and without languages left with none: what `products.texts` stores.
 */
export function cleanProductTexts(texts: Partial<Record<string, LanguageTexts>>): Partial<Record<ProductTextLang, LanguageTexts>> {
  const out: Partial<Record<ProductTextLang, LanguageTexts>> = {};
  for (const lang of PRODUCT_TEXT_LANGS) {
    const t = texts[lang];
    if (!t) continue;
    const kept: LanguageTexts = {};
    for (const f of PRODUCT_TEXT_FIELDS) {
      if (f === 'tastingNotes') {
        const notes = (t.tastingNotes ?? []).map((n) => n.trim()).filter(Boolean);
        if (notes.length) kept.tastingNotes = notes;
      } else {
        const v = t[f]?.trim();
        if (v) kept[f] = v;
      }
    }
    if (Object.keys(kept).length) out[lang] = kept;
  }
  return out;
}

type Localizable = {
  name: string;
  wrapper: string | null;
  binder: string | null;
  filler: string | null;
  origin: string | null;
  tastingNotes: string[];
  texts?: Partial<Record<string, LanguageTexts>> | null;
};

/** The product's name in `lang`: the owner's name in that language (CSV `name_<lang>`), else the English one. */
export function nameInLanguage(p: { name: string; texts?: Partial<Record<string, LanguageTexts>> | null }, lang: string): string {
  return p.texts?.[lang]?.name || p.name;
}

/**
 * The product as pages in `lang` show it: each field the owner gave in that language instead of
 * the English one, the others unchanged.
 * @param lang the page's language; English and languages without texts get `p` as it is.
 */
export function productInLanguage<P extends Localizable>(p: P, lang: string): P {
  const own = p.texts?.[lang];
  if (!own) return p;
  return {
    ...p,
    name: nameInLanguage(p, lang),
    wrapper: own.wrapper || p.wrapper,
    binder: own.binder || p.binder,
    filler: own.filler || p.filler,
    origin: own.origin || p.origin,
    tastingNotes: own.tastingNotes?.length ? own.tastingNotes : p.tastingNotes,
  };
}
