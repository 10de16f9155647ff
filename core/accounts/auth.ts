/**
 * Who is calling. Access tokens are short-lived JWTs (HS256, 15 min; architecture guide
 * "Stack": jose), signed with the shop's session secret, claims `sub` (user id) and `role`.
 * API clients send them in the `accestoken` header (the specification's spelling) or as
 * `Authorization: Bearer`; the web UI keeps them in the HttpOnly `access_token` cookie.
 */
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { DomainError } from '../errors.ts';
import type { Shop } from '../shop.ts';
import { ROLES, type Role } from './schema.ts';
import { withCurrentRole } from './current-role.ts';

/** An authenticated caller. */
export type AuthUser = { userId: string; role: Role };

/** Lifetime of an access token, seconds (issue 4, item 4: 15 min). */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
/** Name of the web UI's access-token cookie. */
export const ACCESS_COOKIE = 'access_token';

const key = (secret: string) => new TextEncoder().encode(secret);

/**
 * Signs an access token for a user.
 * @param ttlSeconds lifetime (default 15 min); tests may pass a negative value to get an expired token.
 */
export async function issueAccessToken(shop: Pick<Shop, 'sessionSecret'>, user: AuthUser, ttlSeconds = ACCESS_TOKEN_TTL_S): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: user.role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.userId)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(key(shop.sessionSecret));
}

/**
 * Verifies an access token.
 * @throws {DomainError} `token_expired` (417) when expired; `unauthenticated` (401) when invalid.
 */
export async function verifyAccessToken(shop: Pick<Shop, 'sessionSecret'>, token: string): Promise<AuthUser> {
  try {
    const { payload } = await jwtVerify(token, key(shop.sessionSecret), { algorithms: ['HS256'] });
    const role = payload.role as Role;
    if (typeof payload.sub !== 'string' || !ROLES.includes(role)) throw new Error('bad claims');
    return { userId: payload.sub, role };
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw new DomainError('token_expired', 'The access token has expired', { key: 'tokenExpired' });
    throw new DomainError('unauthenticated', 'Invalid access token', { key: 'tokenInvalid' });
  }
}

/** The access token a request carries: `accestoken` header, then Bearer, then the cookie. */
export function tokenFromRequest(request: Request): string | null {
  const header = request.headers.get('accestoken');
  if (header) return header.trim();
  const auth = request.headers.get('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim();
  const cookie = new RegExp(`(?:^|;\\s*)${ACCESS_COOKIE}=([^;]+)`).exec(request.headers.get('cookie') ?? '');
  return cookie ? decodeURIComponent(cookie[1]) : null;
}

/**
 * The caller of an HTTP request.
 * @returns the caller, or null when the request carries no token.
 * @throws {DomainError} `token_expired` (417) for an expired access token, `unauthenticated`
 *   (401) for an invalid one.
 */
export async function authenticate(shop: Shop, request: Request): Promise<AuthUser | null> {
  const token = tokenFromRequest(request);
  if (!token) return null;
  const auth = await withCurrentRole(shop, await verifyAccessToken(shop, token));
  if (!auth) throw new DomainError('unauthenticated', 'Invalid access token', { key: 'tokenInvalid' });
  return auth;
}
