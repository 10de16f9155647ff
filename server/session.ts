/**
 * The web UI's session (docs/architecture.md, "Security rules"): two HttpOnly, SameSite=Lax cookies
 * (Secure in production), never a token in localStorage:
 * - `access_token`: the 15-minute JWT (pages only: the JSON API reads header tokens, never this cookie);
 * - `refresh_token`: the opaque rotating refresh token (30 days).
 * Over HTTPS both are named with the `__Host-` prefix (core/accounts/cookies.ts `cookieName`).
 *
 * {@link webSession} resolves the signed-in user of a page request; when the access token is
 * missing or expired but the refresh token is valid, it rotates the refresh token and sets both
 * cookies on the response (server/app.ts copies cookies set on `c` onto the router's response).
 * Concurrent requests carrying the same refresh token share one rotation, so a page that loads
 * several resources at once does not look like a replayed token.
 */
import type { Context } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import {
  ACCESS_COOKIE,
  ACCESS_TOKEN_TTL_S,
  REFRESH_COOKIE,
  REFRESH_TTL_S,
  cookieName,
  currentAccount,
  refreshSession,
  sessionCookieOptions,
  verifyAccessToken,
  type AuthUser,
  type Session,
} from '../core/accounts/index.ts';
import type { Shop } from '../core/shop.ts';
import { secureTransport } from '../core/config/index.ts';
import { currentAccountWithCart, type Cart } from '../core/cart/index.ts';

/** How long a rotation result is shared with concurrent requests, ms. */
const SHARE_MS = 10_000;
const inflight = new Map<string, { at: number; result: Promise<Session> }>();

function rotateOnce(shop: Shop, refreshToken: string): Promise<Session> {
  const now = Date.now();
  for (const [k, v] of inflight) if (now - v.at > SHARE_MS) inflight.delete(k);
  const hit = inflight.get(refreshToken);
  if (hit) return hit.result;
  const result = refreshSession(shop, refreshToken);
  inflight.set(refreshToken, { at: now, result });
  result.catch(() => undefined);
  return result;
}

/**
 * The signed-in user of a page request, or null; refreshes the cookies when needed and clears
 * them when the session has ended.
 */
export async function webSession(shop: Shop, c: Context): Promise<AuthUser | null> {
  return (await webSessionAndCart(shop, c, false)).auth;
}

/**
 * {@link webSession}, and with `withCart` the signed-in user's cart read by the same statement
 * as the account check (core/cart/session-cart.ts; ADR 015): a GET page's root loader and the
 * personal part then send no cart read of their own. The cart is null without `withCart`, without
 * a session, and after a refresh-token rotation (the caller reads it then).
 * @param withCart only for requests that change nothing (GET, HEAD): an action's page would show
 *   the cart as it was before the action.
 */
export async function webSessionAndCart(shop: Shop, c: Context, withCart: boolean): Promise<{ auth: AuthUser | null; cart: Cart | null }> {
  const production = secureTransport(shop.env);
  const accessName = cookieName(ACCESS_COOKIE, shop.env);
  const refreshName = cookieName(REFRESH_COOKIE, shop.env);
  const none = { auth: null, cart: null };
  // logging out: never rotate (new cookies would be appended after the ones that clear the session)
  if (c.req.path === '/logout' || c.req.path === '/logout.data') return none;
  const access = getCookie(c, accessName);
  if (access) {
    let claimed: AuthUser | null = null;
    try {
      claimed = await verifyAccessToken(shop, access);
    } catch {
      // expired or invalid: try the refresh token below
    }
    if (claimed) {
      // a blocked or erased account's session ends at once, not when its token expires
      let stale = false;
      if (withCart) {
        const current = await currentAccountWithCart(shop.db, claimed);
        if (current && current !== 'stale') return { auth: current.user, cart: current.cart };
        stale = current === 'stale';
      } else {
        const current = await currentAccount(shop, claimed);
        if (current && current !== 'stale') return { auth: current, cart: null };
        stale = current === 'stale';
      }
      // a token from before a log-out or password change elsewhere: the refresh token decides below
      if (!stale) {
        deleteCookie(c, accessName, { path: '/', secure: production });
        deleteCookie(c, refreshName, { path: '/', secure: production });
        return none;
      }
    }
  }
  const refresh = getCookie(c, refreshName);
  if (!refresh) {
    if (access) deleteCookie(c, accessName, { path: '/', secure: production });
    return none;
  }
  try {
    const s = await rotateOnce(shop, refresh);
    setCookie(c, accessName, s.accesToken, sessionCookieOptions(production, ACCESS_TOKEN_TTL_S));
    setCookie(c, refreshName, s.refreshToken, sessionCookieOptions(production, REFRESH_TTL_S));
    // the effective role (an admin still to set up two-factor log-in is a Customer), as every other request gets it
    const current = await currentAccount(shop, { userId: s.userId, sessionVersion: s.sessionVersion });
    if (!current || current === 'stale') throw new Error('session ended during refresh');
    return { auth: current, cart: null };
  } catch {
    deleteCookie(c, accessName, { path: '/', secure: production });
    deleteCookie(c, refreshName, { path: '/', secure: production });
    return none;
  }
}
