/**
 * One i18next instance over catalogues already in hand (no loading): the settings every text of
 * the shop is translated with — English the fallback, no HTML escaping (React and the mail layout
 * escape), ready at once. The server's per-language instances and the admin page titles (from the
 * admin layout's catalogues, in the browser too) are made here.
 */
import i18next, { type i18n, type Resource } from 'i18next';
import { DEFAULT_LOCALE } from './locales.ts';

/**
 * @param lng the language to translate into.
 * @param resources language → namespace → texts (the fallback language among them).
 * @param ns the namespaces to use; `defaultNS` is the one of a key without `ns:`.
 */
export function bundledTranslator(lng: string, resources: Resource, ns: readonly string[], defaultNS: string): i18n {
  const inst = i18next.createInstance();
  void inst.init({
    lng,
    fallbackLng: DEFAULT_LOCALE,
    resources,
    ns: [...ns],
    defaultNS,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return inst;
}
