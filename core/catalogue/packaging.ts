/**
 * The catalogue's packaging text in a reader's language (storefront, admin, invoices). The catalogue (data/catalogue.json,
 * the admin's product form) writes packaging in English with a few fixed shapes — "Single",
 * "Piece", "Tubo", "Box of 25", "Pack of 4", "Tin of 10", "Bundle of 20", "Pouch 30 g" — which are
 * translated through `common:packaging.*`; any other text is shown as written.
 */
import type { TFunction } from 'i18next';

const FIXED: Record<string, string> = { single: 'single', piece: 'piece', tubo: 'tubo' };
const OF = /^(box|pack|tin|bundle) of (\d{1,4})$/i;
const POUCH = /^pouch (\d{1,4}) ?g$/i;

/**
 * @param packaging the product's packaging as stored (English).
 * @param t any `t` of the page's i18next instance (keys are given with their namespace).
 * @returns the translated label, or `packaging` unchanged when it has none of the known shapes.
 */
export function packagingLabel(packaging: string, t: TFunction): string {
  const text = packaging.trim();
  const fixed = FIXED[text.toLowerCase()];
  if (fixed) return t(`common:packaging.${fixed}`);
  const of = OF.exec(text);
  if (of) return t(`common:packaging.${of[1].toLowerCase()}Of`, { count: Number(of[2]) });
  const pouch = POUCH.exec(text);
  if (pouch) return t('common:packaging.pouch', { grams: Number(pouch[1]) });
  return packaging;
}
