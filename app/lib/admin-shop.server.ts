/** Server helpers shared by the admin catalogue, order and dashboard pages (namespace `adminshop`). */
import { DomainError } from '../../core/errors.ts';
import { translate, translateError } from '../i18n/resources.server.ts';

/**
 * A domain error in the admin's language: the `adminshop:errors.<key>` text when there is one,
 * else the shared `errors` catalogue, else the English message.
 */
export function adminError(lang: string, e: DomainError): string {
  const key = e.opts.key;
  const fallback = translateError(lang, e);
  return key ? translate(lang, `adminshop:errors.${key}`, { ...e.opts.params, defaultValue: fallback }) : fallback;
}
