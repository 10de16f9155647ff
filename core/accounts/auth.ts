/**
 * Who is calling. Access tokens are short-lived JWTs (HS256, 15 min; docs/architecture.md
 * "Stack": jose), signed with the shop's session secret, claims `sub` (user id), `role` and `sv`
 * (the account's session version when it was issued: a log-out, a password change or reset and a
 * two-factor change bump the version, so the tokens issued before are refused at once).
 * API clients send them in the `accestoken` header (the specification's spelling) or as
 * `Authorization: Bearer`; the web UI keeps them in the HttpOnly `access_token` cookie, which
 * only the pages read (server/session.ts), behind their Origin / `Sec-Fetch-Site` check. The JSON
 * API never reads the cookie: a page on a sibling origin (another port, a sub-domain) could
 * otherwise post `text/plain` JSON with an admin's cookie (docs/api.md, "Authentication").
 */
import { eq, sql } from 'drizzle-orm';
import { PreparedSql, type Db, ROLES, users, type Role, securityPolicy, twoFactor } from '../db/index.ts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { DomainError } from '../errors.ts';
import type { Shop } from '../shop-type.ts';

/**
 * An authenticated caller. `role` is the *effective* role: an admin who must still set up
 * two-factor log-in (the shop requires it of every admin) is a `Customer` until they do, and
 * carries `twoFactorSetupPending` so the admin pages can send them to the set-up.
 * `sessionVersion` is the version a token was issued under (absent: 0).
 */
export type AuthUser = { userId: string; role: Role; sessionVersion?: number; twoFactorSetupPending?: boolean };

/** Lifetime of an access token, seconds (15 min). */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export { ACCESS_COOKIE } from './cookies.ts';

const keys = new Map<string, Promise<CryptoKey>>();

/**
 * The HS256 key of a session secret, imported into WebCrypto once per secret (given the
 * raw bytes, jose imports them again on every signature and every verification of a request).
 */
function key(secret: string): Promise<CryptoKey> {
  let k = keys.get(secret);
  if (!k) {
    k = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, k);
  }
  return k;
}

/**
 * Signs an access token for a user.
 * @param ttlSeconds lifetime (default 15 min); tests may pass a negative value to get an expired token.
 */
export async function issueAccessToken(shop: Pick<Shop, 'sessionSecret'>, user: AuthUser, ttlSeconds = ACCESS_TOKEN_TTL_S): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: user.role, sv: user.sessionVersion ?? 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.userId)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(await key(shop.sessionSecret));
}

/**
 * Verifies an access token.
 * @throws {DomainError} `token_expired` (417) when expired; `unauthenticated` (401) when invalid.
 */
export async function verifyAccessToken(shop: Pick<Shop, 'sessionSecret'>, token: string): Promise<AuthUser> {
  try {
    const { payload } = await jwtVerify(token, await key(shop.sessionSecret), { algorithms: ['HS256'] });
    const role = payload.role as Role;
    const sv = payload.sv ?? 0;
    if (typeof payload.sub !== 'string' || !ROLES.includes(role) || typeof sv !== 'number') throw new Error('bad claims');
    return { userId: payload.sub, role, sessionVersion: sv };
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw new DomainError('token_expired', 'The access token has expired', { key: 'tokenExpired' });
    throw new DomainError('unauthenticated', 'Invalid access token', { key: 'tokenInvalid' });
  }
}

/**
 * The access token a request carries in its headers: `accestoken`, then `Authorization: Bearer`.
 * Cookies are ignored on purpose (see the module comment): a browser attaches them to
 * cross-origin posts, while it never adds these headers on its own.
 */
function tokenFromRequest(request: Request): string | null {
  const header = request.headers.get('accestoken');
  if (header) return header.trim();
  const auth = request.headers.get('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim();
  return null;
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
  const claimed = await verifyAccessToken(shop, token);
  const current = await currentAccount(shop, claimed);
  // issued before a log-out, a password change or a two-factor change: as good as expired (the
  // client refreshes; a logged-out session's refresh token is refused)
  if (current === 'stale') throw new DomainError('token_expired', 'The access token has expired', { key: 'tokenExpired' });
  if (!current) throw new DomainError('unauthenticated', 'Your session has ended, please log in again', { key: 'sessionEnded' });
  return current;
}

/**
 * The columns of the per-request account check ({@link currentAccount}, and the same check with
 * the cart, core/cart/session-cart.ts): role, usability, session version, and whether the account
 * is an admin who must still set up two-factor log-in (the policy and the confirmed set-up are
 * primary-key reads inside the same statement).
 */
export const accountCheckColumns = sql`${users.role} as role, (${users.blockedAt} is null and ${users.anonymisedAt} is null) as usable,
  ${users.sessionVersion} as session_version,
  (${users.role} = 'Admin'
    and exists (select 1 from ${securityPolicy} where ${securityPolicy.id} = 1 and ${securityPolicy.adminTwoFactorRequired})
    and not exists (select 1 from ${twoFactor} where ${twoFactor.userId} = ${users.id} and ${twoFactor.confirmedAt} is not null)) as setup_pending`;

/** A row of {@link accountCheckColumns}. */
export type AccountCheckRow = { role: Role; usable: boolean; session_version: number; setup_pending: boolean };

/**
 * The caller as an account-check row says it is now.
 * @returns the caller with their effective role (see {@link AuthUser}); null when the account is
 *   blocked, erased or gone; `'stale'` when the token was issued under an older session version.
 */
export function accountFromRow(claimed: Pick<AuthUser, 'userId' | 'sessionVersion'>, u: AccountCheckRow | undefined): AuthUser | null | 'stale' {
  if (!u || !u.usable) return null;
  if ((claimed.sessionVersion ?? 0) !== u.session_version) return 'stale';
  return u.setup_pending
    ? { userId: claimed.userId, role: 'Customer', sessionVersion: u.session_version, twoFactorSetupPending: true }
    : { userId: claimed.userId, role: u.role, sessionVersion: u.session_version };
}

/**
 * The look-up of {@link currentAccount}, run for every signed-in request: a named prepared
 * statement (core/db/prepared.ts), parsed and planned once per connection.
 */
const accountStatement = new PreparedSql<'userId', AccountCheckRow>(
  'shop_current_account',
  ['userId'],
  (v) => sql`select ${accountCheckColumns} from ${users} where ${users.id} = ${v.userId} limit 1`,
);

/**
 * The account behind a verified access token as it is now: one primary-key read per
 * authenticated request (the cheap path), so that blocking or erasing an account ends its
 * sessions at once instead of when the 15-minute token expires, a log-out or password change ends
 * the tokens issued before it (session version), and a role change or the admins' two-factor
 * policy applies to the next request.
 * @returns as {@link accountFromRow}: the caller with their effective role, null (session ended)
 *   or `'stale'` (token of an older session version: refresh it).
 */
export async function currentAccount(shop: Pick<Shop, 'db'>, claimed: Pick<AuthUser, 'userId' | 'sessionVersion'>): Promise<AuthUser | null | 'stale'> {
  const [u] = await accountStatement.run(shop.db, { userId: claimed.userId });
  return accountFromRow(claimed, u);
}

/**
 * Ends every access token of an account at once (inside the caller's transaction): bumps its
 * session version. Refresh tokens are revoked separately (sessions.ts `logout`, `revokeSessions`);
 * a session whose refresh token still works gets a new access token on its next refresh.
 */
export async function bumpSessionVersion(tx: Db, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId));
}
