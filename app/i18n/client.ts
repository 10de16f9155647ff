/** An i18next instance from the catalogue the root loader sent (works on server and client). */
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE } from './locales.ts';

export function createClientI18n(lang: string, resources: Record<string, Record<string, Record<string, unknown>>>): i18n {
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
  return inst;
}
