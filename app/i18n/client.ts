/**
 * The i18next instance for a language, built from the catalogue the root loader sent (works on
 * the server and in the browser). The catalogues of a language do not change while the shop
 * runs, so one instance per language is kept and reused by every render (building one costs
 * about 0.5 ms per request; language changes never mutate a shared instance).
 */
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE } from './locales.ts';

const instances = new Map<string, i18n>();

export function createClientI18n(lang: string, resources: Record<string, Record<string, Record<string, unknown>>>): i18n {
  const cached = instances.get(lang);
  if (cached) return cached;
  const inst = i18next.createInstance();
  void inst.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LOCALE,
    resources,
    defaultNS: 'common',
    ns: Object.keys(resources[lang] ?? resources[DEFAULT_LOCALE] ?? { common: {} }),
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    react: { useSuspense: false },
  });
  // only cache complete catalogues (an error page may render without the root loader's data)
  if (resources[lang]) instances.set(lang, inst);
  return inst;
}
