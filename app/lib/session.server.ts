/** Session cookies for route actions (the web UI's HttpOnly cookies; see core/accounts/session-cookies.ts). */
export { cartCookieHeader, clearSessionCookieHeaders, refreshTokenFromRequest, sessionCookieHeaders } from '../../core/accounts/index.ts';
