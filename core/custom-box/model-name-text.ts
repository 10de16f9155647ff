/**
 * {@link boxModelNameWith} for the server (mails, documents, loaders): the catalogues of core/i18n.
 */
import { translate, type Locale } from '../i18n/index.ts';
import { boxModelNameWith, type NamedBoxModel } from './model-name.ts';

/**
 * A box model's name in `lng` (mails, invoices, packing lists, order pages): the shop's default
 * names ("Cedar box for 10") from the `custombox` catalogue of `lng` ("Zedernholzkiste für 10
 * Zigarren"), a name the owner wrote as written.
 * @param model a model row, or an order line with a box (`{ name, capacity }` of its snapshot).
 */
export function boxModelName(model: NamedBoxModel, lng: Locale | string): string {
  return boxModelNameWith(
    model,
    (key, params) => translate(lng, key, params),
    (key, params) => translate('en', key, params),
  );
}
