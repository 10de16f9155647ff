/**
 * Sessions and tokens (docs/product.md §6, §7): log in, a JWT access token (auth.ts)
 * with an opaque rotating refresh token, refresh, log out, revoking a user's sessions.
 *
 * Rules kept here, so the JSON API and the web forms behave alike:
 * - passwords: argon2id, policy of `password.ts`; unverified and blocked accounts cannot log in;
 * - the same answer for an unknown e-mail and a wrong password;
 * - a refresh token works once; presenting a spent one revokes its whole family (every token
 *   descended from the same log-in), since it means the token was stolen or replayed.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import type { Shop } from '../shop-type.ts';
import { addFailure, consumeRateLimit, countFailure, failureBudget, resetRateLimit } from '../rate-limit/index.ts';
import { parseInput as parse } from '../validation.ts';
import { bumpSessionVersion, issueAccessToken } from './auth.ts';
import { verifyDummy, verifyPassword } from './password.ts';
import type { Locale } from '../i18n/browser.ts';
import type { Role } from './roles.ts';
import { refreshTokens, users } from '../db/index.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';
import { LoginInput } from './validation.ts';
import { checkSecondFactor, mailWrongCodes, secretUnreadable, TWO_FACTOR_REQUIRED_KEY, twoFactorEnabled, twoFactorSecretReadable } from './two-factor.ts';

/** Where a request comes from: for links in mails, the mail's language and rate limits. */
export type RequestMeta = { origin: string; lang: Locale; ip: string };

/** Absolute lifetime of a session (its refresh-token family) from the log-in, seconds (30 days); each refresh issues a new token with the same expiry. */
export const REFRESH_TTL_S = 30 * 24 * 60 * 60;

/** Specification section 7 text. */
const MSG_LOGGED_IN = 'Log in successfully';

/**
 * A session: what `user/login` and `token/refresh` answer (`sessionVersion`: the account's
 * session version its access token carries).
 */
export type Session = { accesToken: string; refreshToken: string; role: Role; userId: string; familyId: string; sessionVersion: number };

/** The session version of an account (0 when it is gone). */
async function sessionVersionOf(tx: Db, userId: string): Promise<number> {
  const [u] = await tx.select({ v: users.sessionVersion }).from(users).where(eq(users.id, userId)).limit(1);
  return u?.v ?? 0;
}

/** Starts a session for a user: a new refresh-token family. */
export async function createSession(shop: Shop, user: { id: string; role: Role }, tx: Db = shop.db): Promise<Session> {
  const familyId = randomUUID();
  const refreshToken = newOpaqueToken();
  await tx
    .insert(refreshTokens)
    .values({ id: randomUUID(), userId: user.id, familyId, tokenHash: hashToken(refreshToken), expiresAt: new Date(Date.now() + REFRESH_TTL_S * 1000) });
  const sessionVersion = await sessionVersionOf(tx, user.id);
  const accesToken = await issueAccessToken(shop, { userId: user.id, role: user.role, sessionVersion });
  return { accesToken, refreshToken, role: user.role, userId: user.id, familyId, sessionVersion };
}

/** The refusal of a blocked account (log-in, refresh). Only said after a correct password. */
const accountBlocked = () => new DomainError('forbidden', 'This account is blocked. Please contact us.', { key: 'accountBlocked' });

const badCredentials = () => new DomainError('unauthenticated', 'Wrong e-mail or password', { key: 'badCredentials' });

/** The account a right password belongs to, as the log-in steps carry it. */
export type PasswordChecked = { id: string; role: Role; email: string };

/**
 * The password step of every log-in: rate limit, password (the same answer for an unknown
 * e-mail and a wrong password), blocked and unconfirmed accounts. An unconfirmed account gets
 * that same answer whether or not its password is right: telling "please confirm" apart from
 * "wrong password" would tell whoever registered an address first which password is the
 * account's (the log-in page offers a new confirmation link on every such refusal instead).
 * @throws {DomainError} `unauthenticated` (key `badCredentials`), `forbidden` (key
 *   `accountBlocked`, after a right password), `rate_limited`.
 */
export async function checkLoginPassword(shop: Shop, email: string, password: string, meta: Pick<RequestMeta, 'ip'>): Promise<PasswordChecked> {
  await consumeRateLimit(shop, 'login', meta.ip, email);
  const [u] = await shop.db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash, verified: users.emailVerifiedAt, blockedAt: users.blockedAt })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  const ok = u ? await verifyPassword(u.passwordHash, password) : await verifyDummy(password);
  if (!u || !ok || !u.verified) {
    await countFailure(shop, 'login', email); // the generous global cap per account (core/rate-limit)
    throw badCredentials();
  }
  if (u.blockedAt) throw accountBlocked();
  return { id: u.id, role: u.role, email };
}

/** The error key (namespace `account`) of an app code refused because too many were wrong. */
const TOO_MANY_CODES_KEY = 'account:twoFactor.errors.tooManyCodes';

/**
 * The second factor of a log-in whose first step passed (no-op for an account without
 * two-factor log-in). A wrong code counts as a failed log-in of the account, and a wrong app
 * code also against the account's own code budget (rate-limit bucket `totp`: 5 per 15 minutes
 * from all addresses together); once that is spent, app codes are refused until the window ends
 * (recovery codes, 80 random bits each, still work, so the owner is not locked out), and the
 * account is mailed that its password was right and the codes were not.
 * @throws {DomainError} `unauthenticated` with key {@link TWO_FACTOR_REQUIRED_KEY} when `otp` is
 *   missing or wrong (field `otp` then, key `account:twoFactor.errors.wrongCode`), or with key
 *   `account:twoFactor.errors.secretUnreadable` when the stored secret cannot be decrypted with
 *   this installation's session secret (a recovery code still works then); `rate_limited` (key
 *   {@link TOO_MANY_CODES_KEY}, field `otp`, param `minutes`) while the code budget is spent.
 */
export async function checkLoginSecondFactor(shop: Shop, user: PasswordChecked, otp: string | undefined): Promise<void> {
  if (!(await twoFactorEnabled(shop.db, user.id))) return;
  if (!otp) throw new DomainError('unauthenticated', 'Enter the code of your authenticator app', { key: TWO_FACTOR_REQUIRED_KEY });
  const appCode = /^\d{6}$/.test(otp.trim());
  if (appCode) {
    const budget = await failureBudget(shop, 'totp', user.id);
    if (budget.left <= 0) {
      const minutes = Math.max(1, Math.ceil(budget.retryInS / 60));
      throw new DomainError('rate_limited', `Too many wrong codes. Wait ${minutes} minutes, or log in with a recovery code.`, {
        key: TOO_MANY_CODES_KEY,
        params: { minutes },
        fields: { otp: { key: TOO_MANY_CODES_KEY, params: { minutes } } },
      });
    }
  }
  if (await checkSecondFactor(shop, user.id, otp)) return;
  await countFailure(shop, 'login', user.email);
  if (appCode) {
    const spent = await addFailure(shop, 'totp', user.id);
    // once per window, when the budget runs out: the owner learns that the password is known
    if (spent.count === spent.limit) await mailWrongCodes(shop, user.id, spent.count);
  }
  if (appCode && !(await twoFactorSecretReadable(shop, user.id))) throw secretUnreadable();
  throw new DomainError('unauthenticated', 'The code is wrong or has expired', {
    key: TWO_FACTOR_REQUIRED_KEY,
    fields: { otp: { key: 'account:twoFactor.errors.wrongCode' } },
  });
}

/** The last step of a log-in: the account's failure counters are reset and its session starts. */
export async function finishLogin(shop: Shop, user: PasswordChecked, meta: Pick<RequestMeta, 'ip'>): Promise<Session & { message: string }> {
  await resetRateLimit(shop, 'login', user.email, meta.ip);
  const session = await createSession(shop, user);
  return { ...session, message: MSG_LOGGED_IN };
}

/**
 * Logs a user in (`user/login`, `/login`) in one request: e-mail, password and, for an account
 * with two-factor log-in, `otp`.
 * @returns the session; `message` is "Log in successfully".
 * @throws {DomainError} `unauthenticated` (401) with one message for an unknown e-mail, a wrong
 *   password and an unconfirmed account; `unauthenticated` with key {@link TWO_FACTOR_REQUIRED_KEY} when the account uses
 *   two-factor log-in and `otp` is missing or wrong (field `otp` then), or key
 *   `account:twoFactor.errors.secretUnreadable` ({@link checkLoginSecondFactor}); `invalid` for
 *   missing fields; `rate_limited` (429).
 */
export async function login(shop: Shop, input: unknown, meta: Pick<RequestMeta, 'ip'>): Promise<Session & { message: string }> {
  const { email, password, otp } = parse(LoginInput, input);
  const user = await checkLoginPassword(shop, email, password, meta);
  await checkLoginSecondFactor(shop, user, otp);
  return finishLogin(shop, user, meta);
}

const refreshRefused = () => new DomainError('unauthenticated', 'Your session has ended, please log in again', { key: 'sessionEnded' });

/**
 * Rotates a refresh token (`token/refresh`): the token is spent and a new one of the same family
 * is issued with a fresh access token (carrying the user's current role).
 * Presenting a spent token revokes the whole family (theft or replay).
 * @throws {DomainError} `unauthenticated` (401) for an unknown, expired, revoked or reused token.
 */
export async function refreshSession(shop: Shop, refreshToken: unknown): Promise<Session> {
  if (typeof refreshToken !== 'string' || refreshToken.length < 20 || refreshToken.length > 200) throw refreshRefused();
  const result = await shop.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
      .for('update')
      .limit(1);
    if (!row) return null;
    if (row.revokedAt || row.expiresAt <= new Date()) return null;
    if (row.usedAt) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return 'reused' as const;
    }
    const [u] = await tx
      .select({ id: users.id, role: users.role, blockedAt: users.blockedAt, sessionVersion: users.sessionVersion })
      .from(users)
      .where(eq(users.id, row.userId))
      .limit(1);
    if (!u || u.blockedAt) return null;
    await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    const next = newOpaqueToken();
    await tx
      .insert(refreshTokens)
      // the family keeps the expiry of its log-in: a session lives 30 days at most, however often it is refreshed
      .values({ id: randomUUID(), userId: u.id, familyId: row.familyId, tokenHash: hashToken(next), expiresAt: row.expiresAt });
    return { refreshToken: next, familyId: row.familyId, user: { id: u.id, role: u.role, sessionVersion: u.sessionVersion } };
  });
  if (result === 'reused') {
    shop.log.warn({ event: 'refresh_token_reuse' }, 'a spent refresh token was presented again; its session family is revoked');
    throw refreshRefused();
  }
  if (!result) throw refreshRefused();
  const { id, role, sessionVersion } = result.user;
  const accesToken = await issueAccessToken(shop, { userId: id, role, sessionVersion });
  return { accesToken, refreshToken: result.refreshToken, role, userId: id, familyId: result.familyId, sessionVersion };
}

/** The family of a refresh token, or null. */
export async function familyOf(db: Db, refreshToken: string): Promise<{ familyId: string; userId: string } | null> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
    .limit(1);
  return row ?? null;
}

/**
 * Logs out: revokes the session family of a refresh token (unknown tokens are ignored) and bumps
 * the account's session version, so the session's access token ends now, not in 15 minutes. The
 * account's other sessions get a new access token on their next refresh.
 */
export async function logout(shop: Shop, refreshToken: string | null | undefined): Promise<void> {
  if (!refreshToken) return;
  const fam = await familyOf(shop.db, refreshToken);
  if (!fam) return;
  await shop.db.transaction(async (tx) => {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, fam.familyId), isNull(refreshTokens.revokedAt)));
    await bumpSessionVersion(tx, fam.userId);
  });
}

/**
 * Revokes every session of a user, except the family `keepFamilyId` when given, and bumps the
 * session version so every access token issued so far ends at once (the kept session refreshes).
 */
export async function revokeSessions(tx: Db, userId: string, keepFamilyId?: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined));
  await bumpSessionVersion(tx, userId);
}
