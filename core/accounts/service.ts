/**
 * Accounts (specification sections 1, 4, 5, 6; issue 4): registration with e-mail confirmation,
 * log in and sessions (JWT access token + opaque rotating refresh token), profile, password
 * change, forgotten password, roles.
 *
 * Rules kept here, so the JSON API and the web forms behave alike:
 * - customers are 18 or older on the day they register (Swiss date);
 * - passwords: argon2id, policy of `password.ts`;
 * - unverified accounts cannot log in; e-mail links are single use, stored hashed, valid 48 h
 *   (confirmation) or 1 h (reset);
 * - the same answer for an unknown e-mail and a wrong password (login), and whether or not an
 *   address exists (forgot password, registration of a taken address: the owner gets a mail);
 * - a refresh token works once; presenting a spent one revokes its whole family (every token
 *   descended from the same log-in), since it means the token was stolen or replayed;
 * - changing the password signs out the other sessions; a reset signs out every session.
 *
 * Every multi-row write runs in one transaction; mails are queued inside it and sent after commit.
 */
import { ensureReferralPromo } from '../promos/referral.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, eq, gt, ilike, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { recordAudit } from '../audit/service.ts';
import { DomainError } from '../errors.ts';
import type { Shop } from '../shop.ts';
import { getSettings } from '../config/service.ts';
import { deliverOutbox, queueMail } from '../mail/service.ts';
import { outbox } from '../mail/schema.ts';
import { publicOrigin } from '../config/production.ts';
import { renderLinkMail, type LinkMailKind } from '../mail/templates.ts';
import { consumeRateLimit, countFailure, resetRateLimit } from '../rate-limit/index.ts';
import { issueAccessToken } from './auth.ts';
import { assertPasswordPolicy, hashPassword, verifyDummy, verifyPassword } from './password.ts';
import { emailTokens, refreshTokens, ROLES, users, USER_STATUSES, userStatus, type Role, type UserStatus } from './schema.ts';

export { USER_STATUSES, userStatus, type UserStatus };
import { hashToken, newOpaqueToken } from './tokens.ts';
import { assertAdultForRegistration } from './age.ts';
import { Email, LoginInput, Password, ProfileInput, RegisterInput } from './validation.ts';

/** Lifetime of a confirmation link, seconds (48 h). */
export const CONFIRM_TTL_S = 48 * 60 * 60;
/** Lifetime of a password-reset link, seconds (1 h). */
export const RESET_TTL_S = 60 * 60;
/** Lifetime of a refresh token, seconds (30 days); each refresh issues a new one. */
export const REFRESH_TTL_S = 30 * 24 * 60 * 60;
/** Minimum age of a customer, years (specification section 5). */

/** Specification section 5/7 texts. */
export const MSG_CONFIRMATION_SENT = 'A confirmation email was sent, please verify';
export const MSG_LOGGED_IN = 'Log in successfully';

/** Where a request comes from: for links in mails, the mail's language and rate limits. */
export type RequestMeta = { origin: string; lang: string; ip: string };

/** A user as the shop shows it (never the password hash). */
export type PublicUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  dateOfBirth: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  role: Role;
  locale: string;
  referralCode: string | null;
  emailVerifiedAt: Date | null;
  createdAt: Date;
};

const publicColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  dateOfBirth: users.dateOfBirth,
  street: users.street,
  postalCode: users.postalCode,
  city: users.city,
  country: users.country,
  role: users.role,
  locale: users.locale,
  referralCode: users.referralCode,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
};

/** A session: what `user/login` and `token/refresh` answer. */
export type Session = { accesToken: string; refreshToken: string; role: Role; userId: string; familyId: string };

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const fields: Record<string, string> = {};
  for (const i of r.error.issues) fields[i.path.join('.') || '_'] ??= i.message;
  const [first] = Object.entries(fields);
  throw new DomainError('invalid', first ? `${first[0]}: ${first[1]}` : 'Invalid input', { key: 'invalidInput', fields });
}

const linkInvalid = () => new DomainError('invalid', 'This link is invalid, has expired or was already used', { key: 'linkInvalid', fields: { token: 'Invalid link' } });

/** Issues a single-use e-mail token for a user (inside `tx`); returns the clear token for the link. */
async function issueEmailToken(tx: Db, userId: string, purpose: 'confirm' | 'reset'): Promise<string> {
  const token = newOpaqueToken();
  const ttl = purpose === 'confirm' ? CONFIRM_TTL_S : RESET_TTL_S;
  await tx.insert(emailTokens).values({ tokenHash: hashToken(token), userId, purpose, expiresAt: new Date(Date.now() + ttl * 1000) });
  return token;
}

/**
 * Spends a single-use e-mail token atomically.
 * @returns the user id. @throws {DomainError} `invalid` (key `linkInvalid`) for an unknown, expired or used token.
 */
async function spendEmailToken(tx: Db, token: string, purpose: 'confirm' | 'reset'): Promise<string> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) throw linkInvalid();
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, new Date())))
    .returning({ userId: emailTokens.userId });
  if (!row) throw linkInvalid();
  return row.userId;
}

/**
 * Whether an e-mail token is still usable (unknown, used or expired: false), without spending it:
 * lets the reset page say at once that a link is dead.
 */
export async function emailTokenUsable(db: Db, token: string, purpose: 'confirm' | 'reset'): Promise<boolean> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) return false;
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, new Date())))
    .limit(1);
  return Boolean(row);
}

type PendingMail = { id: string; kind: LinkMailKind; to: string; link: string };

/** Queues a link mail inside `tx`. */
async function queueLinkMail(shop: Shop, tx: Db, kind: LinkMailKind, user: { email: string; firstName: string; locale: string }, link: string): Promise<PendingMail> {
  const settings = await getSettings(tx);
  const mail = renderLinkMail(kind, user.locale, { to: user.email, name: user.firstName, shop: settings.companyName, link });
  const id = await queueMail(tx, mail, Boolean(shop.env.SMTP_URL));
  return { id, kind, to: user.email, link };
}

/**
 * After commit: sends the queued mails, or (without `SMTP_URL`) prints their links to the log so
 * that whoever runs `npm start` can still confirm an account or reset a password.
 */
async function afterCommit(shop: Shop, mails: PendingMail[]): Promise<void> {
  if (mails.length === 0) return;
  if (!shop.env.SMTP_URL) {
    // the link itself only outside production (a local trial has no mail); never in a production log (issue 12)
    for (const m of mails)
      if (shop.env.NODE_ENV === 'production') shop.log.info({ mailId: m.id, kind: m.kind }, `mail kept in the outbox (no SMTP_URL): ${m.kind} link`);
      else shop.log.info({ mailId: m.id, kind: m.kind }, `mail kept in the outbox (no SMTP_URL): ${m.kind} link for ${m.to}: ${m.link}`);
    return;
  }
  try {
    await deliverOutbox(shop, mails.map((m) => m.id));
  } catch (err) {
    shop.log.warn({ err }, 'mail delivery failed; the outbox worker retries');
  }
}

const base = (origin: string) => origin.replace(/\/+$/, '');

/** The `users` row of a registration payload (names, contact, date of birth, delivery address). */
function userRow(id: string, data: RegisterInput, passwordHash: string) {
  return {
    id,
    email: data.email,
    passwordHash,
    firstName: data.firstName,
    lastName: data.lastName,
    phone: data.phone,
    dateOfBirth: data.dateOfBirth,
    street: data.address.street,
    postalCode: data.address.postalCode,
    city: data.address.city,
    country: data.address.country,
  };
}

/**
 * Registers a customer (`user/addClient`, `/register`) and sends the confirmation mail.
 * A taken address gets the same answer; its owner receives a mail instead (a new confirmation
 * link when still unverified), so registration does not reveal who has an account.
 * @param input the registration payload (validated here).
 * @returns the message "A confirmation email was sent, please verify".
 * @throws {DomainError} `invalid` for bad fields, under-18 (key `underage`, field `dateOfBirth`)
 *   or a weak password; `rate_limited` (429).
 */
export async function registerUser(shop: Shop, input: unknown, meta: RequestMeta): Promise<{ message: string; userId: string | null }> {
  const data = parse(RegisterInput, input);
  await consumeRateLimit(shop, 'register', meta.ip, data.email);
  assertAdultForRegistration(data.dateOfBirth);
  assertPasswordPolicy(data.password);
  const passwordHash = await hashPassword(data.password);
  const locale = data.locale ?? meta.lang;
  const { mails, userId } = await shop.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, data.email)).for('update').limit(1);
    if (existing) {
      if (existing.emailVerifiedAt) {
        const token = await issueEmailToken(tx, existing.id, 'reset');
        return { userId: null, mails: [await queueLinkMail(shop, tx, 'accountExists', existing, `${base(meta.origin)}/reset/${token}`)] };
      }
      const token = await issueEmailToken(tx, existing.id, 'confirm');
      return { userId: null, mails: [await queueLinkMail(shop, tx, 'confirm', existing, `${base(meta.origin)}/confirm/${token}`)] };
    }
    const id = randomUUID();
    const row = { ...userRow(id, data, passwordHash), locale };
    await tx.insert(users).values(row);
    const token = await issueEmailToken(tx, id, 'confirm');
    return { userId: id, mails: [await queueLinkMail(shop, tx, 'confirm', row, `${base(meta.origin)}/confirm/${token}`)] };
  });
  await afterCommit(shop, mails);
  return { message: MSG_CONFIRMATION_SENT, userId };
}

/**
 * Confirms an e-mail address with the token of a confirmation link (`user/confirm`, `/confirm/{token}`).
 * @returns the user's id and e-mail.
 * @throws {DomainError} `invalid` (key `linkInvalid`) for an unknown, expired or used token; `rate_limited`.
 */
export async function confirmEmail(shop: Shop, token: unknown, meta: Pick<RequestMeta, 'ip'>): Promise<{ userId: string; email: string }> {
  await consumeRateLimit(shop, 'confirm', meta.ip);
  return shop.db.transaction(async (tx) => {
    const userId = await spendEmailToken(tx, String(token ?? ''), 'confirm');
    const [u] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ userId: users.id, email: users.email });
    return u;
  });
}

/**
 * Sends a new confirmation link when the address belongs to an unverified account. The answer
 * is the same in every case.
 * @throws {DomainError} `invalid` for a malformed address; `rate_limited`.
 */
export async function resendConfirmation(shop: Shop, email: unknown, meta: RequestMeta): Promise<{ message: string }> {
  const address = parse(Email, email);
  await consumeRateLimit(shop, 'forgot', meta.ip, address);
  const mails = await shop.db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.email, address)).limit(1);
    if (!u || u.emailVerifiedAt) return [];
    const token = await issueEmailToken(tx, u.id, 'confirm');
    return [await queueLinkMail(shop, tx, 'confirm', u, `${base(meta.origin)}/confirm/${token}`)];
  });
  await afterCommit(shop, mails);
  return { message: MSG_CONFIRMATION_SENT };
}

/** Starts a session for a user: a new refresh-token family. */
export async function createSession(shop: Shop, user: { id: string; role: Role }, tx: Db = shop.db): Promise<Session> {
  const familyId = randomUUID();
  const refreshToken = newOpaqueToken();
  await tx.insert(refreshTokens).values({ id: randomUUID(), userId: user.id, familyId, tokenHash: hashToken(refreshToken), expiresAt: new Date(Date.now() + REFRESH_TTL_S * 1000) });
  const accesToken = await issueAccessToken(shop, { userId: user.id, role: user.role });
  return { accesToken, refreshToken, role: user.role, userId: user.id, familyId };
}

/** The refusal of a blocked account (log-in, refresh). Only said after a correct password. */
export const accountBlocked = () => new DomainError('forbidden', 'This account is blocked. Please contact us.', { key: 'accountBlocked' });

const badCredentials = () => new DomainError('unauthenticated', 'Wrong e-mail or password', { key: 'badCredentials' });

/**
 * Logs a user in (`user/login`, `/login`).
 * @returns the session; `message` is "Log in successfully".
 * @throws {DomainError} `unauthenticated` (401) with one message for an unknown e-mail and a wrong
 *   password; `unauthenticated` (key `emailNotConfirmed`) for a correct password of an unverified
 *   account; `invalid` for missing fields; `rate_limited` (429).
 */
export async function login(shop: Shop, input: unknown, meta: Pick<RequestMeta, 'ip'>): Promise<Session & { message: string }> {
  const { email, password } = parse(LoginInput, input);
  await consumeRateLimit(shop, 'login', meta.ip, email);
  const [u] = await shop.db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash, verified: users.emailVerifiedAt, blockedAt: users.blockedAt })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  const ok = u ? await verifyPassword(u.passwordHash, password) : await verifyDummy(password);
  if (!u || !ok) {
    await countFailure(shop, 'login', email); // the generous global cap per account (core/rate-limit)
    throw badCredentials();
  }
  if (u.blockedAt) throw accountBlocked();
  if (!u.verified)
    throw new DomainError('unauthenticated', 'Please confirm your e-mail address first: open the link we sent you, or ask for a new one', { key: 'emailNotConfirmed' });
  await resetRateLimit(shop, 'login', email, meta.ip);
  const session = await createSession(shop, u);
  return { ...session, message: MSG_LOGGED_IN };
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
    const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(refreshToken))).for('update').limit(1);
    if (!row) return null;
    if (row.revokedAt || row.expiresAt <= new Date()) return null;
    if (row.usedAt) {
      await tx.update(refreshTokens).set({ revokedAt: new Date() }).where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return 'reused' as const;
    }
    const [u] = await tx.select({ id: users.id, role: users.role, blockedAt: users.blockedAt }).from(users).where(eq(users.id, row.userId)).limit(1);
    if (!u || u.blockedAt) return null;
    await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    const next = newOpaqueToken();
    await tx.insert(refreshTokens).values({ id: randomUUID(), userId: u.id, familyId: row.familyId, tokenHash: hashToken(next), expiresAt: new Date(Date.now() + REFRESH_TTL_S * 1000) });
    return { refreshToken: next, familyId: row.familyId, user: { id: u.id, role: u.role } };
  });
  if (result === 'reused') {
    shop.log.warn({ event: 'refresh_token_reuse' }, 'a spent refresh token was presented again; its session family is revoked');
    throw refreshRefused();
  }
  if (!result) throw refreshRefused();
  const accesToken = await issueAccessToken(shop, { userId: result.user.id, role: result.user.role });
  return { accesToken, refreshToken: result.refreshToken, role: result.user.role, userId: result.user.id, familyId: result.familyId };
}

/** The family of a refresh token, or null. */
export async function familyOf(db: Db, refreshToken: string): Promise<{ familyId: string; userId: string } | null> {
  const [row] = await db.select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(refreshToken))).limit(1);
  return row ?? null;
}

/** Logs out: revokes the session family of a refresh token (unknown tokens are ignored). */
export async function logout(shop: Shop, refreshToken: string | null | undefined): Promise<void> {
  if (!refreshToken) return;
  const fam = await familyOf(shop.db, refreshToken);
  if (!fam) return;
  await shop.db.update(refreshTokens).set({ revokedAt: new Date() }).where(and(eq(refreshTokens.familyId, fam.familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every session of a user, except the family `keepFamilyId` when given. */
export async function revokeSessions(tx: Db, userId: string, keepFamilyId?: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined));
}

/**
 * A user's data (never the password hash).
 * @throws {DomainError} `not_found`.
 */
export async function getUser(db: Db, userId: string): Promise<PublicUser> {
  const [u] = await db.select(publicColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new DomainError('not_found', 'User not found', { key: 'userNotFound' });
  return u;
}

/**
 * Updates the profile (names, phone, delivery address, language) of a user.
 * @throws {DomainError} `invalid` for bad fields; `not_found`.
 */
export async function updateProfile(shop: Shop, userId: string, input: unknown): Promise<PublicUser> {
  const p = parse(ProfileInput, input);
  const [u] = await shop.db
    .update(users)
    .set({
      firstName: p.firstName,
      lastName: p.lastName,
      phone: p.phone,
      street: p.address.street,
      postalCode: p.address.postalCode,
      city: p.address.city,
      country: p.address.country,
      ...(p.locale ? { locale: p.locale } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!u) throw new DomainError('not_found', 'User not found', { key: 'userNotFound' });
  return getUser(shop.db, userId);
}

/**
 * Changes a password after checking the current one, and signs out the other sessions.
 * @param keepFamilyId the caller's own session family, kept signed in (web session); omit to revoke all.
 * @throws {DomainError} `invalid` with field `currentPassword` (key `currentPasswordWrong`) or a
 *   policy failure on `newPassword`.
 */
export async function changePassword(shop: Shop, userId: string, input: { currentPassword: unknown; newPassword: unknown }, keepFamilyId?: string): Promise<void> {
  const current = parse(Password, input.currentPassword);
  const next = parse(Password, input.newPassword);
  const [u] = await shop.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new DomainError('not_found', 'User not found', { key: 'userNotFound' });
  if (!(await verifyPassword(u.passwordHash, current))) {
    const msg = 'The current password is wrong';
    throw new DomainError('invalid', msg, { key: 'currentPasswordWrong', fields: { currentPassword: msg } });
  }
  assertPasswordPolicy(next, 'newPassword');
  const passwordHash = await hashPassword(next);
  const mails = await shop.db.transaction(async (tx) => {
    const [changed] = await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
    await revokeSessions(tx, userId, keepFamilyId);
    return [await queuePasswordChangedMail(shop, tx, changed)];
  });
  await afterCommit(shop, mails);
}

/**
 * Queues "Your password was changed" (issue 12, finding 10) in the user's language, with a link
 * to `/forgot` (built from `PUBLIC_URL`) in case it was not them. Inside the transaction that
 * changed the password, so the mail exists exactly when the change does.
 */
async function queuePasswordChangedMail(shop: Shop, tx: Db, user: { email: string; firstName: string; locale: string }): Promise<PendingMail> {
  return queueLinkMail(shop, tx, 'passwordChanged', user, `${base(publicOrigin(shop.env))}/forgot`);
}

/** The answer of `user/forgot`, the same whether or not the address exists. */
export const MSG_RESET_SENT = 'If an account exists for this address, we have sent it a link to choose a new password';

/**
 * Sends a password-reset link (`user/forgot`, `/forgot`) when the address has an account.
 * @throws {DomainError} `invalid` for a malformed address; `rate_limited`.
 */
export async function requestPasswordReset(shop: Shop, email: unknown, meta: RequestMeta): Promise<{ message: string }> {
  const address = parse(Email, email);
  await consumeRateLimit(shop, 'forgot', meta.ip, address);
  // Known and unknown addresses do the same work (issue 12, finding 10): a token is drawn and
  // hashed, the mail rendered and the same number of statements sent (no-op writes for an
  // unknown address); the mail goes out after the answer, so SMTP never shows in the timing.
  const mails = await shop.db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.email, address)).limit(1);
    if (!u) {
      await spendNothing(shop, tx, meta);
      return [];
    }
    const token = await issueEmailToken(tx, u.id, 'reset');
    return [await queueLinkMail(shop, tx, 'reset', u, `${base(meta.origin)}/reset/${token}`)];
  });
  // delivered in the background after this answer (the outbox worker retries failures)
  if (mails.length) setImmediate(() => void afterCommit(shop, mails).catch((err: unknown) => shop.log.warn({ err }, 'mail delivery failed; the outbox worker retries')));
  return { message: MSG_RESET_SENT };
}

/**
 * The work of a reset request for an address without an account, mirroring the known path
 * statement for statement: a token is drawn and hashed, the settings read and the mail rendered,
 * and two writes that change nothing stand in for the token and outbox inserts.
 */
async function spendNothing(shop: Shop, tx: Db, meta: RequestMeta): Promise<void> {
  const token = newOpaqueToken();
  const hash = hashToken(token);
  await tx.update(emailTokens).set({ usedAt: sql`${emailTokens.usedAt}` }).where(and(eq(emailTokens.tokenHash, hash), sql`false`));
  const settings = await getSettings(tx);
  renderLinkMail('reset', meta.lang, { to: 'nobody@invalid', name: '', shop: settings.companyName, link: `${base(meta.origin)}/reset/${token}` });
  await tx.update(outbox).set({ status: sql`${outbox.status}` }).where(sql`false`);
}

/**
 * An admin sends a user a password-reset link (`/admin/user/details`), in the user's language.
 * The link works like the one of "forgot password" (1 h, single use). Audited as `user.resetMail`.
 * @param actor `admin:<id>`.
 * @returns the address the mail went to.
 * @throws {DomainError} `not_found`; `conflict` (key `userErased`) for an erased account.
 */
export async function adminSendPasswordReset(shop: Shop, actor: string, userId: string, meta: Pick<RequestMeta, 'origin'>): Promise<{ email: string }> {
  const { mails, email } = await shop.db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!u) throw new DomainError('not_found', 'User not found', { key: 'userNotFound' });
    if (u.anonymisedAt) throw new DomainError('conflict', 'The personal data of this account was erased', { key: 'userErased' });
    const token = await issueEmailToken(tx, u.id, 'reset');
    const mail = await queueLinkMail(shop, tx, 'reset', u, `${base(meta.origin)}/reset/${token}`);
    await recordAudit(tx, { actor, action: 'user.resetMail', entity: 'user', entityId: u.id, after: { to: u.email } });
    return { mails: [mail], email: u.email };
  });
  await afterCommit(shop, mails);
  return { email };
}

/**
 * Sets a new password with the token of a reset link (`user/confirm-forgot`, `/reset/{token}`):
 * spends the token (and any other open reset link), revokes every session and, since the mailbox
 * was proven, marks the address verified.
 * @throws {DomainError} `invalid` (key `linkInvalid`, or a password-policy key); `rate_limited`.
 */
export async function resetPassword(shop: Shop, input: { token: unknown; password: unknown }, meta: Pick<RequestMeta, 'ip'>): Promise<{ message: string; userId: string }> {
  await consumeRateLimit(shop, 'reset', meta.ip);
  const password = parse(Password, input.password);
  assertPasswordPolicy(password);
  const passwordHash = await hashPassword(password);
  const done = await shop.db.transaction(async (tx) => {
    const id = await spendEmailToken(tx, String(input.token ?? ''), 'reset');
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, id));
    await tx.update(emailTokens).set({ usedAt: new Date() }).where(and(eq(emailTokens.userId, id), eq(emailTokens.purpose, 'reset'), isNull(emailTokens.usedAt)));
    await revokeSessions(tx, id);
    const [u] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
    return { id, mails: [await queuePasswordChangedMail(shop, tx, u)] };
  });
  await afterCommit(shop, done.mails);
  return { message: 'Your password was changed. You can log in now.', userId: done.id };
}

// ---------------------------------------------------------------- administration

/** A row of the admin user list. */
export type UserListRow = Pick<PublicUser, 'id' | 'email' | 'firstName' | 'lastName' | 'role' | 'city' | 'emailVerifiedAt' | 'createdAt' | 'referralCode'> & {
  blockedAt: Date | null;
  anonymisedAt: Date | null;
};

function statusCondition(status: UserStatus) {
  switch (status) {
    case 'erased':
      return isNotNull(users.anonymisedAt);
    case 'blocked':
      return and(isNull(users.anonymisedAt), isNotNull(users.blockedAt));
    case 'unverified':
      return and(isNull(users.anonymisedAt), isNull(users.blockedAt), isNull(users.emailVerifiedAt));
    case 'active':
      return and(isNull(users.anonymisedAt), isNull(users.blockedAt), isNotNull(users.emailVerifiedAt));
  }
}

/**
 * Users for the admin list, newest first, optionally filtered by a text (name or e-mail; both
 * names together too, e.g. "Ana Diaz"), role and status.
 * @param page 1-based.
 */
export async function listUsers(
  db: Db,
  opts: { q?: string; role?: Role; status?: UserStatus; page?: number; pageSize?: number } = {},
): Promise<{ rows: UserListRow[]; total: number }> {
  const pageSize = opts.pageSize ?? 25;
  const page = Math.max(1, opts.page ?? 1);
  const q = opts.q?.trim();
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    like
      ? or(ilike(users.email, like), ilike(users.firstName, like), ilike(users.lastName, like), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like))
      : undefined,
    opts.role ? eq(users.role, opts.role) : undefined,
    opts.status ? statusCondition(opts.status) : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      city: users.city,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
      referralCode: users.referralCode,
      blockedAt: users.blockedAt,
      anonymisedAt: users.anonymisedAt,
    })
    .from(users)
    .where(where)
    .orderBy(sql`${users.createdAt} desc`, asc(users.email))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: n };
}

/** A new referral code: 8 characters of an unambiguous alphabet. */
function newReferralCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * Sets a user's role (admin). Influencers and Admins get a referral code when they have none.
 * The role applies from the user's next request (every authenticated request reads the account,
 * `currentAccount` in auth.ts). Audited as `user.role` when `actor` is given.
 * @param actor `admin:<id>` of the admin making the change (audit log).
 * @throws {DomainError} `invalid` for an unknown role; `not_found`.
 */
export async function setRole(db: Db, userId: string, role: unknown, actor?: string): Promise<PublicUser> {
  const r = parse(z.enum(ROLES), role);
  await db.transaction(async (tx) => {
    const [u] = await tx.select({ id: users.id, role: users.role, referralCode: users.referralCode }).from(users).where(eq(users.id, userId)).for('update').limit(1);
    if (!u) throw new DomainError('not_found', 'User not found', { key: 'userNotFound' });
    const referralCode = r !== 'Customer' && !u.referralCode ? newReferralCode() : null;
    await tx
      .update(users)
      .set({ role: r, ...(referralCode ? { referralCode } : {}), updatedAt: new Date() })
      .where(eq(users.id, userId));
    if (actor && u.role !== r) await recordAudit(tx, { actor, action: 'user.role', entity: 'user', entityId: userId, before: { role: u.role }, after: { role: r } });
    if (referralCode) await ensureReferralPromo(tx, userId, referralCode);
  });
  return getUser(db, userId);
}

/** What an admin enters to create a user: the registration fields plus a role. */
export const AdminCreateInput = RegisterInput.extend({ role: z.enum(ROLES).default('Customer') });

/**
 * Creates a verified account (admin, `/admin/user/add`): the admin vouches for the address, so
 * no confirmation mail is sent. The age rule still applies.
 * @throws {DomainError} `invalid` for bad fields, under-18, weak password; `conflict` (409) when
 *   the e-mail is taken.
 */
export async function adminCreateUser(db: Db, input: unknown, actor?: string): Promise<PublicUser> {
  const data = parse(AdminCreateInput, input);
  assertAdultForRegistration(data.dateOfBirth);
  assertPasswordPolicy(data.password);
  const passwordHash = await hashPassword(data.password);
  const id = randomUUID();
  const referralCode = data.role === 'Customer' ? null : newReferralCode();
  await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, data.email)).limit(1);
    if (taken) {
      const msg = 'An account with this e-mail address exists already';
      throw new DomainError('conflict', msg, { key: 'emailTaken', fields: { email: msg } });
    }
    await tx.insert(users).values({
      ...userRow(id, data, passwordHash),
      locale: data.locale ?? 'en',
      role: data.role,
      referralCode,
      emailVerifiedAt: new Date(),
    });
    if (actor) await recordAudit(tx, { actor, action: 'user.create', entity: 'user', entityId: id, after: { email: data.email, firstName: data.firstName, lastName: data.lastName, role: data.role } });
    if (referralCode) await ensureReferralPromo(tx, id, referralCode);
  });
  return getUser(db, id);
}

/**
 * Creates or promotes an admin (`npm run admin:create`). An existing account becomes Admin (and
 * verified) and, when `password` is given, gets that password; a new account is created with
 * placeholder profile fields the admin can edit on /profile.
 * @throws {DomainError} `invalid` for a malformed e-mail or a password against the policy.
 */
export async function ensureAdmin(db: Db, email: string, password: string | null): Promise<{ userId: string; created: boolean }> {
  const address = parse(Email, email);
  if (password !== null) assertPasswordPolicy(password);
  const passwordHash = password !== null ? await hashPassword(password) : null;
  return db.transaction(async (tx) => {
    const [u] = await tx.select({ id: users.id, referralCode: users.referralCode }).from(users).where(eq(users.email, address)).for('update').limit(1);
    if (u) {
      const referralCode = u.referralCode ? null : newReferralCode();
      await tx
        .update(users)
        .set({
          role: 'Admin',
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
          ...(passwordHash ? { passwordHash } : {}),
          ...(referralCode ? { referralCode } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, u.id));
      if (referralCode) await ensureReferralPromo(tx, u.id, referralCode);
      return { userId: u.id, created: false };
    }
    if (!passwordHash) throw new DomainError('invalid', 'A password is required to create a new admin', { key: 'invalidInput', fields: { password: 'The field is required' } });
    const id = randomUUID();
    const referralCode = newReferralCode();
    await tx.insert(users).values({
      id,
      email: address,
      passwordHash,
      firstName: 'Admin',
      lastName: address.split('@')[0],
      dateOfBirth: '1970-01-01',
      role: 'Admin',
      referralCode,
      emailVerifiedAt: new Date(),
    });
    await ensureReferralPromo(tx, id, referralCode);
    return { userId: id, created: true };
  });
}
