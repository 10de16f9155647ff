/**
 * Language of API answers (api-contract: messages "in the request's language"): `?lang=`, then
 * the `lang` cookie, then `Accept-Language`, then English.
 */
import { pickLocale } from '../core/i18n/locales.ts';
export { translateError, translateFields } from '../core/i18n/resources.ts';

/** The request's language code, one of the supported locales. */
export function requestLanguage(req: Request): string {
  const url = new URL(req.url);
  const cookie = /(?:^|;\s*)lang=([^;]+)/.exec(req.headers.get('cookie') ?? '')?.[1];
  return pickLocale(url.searchParams.get('lang'), cookie, req.headers.get('accept-language'));
}
