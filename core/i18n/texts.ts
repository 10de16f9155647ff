/**
 * The texts of e-mails and documents (namespaces `mail` and `documents` of the one text store,
 * `core/i18n/locales/<lng>/<ns>.json`, ADR 016), read on the server through {@link textIn}. Keys are
 * checked by the compiler against the English catalogues, the source; placeholders are
 * i18next's `{{name}}`, like every other catalogue. A key a locale lacks falls back to English
 * (core/i18n/resources.ts); app/i18n/catalogues.test.ts keeps every locale complete.
 */
import type documentsEn from './locales/en/documents.json';
import type mailEn from './locales/en/mail.json';
import type { Locale } from './locales.ts';
import { serverI18n } from './resources.ts';

/** The dotted paths of the string leaves of a catalogue (`jobs.reminder.subject`). */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the `mail` namespace (`order.hello`, `jobs.lowStock.subject` …). */
type MailKey = Leaves<typeof mailEn>;
/** A key of the `documents` namespace (`invoice`, `vatIncl`, `creditNoteNo` …). */
export type DocumentKey = Leaves<typeof documentsEn>;
/** A text of an e-mail or a document, with its namespace. */
export type TextKey = `mail:${MailKey}` | `documents:${DocumentKey}`;
/** Values for a text's `{{name}}` placeholders; numbers are written as `String(n)` does. */
export type TextParams = Record<string, string | number>;

/**
 * The text `key` in `locale` with its placeholders filled (English where the locale lacks it).
 * Values are inserted as they are (no HTML escaping: the caller escapes for HTML) and are not
 * read as placeholders themselves; a placeholder without a value stays as `{{name}}`.
 */
export function textIn(locale: Locale, key: TextKey, params: TextParams = {}): string {
  return serverI18n(locale).t(key, params) as string;
}
