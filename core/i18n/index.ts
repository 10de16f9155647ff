/**
 * The i18n module's face (locales and the translation engine shared by pages, mails and errors):
 * what other modules and layers import of it; its other files are inner
 * (docs/decisions/018-module-faces.md).
 */
// Locales and dates (also in the browser face)
export { intlLocale, LOCALES, storedLocale, type Locale } from './locales.ts';
export { endOfDay, formatDate, formatDateTime, instantOfLocalTime, isCalendarDay, nextDay, startOfDay, todayIn } from './dates.ts';
// Catalogues and texts on the server
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
export { checkCatalogue, englishNamespaces, isClean } from './catalogue-check.ts';
