/**
 * The i18n module's face (locales and the translation engine shared by pages, mails and errors):
 * what other modules and layers import of it; its other files are inner
 * (docs/decisions/018-module-faces.md).
 */
export { endOfDay, formatDate, formatDateTime, instantOfLocalTime, isCalendarDay, nextDay, startOfDay, todayIn } from './dates.ts';
export { intlLocale, LOCALES, storedLocale, type Locale } from './locales.ts';
export { checkCatalogue, englishNamespaces, isClean } from './catalogue-check.ts';
export {
  allResources,
  catalogueAsset,
  catalogueUrls,
  namespaceResources,
  serverI18n,
  translate,
  translateError,
  translateField,
  translateFields,
} from './resources.ts';
export { textIn, type DocumentKey, type TextKey, type TextParams } from './texts.ts';
