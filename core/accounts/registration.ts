/**
 * Registration and e-mail links (docs/product.md §4, §5): registering a customer
 * with e-mail confirmation, resending the confirmation, forgotten password and the admin's reset
 * mail, setting a new password with a reset link.
 *
 * Rules kept here, so the JSON API and the web forms behave alike:
 * - customers are 18 or older on the day they register (Swiss date);
 * - e-mail links are single use, stored hashed, valid 48 h (confirmation) or 1 h (reset);
 * - the same answer whether or not an address exists (forgot password, registration of a taken
 *   address: the owner gets a mail);
 * - a reset signs out every session.
 *
 * Every multi-row write runs in one transaction, which emits the account's events (core/events);
 * core/mail queues their mails inside it and sends them after commit.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { recordAudit } from '../audit/index.ts';
import { DomainError } from '../errors.ts';
import type { Shop } from '../shop-type.ts';
import { getSettings, assertDeliveryRegion } from '../config/index.ts';
import { emit } from '../events/index.ts';
import { emailTokens, users } from '../db/index.ts';
import { consumeRateLimit } from '../rate-limit/index.ts';
import { parseInput as parse } from '../validation.ts';
import { assertAdultForRegistration } from './age.ts';
import { assertPasswordPolicy, hashPassword } from './password.ts';
import { revokeSessions, type RequestMeta } from './sessions.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';
import { Email, Password, RegisterInput, contactColumns } from './validation.ts';
import type { Role } from './roles.ts';
import { safeRedirect } from '../safe-redirect.ts';

/** Lifetime of a confirmation link, seconds (48 h). */
const CONFIRM_TTL_S = 48 * 60 * 60;
/** Lifetime of a password-reset link, seconds (1 h). */
const RESET_TTL_S = 60 * 60;

/** Specification section 5/7 texts. */
const MSG_CONFIRMATION_SENT = 'A confirmation email was sent, please verify';

const linkInvalid = () =>
  new DomainError('invalid', 'This link is invalid, has expired or was already used', { key: 'linkInvalid', fields: { token: { key: 'linkInvalid' } } });

/** Where a confirmation link continues: the page the customer was going to, the anonymous cart of the registration. */
export type ConfirmReturn = { redirectTo?: string | null; cartKey?: string | null };

/**
 * Issues a single-use e-mail token for a user (inside `tx`); returns the clear token for the link.
 * @param ret confirmation links only: `redirectTo` is kept only when it is a same-site path
 *   ({@link safeRedirect}), so a link never leads off the shop.
 */
async function issueEmailToken(tx: Db, userId: string, purpose: 'confirm' | 'reset', ret: ConfirmReturn = {}): Promise<string> {
  const token = newOpaqueToken();
  const ttl = purpose === 'confirm' ? CONFIRM_TTL_S : RESET_TTL_S;
  const redirectTo = purpose === 'confirm' && ret.redirectTo ? safeRedirect(ret.redirectTo, '') || null : null;
  const cartKey = purpose === 'confirm' && ret.cartKey ? ret.cartKey.slice(0, 100) : null;
  await tx.insert(emailTokens).values({ tokenHash: hashToken(token), userId, purpose, redirectTo, cartKey, expiresAt: new Date(Date.now() + ttl * 1000) });
  return token;
}

/** The return of the newest confirmation link of a user (a resent link continues where the first one would have). */
async function latestConfirmReturn(tx: Db, userId: string): Promise<ConfirmReturn> {
  const [row] = await tx
    .select({ redirectTo: emailTokens.redirectTo, cartKey: emailTokens.cartKey })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'confirm')))
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return row ?? {};
}

/**
 * Spends a single-use e-mail token atomically.
 * @returns the user id. @throws {DomainError} `invalid` (key `linkInvalid`) for an unknown, expired or used token.
 */
async function spendEmailToken(tx: Db, token: string, purpose: 'confirm' | 'reset'): Promise<{ userId: string } & ConfirmReturn> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) throw linkInvalid();
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, new Date())),
    )
    .returning({ userId: emailTokens.userId, redirectTo: emailTokens.redirectTo, cartKey: emailTokens.cartKey });
  if (!row) throw linkInvalid();
  return row;
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
    .where(
      and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, new Date())),
    )
    .limit(1);
  return Boolean(row);
}

/** The `users` row of a registration payload (names, contact, date of birth, delivery address). */
export function userRow(id: string, data: RegisterInput, passwordHash: string) {
  return {
    id,
    email: data.email,
    passwordHash,
    ...contactColumns(data),
    dateOfBirth: data.dateOfBirth,
  };
}

/**
 * Registers a customer (`user/addClient`, `/register`) and sends the confirmation mail.
 * A taken address gets the same answer; its owner receives a mail instead, so registration does
 * not reveal who has an account. An address registered but never confirmed starts afresh: the
 * new registration's password, names, address and language replace the old ones, every earlier
 * link (confirmation, reset) and session of the account is void, and the new confirmation link
 * goes out; so whoever registered someone else's address first ("squatting") never holds the
 * account its owner confirms.
 * @param input the registration payload (validated here).
 * @param ret where the confirmation link continues (`redirectTo`, a same-site path, e.g.
 *   `/payment`) and the visitor's anonymous cart (`cartKey`), merged into the new account when the
 *   link is used. For a taken address only `redirectTo` is kept: a stranger's cart never reaches
 *   someone else's account.
 * @returns the message "A confirmation email was sent, please verify".
 * @throws {DomainError} `invalid` for bad fields, under-18 (key `underage`, field `dateOfBirth`)
 *   or a weak password; `rate_limited` (429).
 */
export async function registerUser(
  shop: Shop,
  input: unknown,
  meta: RequestMeta,
  ret: ConfirmReturn = {},
): Promise<{ message: string; userId: string | null }> {
  const data = parse(RegisterInput, input);
  await consumeRateLimit(shop, 'register', meta.ip, data.email);
  await assertDeliveryRegion(shop.db, data.address, 'address.');
  assertAdultForRegistration(data.dateOfBirth, (await getSettings(shop.db)).timeZone);
  assertPasswordPolicy(data.password);
  const passwordHash = await hashPassword(data.password);
  const locale = data.locale ?? meta.lang;
  const userId = await shop.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, data.email)).for('update').limit(1);
    if (existing) {
      if (existing.emailVerifiedAt) {
        const token = await issueEmailToken(tx, existing.id, 'reset');
        await emit(tx, { type: 'account.registrationOfTakenAddress', userId: existing.id, token, origin: meta.origin });
        return null;
      }
      // never confirmed: nobody has proven the address yet, so the newest registration wins whole
      await tx
        .update(users)
        .set({ passwordHash, ...contactColumns(data), dateOfBirth: data.dateOfBirth, locale, updatedAt: new Date() })
        .where(eq(users.id, existing.id));
      await tx.delete(emailTokens).where(and(eq(emailTokens.userId, existing.id), isNull(emailTokens.usedAt)));
      await revokeSessions(tx, existing.id);
      const token = await issueEmailToken(tx, existing.id, 'confirm', ret);
      await emit(tx, { type: 'account.registered', userId: existing.id, token, origin: meta.origin });
      return null;
    }
    const id = randomUUID();
    const row = { ...userRow(id, data, passwordHash), locale };
    await tx.insert(users).values(row);
    const token = await issueEmailToken(tx, id, 'confirm', ret);
    await emit(tx, { type: 'account.registered', userId: id, token, origin: meta.origin });
    return id;
  });
  return { message: MSG_CONFIRMATION_SENT, userId };
}

/** What confirming an address answers. */
export type Confirmed = {
  userId: string;
  email: string;
  role: Role;
  /**
   * Whether the address was unconfirmed until this link: only then may the link sign in (an
   * address confirmed already, by another link, a password reset or an admin, needs the password).
   */
  firstConfirmation: boolean;
  /** Whether the account can sign in at all (not blocked, not erased). */
  usable: boolean;
  /** The same-site path stored with the link, or null. */
  redirectTo: string | null;
  /** The anonymous cart of the registration, or null. */
  cartKey: string | null;
};

/**
 * Confirms an e-mail address with the token of a confirmation link (`user/confirm`,
 * `/confirm/{token}`), and spends every other open confirmation link of the account, so no
 * second link can sign in later.
 * @returns the user, whether this was the first confirmation, and the link's return.
 * @throws {DomainError} `invalid` (key `linkInvalid`) for an unknown, expired or used token; `rate_limited`.
 */
export async function confirmEmail(shop: Shop, token: unknown, meta: Pick<RequestMeta, 'ip'>): Promise<Confirmed> {
  await consumeRateLimit(shop, 'confirm', meta.ip);
  return shop.db.transaction(async (tx) => {
    const spent = await spendEmailToken(tx, String(token ?? ''), 'confirm');
    const [before] = await tx
      .select({ verified: users.emailVerifiedAt, blockedAt: users.blockedAt, anonymisedAt: users.anonymisedAt })
      .from(users)
      .where(eq(users.id, spent.userId))
      .for('update')
      .limit(1);
    const [u] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, spent.userId))
      .returning({ userId: users.id, email: users.email, role: users.role });
    await spendOpenConfirmLinks(tx, spent.userId);
    return {
      ...u,
      firstConfirmation: !before.verified,
      usable: !before.blockedAt && !before.anonymisedAt,
      redirectTo: spent.redirectTo ? safeRedirect(spent.redirectTo, '') || null : null,
      cartKey: spent.cartKey ?? null,
    };
  });
}

/** Marks every open confirmation link of a user used (inside `tx`). */
async function spendOpenConfirmLinks(tx: Db, userId: string): Promise<void> {
  await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'confirm'), isNull(emailTokens.usedAt)));
}

/**
 * Sends a new confirmation link when the address belongs to an unverified account. The answer
 * is the same in every case, and so is the work before it: an unknown or already confirmed
 * address draws and hashes a token, renders the mail and sends the same statements as a
 * resend (no-op writes); the mail goes out after the answer, so neither SMTP nor the account's
 * existence shows in the timing (no account enumeration).
 * @returns `{ message }`, always {@link MSG_CONFIRMATION_SENT}.
 * @throws {DomainError} `invalid` for a malformed address; `rate_limited`.
 */
export async function resendConfirmation(shop: Shop, email: unknown, meta: RequestMeta): Promise<{ message: string }> {
  await mailLinkAfterAnswer(shop, email, meta, 'confirm', (u) => !u.emailVerifiedAt);
  return { message: MSG_CONFIRMATION_SENT };
}

/**
 * The common path of a resend and a reset request: reads the address (rate limit `forgot`), then
 * in one transaction either issues a `kind` token and queues its link mail (`/confirm/<token>`,
 * `/reset/<token>`) when the address has an account that `wanted` accepts, or does the same work
 * without effect ({@link spendNothing}); the mail goes out after the answer.
 * @throws {DomainError} `invalid` for a malformed address; `rate_limited`.
 */
async function mailLinkAfterAnswer(
  shop: Shop,
  email: unknown,
  meta: RequestMeta,
  kind: 'confirm' | 'reset',
  wanted: (u: typeof users.$inferSelect) => boolean,
): Promise<void> {
  const address = parse(Email, email);
  await consumeRateLimit(shop, 'forgot', meta.ip, address);
  await shop.db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.email, address)).limit(1);
    const userId = u && wanted(u) ? u.id : null;
    const token = userId
      ? await issueEmailToken(tx, userId, kind, kind === 'confirm' ? await latestConfirmReturn(tx, userId) : {})
      : await spendNothing(tx, kind);
    await emit(tx, {
      type: kind === 'confirm' ? 'account.confirmationRequested' : 'account.passwordResetRequested',
      userId,
      token,
      origin: meta.origin,
      by: 'customer',
    });
  });
}

/** The answer of `user/forgot`, the same whether or not the address exists. */
const MSG_RESET_SENT = 'If an account exists for this address, we have sent it a link to choose a new password';

/**
 * Sends a password-reset link (`user/forgot`, `/forgot`) when the address has an account.
 * @throws {DomainError} `invalid` for a malformed address; `rate_limited`.
 */
export async function requestPasswordReset(shop: Shop, email: unknown, meta: RequestMeta): Promise<{ message: string }> {
  // Known and unknown addresses do the same work: a token is drawn and
  // hashed, the mail rendered and the same number of statements sent (no-op writes for an
  // unknown address); the mail goes out after the answer, so SMTP never shows in the timing.
  await mailLinkAfterAnswer(shop, email, meta, 'reset', () => true);
  return { message: MSG_RESET_SENT };
}

/**
 * The token work of a reset or resend request that sends nothing (no account, or for a resend an
 * account already confirmed), mirroring the sending path statement for statement: a token is
 * drawn and hashed, and a write that changes nothing stands in for the token insert. The event
 * with no account then makes core/mail do its part alike (core/mail/account-handlers.ts).
 * @returns the token, which no row holds.
 */
async function spendNothing(tx: Db, kind: 'reset' | 'confirm'): Promise<string> {
  const token = newOpaqueToken();
  const hash = hashToken(token);
  // the read of the earlier link's return, as a resend makes it
  if (kind === 'confirm') await latestConfirmReturn(tx, hash);
  await tx
    .update(emailTokens)
    .set({ usedAt: sql`${emailTokens.usedAt}` })
    .where(and(eq(emailTokens.tokenHash, hash), sql`false`));
  return token;
}

/**
 * An admin sends a user a password-reset link (`/admin/user/details`), in the user's language.
 * The link works like the one of "forgot password" (1 h, single use). Audited as `user.resetMail`.
 * @param actor `admin:<id>`.
 * @returns the address the mail went to.
 * @throws {DomainError} `not_found`; `conflict` (key `userErased`) for an erased account.
 */
export async function adminSendPasswordReset(shop: Shop, actor: string, userId: string, meta: Pick<RequestMeta, 'origin'>): Promise<{ email: string }> {
  return shop.db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!u) throw new DomainError('not_found', 'User not found', { key: 'userNotFound' });
    if (u.anonymisedAt) throw new DomainError('conflict', 'The personal data of this account was erased', { key: 'userErased' });
    const token = await issueEmailToken(tx, u.id, 'reset');
    await emit(tx, { type: 'account.passwordResetRequested', userId: u.id, token, origin: meta.origin, by: 'admin' });
    await recordAudit(tx, { actor, action: 'user.resetMail', entity: 'user', entityId: u.id, after: { to: u.email } });
    return { email: u.email };
  });
}

/**
 * An admin marks a customer's e-mail address confirmed (`/admin/user/details`), e.g. after the
 * customer confirmed it by phone; the account's open confirmation links are spent (none of them
 * may sign in afterwards). Audited as `user.confirmEmail`.
 * @param actor `admin:<id>`.
 * @returns the address.
 * @throws {DomainError} `not_found`; `conflict` (key `userErased`, or `emailAlreadyConfirmed`).
 */
export async function adminMarkEmailConfirmed(db: Db, actor: string, userId: string): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const u = await unconfirmedForAdmin(tx, userId);
    await tx.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, u.id));
    await spendOpenConfirmLinks(tx, u.id);
    await recordAudit(tx, {
      actor,
      action: 'user.confirmEmail',
      entity: 'user',
      entityId: u.id,
      before: { emailConfirmed: false },
      after: { emailConfirmed: true },
    });
    return { email: u.email };
  });
}

/**
 * An admin sends an unconfirmed customer a new confirmation link (`/admin/user/details`), in the
 * customer's language; it continues where the first link would have (page and cart). Audited as
 * `user.confirmMail`.
 * @param actor `admin:<id>`.
 * @returns the address the mail went to.
 * @throws {DomainError} `not_found`; `conflict` (key `userErased`, or `emailAlreadyConfirmed`).
 */
export async function adminResendConfirmation(shop: Shop, actor: string, userId: string, meta: Pick<RequestMeta, 'origin'>): Promise<{ email: string }> {
  return shop.db.transaction(async (tx) => {
    const u = await unconfirmedForAdmin(tx, userId);
    const token = await issueEmailToken(tx, u.id, 'confirm', await latestConfirmReturn(tx, u.id));
    await emit(tx, { type: 'account.confirmationRequested', userId: u.id, token, origin: meta.origin, by: 'admin' });
    await recordAudit(tx, { actor, action: 'user.confirmMail', entity: 'user', entityId: u.id, after: { to: u.email } });
    return { email: u.email };
  });
}

/** The row of an account whose address an admin may confirm or send a link for (locked in `tx`). */
async function unconfirmedForAdmin(tx: Db, userId: string): Promise<typeof users.$inferSelect> {
  const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  if (!u) throw new DomainError('not_found', 'User not found', { key: 'userNotFound' });
  if (u.anonymisedAt) throw new DomainError('conflict', 'The personal data of this account was erased', { key: 'userErased' });
  if (u.emailVerifiedAt) throw new DomainError('conflict', 'This e-mail address is confirmed already', { key: 'emailAlreadyConfirmed' });
  return u;
}

/**
 * Sets a new password with the token of a reset link (`user/confirm-forgot`, `/reset/{token}`):
 * spends the token (and any other open reset link), revokes every session and, since the mailbox
 * was proven, marks the address verified.
 * @throws {DomainError} `invalid` (key `linkInvalid`, or a password-policy key); `rate_limited`.
 */
export async function resetPassword(
  shop: Shop,
  input: { token: unknown; password: unknown },
  meta: Pick<RequestMeta, 'ip'>,
): Promise<{ message: string; userId: string }> {
  await consumeRateLimit(shop, 'reset', meta.ip);
  const password = parse(Password, input.password);
  assertPasswordPolicy(password);
  const passwordHash = await hashPassword(password);
  const done = await shop.db.transaction(async (tx) => {
    const { userId: id } = await spendEmailToken(tx, String(input.token ?? ''), 'reset');
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, id));
    await tx
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailTokens.userId, id), eq(emailTokens.purpose, 'reset'), isNull(emailTokens.usedAt)));
    await revokeSessions(tx, id);
    await emit(tx, { type: 'account.passwordChanged', userId: id });
    return id;
  });
  return { message: 'Your password was changed. You can log in now.', userId: done };
}
