/**
 * Language of API answers (api-contract: messages "in the request's language"): `?lang=`, then
 * the `lang` cookie, then `Accept-Language`, then English.
 */
import type { DomainError } from '../core/errors.ts';
import { pickLocale } from '../app/i18n/locales.ts';
import { translate } from '../app/i18n/resources.server.ts';

/** The request's language code, one of the supported locales. */
export function requestLanguage(req: Request): string {
  const url = new URL(req.url);
  const cookie = /(?:^|;\s*)lang=([^;]+)/.exec(req.headers.get('cookie') ?? '')?.[1];
  return pickLocale(url.searchParams.get('lang'), cookie, req.headers.get('accept-language'));
}

/** The error's message in `lang` (namespace `errors`, key `err.opts.key`), or its English message. */
export function translateError(lang: string, err: DomainError): string {
  if (!err.opts.key) return err.message;
  return translate(lang, `errors:${err.opts.key}`, { ...err.opts.params, defaultValue: err.message });
}
