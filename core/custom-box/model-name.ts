/**
 * A box model's name in the reader's language. The admin names each model (`custom_box_models.name`,
 * a free text on invoices and orders); the models the shop starts with are named in English after
 * their drawing and capacity ("Cedar box for 10"). A name still of that form is a default, not the
 * owner's wording, so it is written in the reader's language from the catalogue
 * (`custombox:modelName` with `custombox:drawing.<drawing>`: "Zedernholzkiste für 10 Zigarren");
 * a name the owner wrote is shown as written. Pure: safe in the browser, given a translator.
 */
import { BOX_DRAWINGS, type BoxDrawing } from '../db/browser.ts';

/** What naming a box model needs: its stored name and capacity (an order line's box snapshot has both). */
export type NamedBoxModel = { name: string; capacity: number };

/** A translator of `custombox:` keys in one language (i18next's `t`, or core/i18n `translate` bound to a language). */
export type BoxNameTranslator = (key: string, params?: Record<string, string | number>) => string;

/**
 * The drawing whose English default name `name` is for `capacity`, or null when the owner wrote
 * the name. `english` translates in English (the catalogues' source, where the defaults come from).
 */
function defaultNameDrawing(model: NamedBoxModel, english: BoxNameTranslator): BoxDrawing | null {
  const name = model.name.trim();
  for (const d of BOX_DRAWINGS) if (name === english('custombox:modelName', { box: english(`custombox:drawing.${d}`), count: model.capacity })) return d;
  return null;
}

/**
 * The name of a box model (or of a box in an order line: `{ name, capacity }`) in the language
 * of `t`: a default English name written anew in that language, an owner's own name as written.
 * @param english the same translator in English.
 */
export function boxModelNameWith(model: NamedBoxModel, t: BoxNameTranslator, english: BoxNameTranslator): string {
  const drawing = defaultNameDrawing(model, english);
  return drawing ? t('custombox:modelName', { box: t(`custombox:drawing.${drawing}`), count: model.capacity }) : model.name;
}
