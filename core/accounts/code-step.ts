/**
 * The web log-in in two steps for an account with two-factor log-in, as plain form posts (no
 * scripts needed): the password step answers a short-lived signed token instead of a session,
 * and the code step posts that token with the authenticator code (or a recovery code). The
 * password never travels to the second page.
 *
 * The token is a JWT (HS256, jose) signed with a key derived from the session secret for this
 * purpose only (so it is never mistaken for an access token), valid {@link CODE_STEP_TTL_S}
 * seconds, and bound to the account's state: its password hash, block status and second-factor
 * use (last TOTP step, unused recovery codes). So it dies with a password change, a block, and
 * once a code has logged in with it (single use without a table); a wrong code leaves it usable
 * for another try, within the log-in rate limit.
 */
import { createHash, hkdfSync } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { recoveryCodes, twoFactor, users } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { consumeRateLimit } from '../rate-limit/index.ts';
import type { Shop } from '../shop-type.ts';
import { parseInput as parse } from '../validation.ts';
import { confirmEmail } from './registration.ts';
import { checkLoginPassword, checkLoginSecondFactor, createSession, finishLogin, type PasswordChecked, type RequestMeta, type Session } from './sessions.ts';
import { twoFactorEnabled } from './two-factor.ts';
import { LoginInput } from './validation.ts';

/** Lifetime of the code step's token, seconds (5 min). */
const CODE_STEP_TTL_S = 5 * 60;

/** The error key (namespace `account`) of a code step whose token has expired, was used or is forged. */
export const CODE_STEP_EXPIRED_KEY = 'account:twoFactor.errors.stepExpired';

const AUDIENCE = 'login-code-step';
const keys = new Map<string, Uint8Array>();

/** The token's HMAC key: HKDF-SHA-256 of the session secret, bound to this purpose. */
function keyOf(sessionSecret: string): Uint8Array {
  let k = keys.get(sessionSecret);
  if (!k) {
    k = new Uint8Array(hkdfSync('sha256', sessionSecret, 'casa-tabaco', 'login-code-step-v1', 32));
    keys.set(sessionSecret, k);
  }
  return k;
}

const stepExpired = () =>
  new DomainError('unauthenticated', 'This log-in step has expired: enter your e-mail and password again', { key: CODE_STEP_EXPIRED_KEY });

/**
 * A fingerprint of what the token is bound to (SHA-256, base64url, 22 characters): changes with
 * the password, a block, an erasure and every second factor spent; null when the account is gone.
 */
async function accountState(shop: Pick<Shop, 'db'>, userId: string): Promise<{ state: string; user: PasswordChecked; usable: boolean } | null> {
  const [u] = await shop.db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      passwordHash: users.passwordHash,
      verified: users.emailVerifiedAt,
      blockedAt: users.blockedAt,
      anonymisedAt: users.anonymisedAt,
      lastStep: twoFactor.lastTimeStep,
      codesLeft: sql<number>`(select count(*)::int from ${recoveryCodes} where ${and(eq(recoveryCodes.userId, users.id), isNull(recoveryCodes.usedAt))})`,
    })
    .from(users)
    .leftJoin(twoFactor, eq(twoFactor.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!u) return null;
  const state = createHash('sha256')
    .update([u.passwordHash, u.blockedAt?.toISOString() ?? '', u.anonymisedAt?.toISOString() ?? '', u.lastStep ?? '', u.codesLeft].join('|'))
    .digest('base64url')
    .slice(0, 22);
  return { state, user: { id: u.id, role: u.role, email: u.email }, usable: Boolean(u.verified) && !u.blockedAt && !u.anonymisedAt };
}

/**
 * Signs the token that lets `userId` continue to the code step (after a right password, or a
 * confirmation link of an account with two-factor log-in).
 * @param ttlSeconds lifetime (default {@link CODE_STEP_TTL_S}); tests pass a negative one for an expired token.
 * @returns the compact JWT, to put in the code step's hidden `token` field.
 * @throws {DomainError} `not_found` when the account does not exist.
 */
export async function issueCodeStepToken(shop: Pick<Shop, 'db' | 'sessionSecret'>, userId: string, ttlSeconds = CODE_STEP_TTL_S): Promise<string> {
  const s = await accountState(shop, userId);
  if (!s) throw new DomainError('not_found', 'User not found', { key: 'userNotFound' });
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ st: s.state })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(keyOf(shop.sessionSecret));
}

/**
 * The account a code-step token stands for, if it is still valid for the account as it is now.
 * @throws {DomainError} `unauthenticated` (key {@link CODE_STEP_EXPIRED_KEY}) for an expired,
 *   forged, altered or spent token.
 */
async function readCodeStepToken(shop: Pick<Shop, 'db' | 'sessionSecret'>, token: unknown): Promise<PasswordChecked> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 2000) throw stepExpired();
  let sub: string;
  let st: unknown;
  try {
    const { payload } = await jwtVerify(token, keyOf(shop.sessionSecret), { algorithms: ['HS256'], audience: AUDIENCE });
    if (typeof payload.sub !== 'string') throw new Error('no subject');
    sub = payload.sub;
    st = payload.st;
  } catch {
    throw stepExpired();
  }
  const s = await accountState(shop, sub);
  if (!s || !s.usable || s.state !== st) throw stepExpired();
  return s.user;
}

/** What the password step of the web log-in answers: a session, or the token of the code step. */
export type WebLoginStep = { session: Session & { message: string } } | { codeStepToken: string; email: string };

/**
 * The password step of the web log-in (`/login`). An account with two-factor log-in gets the
 * code step's token (no session yet) unless `otp` came with the password (a one-request post,
 * as the API takes it).
 * @throws {DomainError} as {@link checkLoginPassword} and {@link checkLoginSecondFactor}; `invalid`
 *   for missing fields.
 */
export async function startWebLogin(shop: Shop, input: unknown, meta: Pick<RequestMeta, 'ip'>): Promise<WebLoginStep> {
  const { email, password, otp } = parse(LoginInput, input);
  const user = await checkLoginPassword(shop, email, password, meta);
  if (!otp && (await twoFactorEnabled(shop.db, user.id))) return { codeStepToken: await issueCodeStepToken(shop, user.id), email };
  await checkLoginSecondFactor(shop, user, otp);
  return { session: await finishLogin(shop, user, meta) };
}

/**
 * The code step of the web log-in: the token of {@link startWebLogin} and a TOTP code or a
 * recovery code.
 * @returns the session.
 * @throws {DomainError} `unauthenticated` (key {@link CODE_STEP_EXPIRED_KEY}) for a dead token;
 *   the refusals of {@link checkLoginSecondFactor} for a wrong or unreadable code (the token
 *   stays usable then); `forbidden` (key `accountBlocked`); `rate_limited`.
 */
export async function finishWebLogin(
  shop: Shop,
  input: { token: unknown; otp: unknown },
  meta: Pick<RequestMeta, 'ip'>,
): Promise<Session & { message: string }> {
  const user = await readCodeStepToken(shop, input.token);
  await consumeRateLimit(shop, 'login', meta.ip, user.email);
  const otp = typeof input.otp === 'string' ? input.otp.trim().slice(0, 64) : '';
  if (!otp)
    throw new DomainError('invalid', 'Enter the code of your authenticator app', {
      key: 'account:twoFactor.errors.required',
      fields: { otp: { key: 'account:twoFactor.errors.required' } },
    });
  await checkLoginSecondFactor(shop, user, otp);
  return finishLogin(shop, user, meta);
}

/** What a confirmation link leads to: a session, the code step, or a plain "confirmed, log in". */
export type ConfirmOutcome =
  | { kind: 'session'; session: Session; redirectTo: string | null; cartKey: string | null; userId: string }
  | { kind: 'codeStep'; codeStepToken: string; email: string; redirectTo: string | null }
  | { kind: 'confirmed'; redirectTo: string | null };

/**
 * Confirms an address with a confirmation link (`/confirm/{token}`) and signs the customer in, as
 * the log-in does, so a new customer goes on to where they registered from (e.g. `/payment`)
 * without logging in again. The link is single use and valid 48 h (core/accounts/registration.ts),
 * and signs in only:
 * - on the first confirmation of the address (any other open link of the account is spent with it);
 * - an account that is not blocked or erased;
 * - without two-factor log-in: an account with it gets the code step's token instead (the link
 *   stands for the password, never for the code);
 * - never an admin without two-factor log-in: admins log in with their password.
 * @returns the outcome with the link's same-site `redirectTo` and, for a session, the
 *   registration's anonymous cart key (the caller merges it into the account's cart).
 * @throws {DomainError} `invalid` (key `linkInvalid`); `rate_limited`.
 */
export async function signInWithConfirmation(shop: Shop, token: unknown, meta: Pick<RequestMeta, 'ip'>): Promise<ConfirmOutcome> {
  const c = await confirmEmail(shop, token, meta);
  if (!c.firstConfirmation || !c.usable) return { kind: 'confirmed', redirectTo: c.redirectTo };
  if (await twoFactorEnabled(shop.db, c.userId))
    return { kind: 'codeStep', codeStepToken: await issueCodeStepToken(shop, c.userId), email: c.email, redirectTo: c.redirectTo };
  if (c.role === 'Admin') return { kind: 'confirmed', redirectTo: c.redirectTo };
  const session = await createSession(shop, { id: c.userId, role: c.role });
  return { kind: 'session', session, redirectTo: c.redirectTo, cartKey: c.cartKey, userId: c.userId };
}
