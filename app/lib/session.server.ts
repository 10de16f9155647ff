/** Session cookies for route actions (the web UI's HttpOnly cookies; see server/session.ts). */
export { cartCookieHeader, clearSessionCookieHeaders, refreshTokenFromRequest, sessionCookieHeaders } from '../../server/session.ts';
