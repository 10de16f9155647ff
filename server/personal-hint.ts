/**
 * The readable "personal part" hint cookie (ADR 027): a middleware that keeps
 * the `personal` cookie (core/accounts/cookies.ts `PERSONAL_HINT_COOKIE`) in step with the cookies that make a visitor's pages personal —
 * the session (access and refresh token) and the filled-cart hint. After every response the app
 * sends, it works out whether the browser will hold any of them (a cookie this response sets
 * counts, one it clears does not, otherwise what the request carried) and, unless the answer is an
 * error (status 400 and above: a refused request sets no cookie), sets the hint (value
 * `1`, not HttpOnly, same lifetime as the cart cookie) or clears it.
 *
 * Why: storefront pages come from the shared page cache for signed-in visitors too. The browser
 * cannot read the HttpOnly session cookies; the hint tells the page's script to fetch its personal
 * part (app/lib/personal.ts). A visitor who holds session cookies but no hint (an old browser
 * session) is rendered normally by the app, and this middleware gives them the hint on the way.
 * A stale hint (a session the browser expired) costs one small request that answers "nobody",
 * after which it is cleared here.
 */
import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Env } from '../core/config/index.ts';
import { PERSONAL_HINT_MAX_AGE_S } from '../core/accounts/browser.ts';
import { pageCookieNames, personalCookies } from './page-cache.ts';

/**
 * What a response's `Set-Cookie` headers do to cookie `name`: `'set'`, `'cleared'` (empty value,
 * `Max-Age=0` or an `Expires` in the past) or null when they do not mention it. The last header
 * naming it wins, as in browsers.
 */
export function setCookieEffect(setCookies: readonly string[], name: string): 'set' | 'cleared' | null {
  let effect: 'set' | 'cleared' | null = null;
  for (const header of setCookies) {
    const eq = header.indexOf('=');
    if (eq < 0 || header.slice(0, eq).trim() !== name) continue;
    const parts = header.split(';');
    const value = parts[0].slice(eq + 1).trim();
    const attrs = parts.slice(1).map((a) => a.trim().toLowerCase());
    const maxAge = attrs.find((a) => a.startsWith('max-age='));
    const expires = attrs.find((a) => a.startsWith('expires='));
    const expired =
      (maxAge !== undefined && Number(maxAge.slice('max-age='.length)) <= 0) ||
      (expires !== undefined && Date.parse(expires.slice('expires='.length)) <= Date.now());
    effect = value === '' || expired ? 'cleared' : 'set';
  }
  return effect;
}

/**
 * The middleware (server/app.ts mounts it around everything the app answers, API included).
 * @param env `PUBLIC_URL` decides the `__Host-` names (core/accounts/cookies.ts).
 * @param isHttps whether the request reached the shop over HTTPS (the hint is Secure then).
 */
export function personalHint(env: Pick<Env, 'PUBLIC_URL'>, isHttps: (c: Parameters<MiddlewareHandler>[0]) => boolean): MiddlewareHandler {
  const names = pageCookieNames(env);
  const personal = personalCookies(names);
  const hint = names.personal;
  return async (c, next) => {
    await next();
    // refused or failed requests (403 cross-site posts, 4xx, 5xx) set no cookies
    if (c.res.status >= 400) return;
    // a response without a mutable header list (none of the app's) is left as it is
    let setCookies: string[];
    try {
      setCookies = c.res.headers.getSetCookie();
    } catch {
      return;
    }
    const holds = personal.some((name) => {
      const effect = setCookieEffect(setCookies, name);
      return effect === 'set' || (effect === null && getCookie(c, name) !== undefined);
    });
    const has = getCookie(c, hint) !== undefined;
    if (holds === has || setCookieEffect(setCookies, hint) !== null) return;
    try {
      setCookie(c, hint, holds ? '1' : '', { sameSite: 'Lax', secure: isHttps(c), path: '/', maxAge: holds ? PERSONAL_HINT_MAX_AGE_S : 0 });
    } catch {
      // immutable headers (a Response handed through unchanged): the next response sets it
    }
  };
}
