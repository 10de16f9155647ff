/**
 * Language of API answers (docs/api.md: messages "in the request's language"): `?lang=`, then
 * the `lang` cookie, then `Accept-Language`, then English.
 */
import { resolveLocale, type Locale } from '../core/i18n/browser.ts';
export { translateError, translateFields } from '../core/i18n/index.ts';

/** The request's language code, one of the supported locales. */
export function requestLanguage(req: Request): Locale {
  // the URL is parsed only when its query may name a language (most calls have no query)
  const q = req.url.indexOf('?');
  const query = q >= 0 && req.url.includes('lang=', q) ? new URL(req.url).searchParams.get('lang') : null;
  const cookie = /(?:^|;\s*)lang=([^;]+)/.exec(req.headers.get('cookie') ?? '')?.[1];
  return resolveLocale({ query, cookie, acceptLanguage: req.headers.get('accept-language') });
}
