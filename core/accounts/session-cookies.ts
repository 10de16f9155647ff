/**
 * `Set-Cookie` values of the web UI's session (docs/architecture.md, "Security rules"): the
 * HttpOnly, SameSite=Lax access and refresh cookies (Secure over https, `__Host-` names from
 * ./cookies.ts) and the anonymous cart cookie. Route actions answer them on their Response;
 * server/session.ts sets the same cookies when it refreshes a session. Lifetimes in seconds.
 */
import { parse as parseCookie, serialize } from 'hono/utils/cookie';
import { secureTransport, type Env } from '../config/index.ts';
import { ACCESS_TOKEN_TTL_S } from './auth.ts';
import { ACCESS_COOKIE, CART_COOKIE, REFRESH_COOKIE, cookieName } from './cookies.ts';
import { REFRESH_TTL_S, type Session } from './sessions.ts';

type CookieOpts = { httpOnly: true; sameSite: 'Lax'; secure: boolean; path: '/'; maxAge: number };
/** Options of the session and cart cookies: HttpOnly, SameSite=Lax, Secure over https; `maxAge` seconds (0 clears). */
export const sessionCookieOptions = (production: boolean, maxAge: number): CookieOpts => ({
  httpOnly: true,
  sameSite: 'Lax',
  secure: production,
  path: '/',
  maxAge,
});

type CookieEnv = Pick<Env, 'NODE_ENV' | 'PUBLIC_URL'>;

/** `Set-Cookie` values that start a web session (for route actions that answer a Response). */
export function sessionCookieHeaders(session: Pick<Session, 'accesToken' | 'refreshToken'>, env: CookieEnv): string[] {
  const secure = secureTransport(env);
  return [
    serialize(cookieName(ACCESS_COOKIE, env), session.accesToken, sessionCookieOptions(secure, ACCESS_TOKEN_TTL_S)),
    serialize(cookieName(REFRESH_COOKIE, env), session.refreshToken, sessionCookieOptions(secure, REFRESH_TTL_S)),
  ];
}

/** `Set-Cookie` values that end a web session. */
export function clearSessionCookieHeaders(env: CookieEnv): string[] {
  const secure = secureTransport(env);
  return [
    serialize(cookieName(ACCESS_COOKIE, env), '', sessionCookieOptions(secure, 0)),
    serialize(cookieName(REFRESH_COOKIE, env), '', sessionCookieOptions(secure, 0)),
  ];
}

/** Lifetime of the anonymous cart cookie, seconds (90 days). */
export const CART_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 90;

/** `Set-Cookie` value giving the visitor a new anonymous cart id (after logging out). */
export function cartCookieHeader(cartId: string, env: CookieEnv): string {
  return serialize(cookieName(CART_COOKIE, env), cartId, sessionCookieOptions(secureTransport(env), CART_COOKIE_MAX_AGE_S));
}

/** The refresh token of a request's cookies (under this shop's cookie name), or null. */
export function refreshTokenFromRequest(request: Request, env: Pick<Env, 'PUBLIC_URL'>): string | null {
  return readCookie(request.headers.get('cookie'), cookieName(REFRESH_COOKIE, env));
}

/**
 * The cookies of a `Cookie` request header, by name, where no Hono context is at hand (the
 * page-cache front door's Node request, a React Router loader's `Request`). It is the parser
 * behind Hono's `getCookie`, which the server's middlewares and handlers use, so every reader of a
 * request's cookies sees the same values: the first valid value of a repeated name wins,
 * surrounding quotes are dropped, values are URI-decoded (kept as sent when not decodable), and a
 * value with characters a cookie may not hold (RFC 6265 section 4.1.1) is passed over.
 * @param header the raw `Cookie` header (may be null or undefined: no cookies).
 */
export function readCookies(header: string | null | undefined): Record<string, string | undefined> {
  return header ? parseCookie(header) : {};
}

/** The value of cookie `name` in a `Cookie` request header (URI-decoded), or null ({@link readCookies}). */
function readCookie(header: string | null | undefined, name: string): string | null {
  return (header ? parseCookie(header, name)[name] : undefined) ?? null;
}
