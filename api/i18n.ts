/**
 * The request's language, decided once at the edge (ADR 016): {@link edgeLocale} is the first
 * middleware of the pages' chain (server/app.ts) and of the JSON chain (server/api-chain.ts: the
 * API and the personal part), and puts `locale` on the context; every later step (the body
 * limit, the cross-site check, the pages, the API's messages "in the request's language",
 * docs/api.md) reads `c.get('locale')`. The page-cache front door, which runs before Hono, calls
 * the same core `requestLocale` with the same inputs.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { LANG_COOKIE, requestLocale, type Locale } from '../core/i18n/browser.ts';
export { translateError, translateFields } from '../core/i18n/index.ts';

/** The request's language: `?lang=`, the `lang` cookie (Hono's `getCookie`), `Accept-Language`, English (core/i18n `requestLocale`). */
export function requestLanguage(c: Context): Locale {
  return requestLocale({ url: c.req.url, langCookie: getCookie(c, LANG_COOKIE), acceptLanguage: c.req.header('accept-language') });
}

/** Middleware: sets `locale` on the context from the request ({@link requestLanguage}), once. */
export function edgeLocale(): MiddlewareHandler<{ Variables: { locale: Locale } }> {
  return async (c, next) => {
    c.set('locale', requestLanguage(c));
    await next();
  };
}
