/**
 * Names of the shop's own HttpOnly cookies: whenever the shop is served
 * over HTTPS (`PUBLIC_URL` is https), they carry the `__Host-` prefix, so the browser accepts
 * them only when Secure, with `Path=/` and without `Domain` — a sibling sub-domain or a
 * plain-HTTP page cannot plant or overwrite a session or cart cookie. Over plain HTTP (development,
 * tests, a production start on `http://localhost`) the plain names are used, since browsers refuse
 * `__Host-` cookies that are not Secure.
 *
 * Every writer and reader (server/app.ts, server/session.ts, core/accounts/auth.ts, the logout
 * route) goes through {@link cookieName}; a cookie under the other spelling is ignored.
 */
import type { Env } from '../config/index.ts';

/** Base name of the web UI's 15-minute access-token cookie. */
export const ACCESS_COOKIE = 'access_token';
/** Base name of the web UI's rotating refresh-token cookie (30 days). */
export const REFRESH_COOKIE = 'refresh_token';
/** Base name of the anonymous cart id cookie (90 days). */
export const CART_COOKIE = 'cart_id';
/** Base name of the "anonymous cart has items" hint (server/page-cache.ts). */
export const CART_HINT_COOKIE = 'cart_items';

/**
 * Base name of the readable "personal part" hint (not HttpOnly, it holds no secret): this browser
 * holds a session or a filled anonymous cart. Set (value `1`) and cleared by the server whenever
 * the session/cart-hint cookies are (server/personal-hint.ts); the page's script turns it into
 * {@link PERSONAL_HINT_SCRIPTS} (app/lib/personal.ts). Only then do storefront pages come from
 * the shared page cache for such a visitor (rendered for nobody; the script fetches the personal
 * part, the root loader's user and cart, in one small request). A browser without JavaScript
 * keeps `1` and keeps getting its own rendered pages (ADR 027).
 */
export const PERSONAL_HINT_COOKIE = 'personal';

/** Lifetime of {@link PERSONAL_HINT_COOKIE}, seconds (90 days, like the cart cookie); server and script write it so. */
export const PERSONAL_HINT_MAX_AGE_S = 60 * 60 * 24 * 90;

/** Value of {@link PERSONAL_HINT_COOKIE} written by the page's script: this browser runs scripts. */
export const PERSONAL_HINT_SCRIPTS = '2';

/** The prefix browsers enforce for host-only Secure cookies. */
export const HOST_PREFIX = '__Host-';

/** Whether the shop's cookies carry the `__Host-` prefix: `PUBLIC_URL` is https. */
function hostPrefixed(env: Pick<Env, 'PUBLIC_URL'>): boolean {
  return Boolean(env.PUBLIC_URL?.startsWith('https:'));
}

/**
 * The name a cookie has in this shop: `__Host-<base>` when {@link hostPrefixed}, else `base`.
 * Pure: reads only `env.PUBLIC_URL`.
 */
export function cookieName(base: string, env: Pick<Env, 'PUBLIC_URL'>): string {
  return hostPrefixed(env) ? `${HOST_PREFIX}${base}` : base;
}
