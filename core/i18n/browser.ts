/**
 * The i18n module's browser face (locales and the translation engine shared by pages, mails and
 * errors): the part pages may run in the browser. Reaches no Drizzle, database driver, node:
 * module or other server package (checked by .dependency-cruiser-browser.cjs;
 * docs/decisions/018-module-faces.md).
 */
export {
  dayIn,
  DEFAULT_TIME_ZONE,
  endOfDay,
  formatDate,
  formatDateTime,
  isCalendarDay,
  isoInZone,
  isTimeZone,
  localTimeIn,
  nextDay,
  startOfDay,
  swissDate,
  todayIn,
  yearIn,
  type CalendarDay,
} from './dates.ts';
export {
  ADMIN_NAMESPACES,
  DEFAULT_LOCALE,
  DEFAULT_PAGE_NAMESPACES,
  intlLocale,
  isRtl,
  LANG_COOKIE,
  LOCALE_NAMES,
  LOCALES,
  matchLocale,
  NAMESPACES,
  PICKER_LOCALES,
  requestLocale,
  SERVER_NAMESPACES,
  storedLocale,
  type Locale,
} from './locales.ts';
export { bundledTranslator } from './translator.ts';
