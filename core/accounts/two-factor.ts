/**
 * Two-factor log-in with TOTP (RFC 6238: 6 digits, 30-second steps, HMAC-SHA-1, the defaults
 * every authenticator app reads from an `otpauth://` QR code), via otplib.
 *
 * Set-up from /profile: {@link startTwoFactor} makes a secret (shown as a QR code and as text),
 * {@link confirmTwoFactor} turns it on once the first code from the app is right and answers ten
 * one-time recovery codes, shown once. From then on the password alone no longer logs in, on the
 * page or the API ({@link checkSecondFactor}, called by `login`).
 *
 * Stored: the secret encrypted (AES-256-GCM, key derived with HKDF from the session secret), so a
 * database backup alone — which holds no secret since backups leave `secrets.json` out — cannot
 * produce codes; recovery codes only as SHA-256 (80 random bits each, too many to guess, so no slow hash needed).
 * Rotating the session secret therefore turns every secret unreadable: those admins log in with
 * a recovery code and set two-factor log-in up again; a code typed against such a secret is
 * answered with {@link secretUnreadable}, which says exactly that.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, ne, or, lt, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { recordAudit } from '../audit/index.ts';
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import type { Shop } from '../shop-type.ts';
import { refreshTokens, users, recoveryCodes, securityPolicy, twoFactor } from '../db/index.ts';
import { emit } from '../events/index.ts';
import { bumpSessionVersion } from './auth.ts';
import { verifyPassword } from './password.ts';

/** Issuer shown by authenticator apps next to the account. */
const TOTP_ISSUER = 'Casa del Tabaco';

/** How many recovery codes a set-up gives. */
const RECOVERY_CODE_COUNT = 10;

/** Codes of the previous and the next 30-second step are accepted too (clock drift of phones). */
const EPOCH_TOLERANCE_S = 30;

/** The error key (namespace `account`) of a log-in that needs the second factor. */
export const TWO_FACTOR_REQUIRED_KEY = 'account:twoFactor.errors.required';

const keyCache = new Map<string, Buffer>();

/** The AES-256 key of a session secret (HKDF-SHA-256, purpose-bound, so it signs nothing else). */
function keyOf(sessionSecret: string): Buffer {
  let k = keyCache.get(sessionSecret);
  if (!k) {
    k = Buffer.from(hkdfSync('sha256', sessionSecret, 'casa-tabaco', 'totp-secret-v1', 32));
    keyCache.set(sessionSecret, k);
  }
  return k;
}

/** Encrypts a TOTP secret: `iv.tag.ciphertext` (base64url). */
export function sealSecret(sessionSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', keyOf(sessionSecret), iv);
  const body = Buffer.concat([c.update(secret, 'utf8'), c.final()]);
  return [iv, c.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** Decrypts a sealed secret; null when it was sealed under another session secret or altered. */
export function openSecret(sessionSecret: string, sealed: string): string | null {
  try {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const d = createDecipheriv('aes-256-gcm', keyOf(sessionSecret), iv);
    d.setAuthTag(tag);
    return Buffer.concat([d.update(body), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Upper case, without spaces and dashes: how a recovery code is compared. */
const normaliseCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
const hashCode = (code: string) => createHash('sha256').update(normaliseCode(code)).digest('hex');

/** A new recovery code: 16 characters of Crockford Base32 (80 bits) in four groups, e.g. `7K2Q-M9XD-4HTA-P1CE`. */
function newRecoveryCode(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => alphabet[b & 31]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** Whether an account has two-factor log-in turned on (confirmed). */
export async function twoFactorEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: twoFactor.confirmedAt })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.confirmedAt)))
    .limit(1);
  return Boolean(row);
}

/** Two-factor state for the profile page: on or not, and how many recovery codes are left. */
export async function twoFactorStatus(db: Db, userId: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  const enabled = await twoFactorEnabled(db, userId);
  if (!enabled) return { enabled, recoveryCodesLeft: 0 };
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { enabled, recoveryCodesLeft: n };
}

/**
 * Starts (or restarts) the set-up: a new secret, stored unconfirmed. Also replaces a confirmed
 * set-up whose secret this installation cannot decrypt ({@link twoFactorSecretReadable}); the
 * recovery codes stay valid until the new set-up is confirmed.
 * @returns the secret (Base32, to type into an app), its `otpauth://` URI and the URI as an SVG QR code.
 * @throws {DomainError} `conflict` (key `account:twoFactor.errors.alreadyOn`) when already on with
 *   a readable secret; `not_found`.
 */
export async function startTwoFactor(shop: Pick<Shop, 'db' | 'sessionSecret'>, userId: string): Promise<{ secret: string; uri: string; qrSvg: string }> {
  const [u] = await shop.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new DomainError('not_found', 'User not found', { key: 'userNotFound' });
  // an enabled set-up whose secret this installation cannot read (another session secret) may be
  // replaced: its codes can never match, and under the admin policy there is no other way back
  if ((await twoFactorEnabled(shop.db, userId)) && (await twoFactorSecretReadable(shop, userId)))
    throw new DomainError('conflict', 'Two-factor log-in is on already', { key: 'account:twoFactor.errors.alreadyOn' });
  const secret = generateSecret();
  const sealed = sealSecret(shop.sessionSecret, secret);
  await shop.db
    .insert(twoFactor)
    .values({ userId, secretEnc: sealed })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secretEnc: sealed, confirmedAt: null, lastTimeStep: null, createdAt: new Date() } });
  return setupView(u.email, secret);
}

/**
 * The set-up waiting for its first code (to show the QR code again after a wrong code), or null.
 */
export async function pendingTwoFactor(
  shop: Pick<Shop, 'db' | 'sessionSecret'>,
  userId: string,
): Promise<{ secret: string; uri: string; qrSvg: string } | null> {
  const [row] = await shop.db
    .select({ secretEnc: twoFactor.secretEnc, email: users.email })
    .from(twoFactor)
    .innerJoin(users, eq(users.id, twoFactor.userId))
    .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.confirmedAt)))
    .limit(1);
  const secret = row && openSecret(shop.sessionSecret, row.secretEnc);
  if (!secret) return null;
  return setupView(row.email, secret);
}

async function setupView(email: string, secret: string): Promise<{ secret: string; uri: string; qrSvg: string }> {
  const uri = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/**
 * Verifies a TOTP code against a secret, never accepting a step at or before `afterTimeStep`.
 * @returns the matched time step, or null.
 */
async function matchTotp(secret: string, code: string, afterTimeStep: number | null, now: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: EPOCH_TOLERANCE_S,
    ...(afterTimeStep !== null ? { afterTimeStep } : {}),
  }).catch(() => ({ valid: false as const }));
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const wrongCode = () =>
  new DomainError('invalid', 'The code is wrong or has expired', {
    key: 'account:twoFactor.errors.wrongCode',
    fields: { otp: { key: 'account:twoFactor.errors.wrongCode' } },
  });

/** The error key (namespace `account`) of a stored secret this installation cannot decrypt. */
const SECRET_UNREADABLE_KEY = 'account:twoFactor.errors.secretUnreadable';

/**
 * The refusal of a code when the stored secret cannot be decrypted: it was sealed under another
 * session secret (restored onto a machine with a new `SESSION_SECRET`, or the secret was rotated),
 * so no code of the app can ever match. Says so and points to the recovery codes, instead of
 * "wrong or expired", which would send the admin to retry the app forever.
 */
export const secretUnreadable = () =>
  new DomainError(
    'unauthenticated',
    'This installation cannot read your authenticator set-up (the secret key changed); use a recovery code, then set up the authenticator again',
    { key: SECRET_UNREADABLE_KEY, fields: { otp: { key: SECRET_UNREADABLE_KEY } } },
  );

/**
 * Whether the account's confirmed two-factor secret decrypts with this installation's session
 * secret (true when two-factor log-in is off: there is nothing to read).
 */
export async function twoFactorSecretReadable(shop: Pick<Shop, 'db' | 'sessionSecret'>, userId: string): Promise<boolean> {
  const [row] = await shop.db
    .select({ secretEnc: twoFactor.secretEnc })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.confirmedAt)))
    .limit(1);
  return !row || openSecret(shop.sessionSecret, row.secretEnc) !== null;
}

/**
 * Checks the account's current password before a two-factor change (set-up, turning off): a
 * session alone (a stolen cookie, a computer left signed in) must not swap the second factor.
 * @throws {DomainError} `invalid` field `currentPassword` (key `currentPasswordWrong`); `not_found`.
 */
export async function assertCurrentPassword(db: Db, userId: string, password: unknown): Promise<void> {
  const [u] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new DomainError('not_found', 'User not found', { key: 'userNotFound' });
  if (typeof password !== 'string' || !password || password.length > 1000 || !(await verifyPassword(u.passwordHash, password)))
    throw new DomainError('invalid', 'The current password is wrong', {
      key: 'currentPasswordWrong',
      fields: { currentPassword: { key: 'currentPasswordWrong' } },
    });
}

/**
 * Tells an account that its right password was followed by `count` wrong two-factor codes (a
 * sign that someone else knows the password): core/mail mails it, linking to `/forgot`.
 */
export async function mailWrongCodes(shop: Shop, userId: string, count: number): Promise<void> {
  await emit(shop.db, { type: 'account.twoFactorCodesFailed', userId, count });
}

/**
 * Ends the account's other sessions (inside `tx`): every refresh-token family but `keepFamilyId`
 * is revoked and the session version bumped, so no access token issued before the change works.
 */
async function endOtherSessions(tx: Db, userId: string, keepFamilyId?: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined));
  await bumpSessionVersion(tx, userId);
}

/**
 * Turns two-factor log-in on with the first code from the app, ends the account's other sessions
 * (opened with the password alone) and, for an admin, mails every admin.
 * @param opts.keepFamilyId the caller's own session family, kept signed in.
 * @returns ten recovery codes (`XXXX-XXXX-XXXX-XXXX`), shown once: only their hashes are kept.
 * @throws {DomainError} `invalid` field `otp` for a wrong code; `conflict` when no set-up was started.
 */
export async function confirmTwoFactor(
  shop: Shop,
  userId: string,
  code: string,
  now = new Date(),
  opts: { keepFamilyId?: string } = {},
): Promise<{ recoveryCodes: string[] }> {
  const done = await shop.db.transaction(async (tx) => {
    const [row] = await tx.select().from(twoFactor).where(eq(twoFactor.userId, userId)).for('update').limit(1);
    if (!row || row.confirmedAt) throw new DomainError('conflict', 'Start the set-up again', { key: 'account:twoFactor.errors.noSetup' });
    const secret = openSecret(shop.sessionSecret, row.secretEnc);
    const step = secret ? await matchTotp(secret, code.trim(), null, now) : null;
    if (step === null) throw wrongCode();
    await tx.update(twoFactor).set({ confirmedAt: now, lastTimeStep: step }).where(eq(twoFactor.userId, userId));
    const codes = await replaceRecoveryCodes(tx, userId);
    await recordAudit(tx, { actor: `user:${userId}`, action: 'user.twoFactorOn', entity: 'user', entityId: userId });
    await endOtherSessions(tx, userId, opts.keepFamilyId);
    // an admin's second factor added by a thief who has the password is then seen by the other admins at once
    await emit(tx, { type: 'account.twoFactorChanged', userId, enabled: true });
    return codes;
  });
  return { recoveryCodes: done };
}

async function replaceRecoveryCodes(tx: Db, userId: string): Promise<string[]> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.insert(recoveryCodes).values(codes.map((c) => ({ id: randomUUID(), userId, codeHash: hashCode(c) })));
  return codes;
}

/**
 * Checks the second factor of a log-in: a current TOTP code (each step accepted once) or an
 * unused recovery code (spent by this call).
 * @returns `'totp'` or `'recovery'` when accepted, null when refused.
 */
export async function checkSecondFactor(
  shop: Pick<Shop, 'db' | 'sessionSecret'>,
  userId: string,
  otp: string,
  now = new Date(),
): Promise<'totp' | 'recovery' | null> {
  const code = otp.trim();
  if (/^\d{6}$/.test(code)) {
    const [row] = await shop.db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
    if (!row?.confirmedAt) return null;
    const secret = openSecret(shop.sessionSecret, row.secretEnc);
    const step = secret ? await matchTotp(secret, code, row.lastTimeStep, now) : null;
    if (step === null) return null;
    // the conditional update makes a code used by two log-ins at once count for one only
    const taken = await shop.db
      .update(twoFactor)
      .set({ lastTimeStep: step })
      .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastTimeStep), lt(twoFactor.lastTimeStep, step))))
      .returning({ userId: twoFactor.userId });
    return taken.length ? 'totp' : null;
  }
  const normalised = normaliseCode(code);
  if (normalised.length !== 16) return null;
  const hash = hashCode(normalised);
  const spent = await shop.db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAt)))
    .returning({ codeHash: recoveryCodes.codeHash });
  return spent.length ? 'recovery' : null;
}

/**
 * Turns two-factor log-in off, confirmed with a current code or a recovery code. Refused for an
 * admin while the shop requires it of every admin. Ends the account's other sessions
 * (`keepFamilyId` stays) and, for an admin, mails every admin.
 * @throws {DomainError} `invalid` field `otp` for a wrong code; `forbidden` (key
 *   `account:twoFactor.errors.requiredForAdmins`) when the policy requires it.
 */
export async function disableTwoFactor(shop: Shop, userId: string, otp: string, opts: { keepFamilyId?: string } = {}): Promise<void> {
  const [u] = await shop.db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  if (u?.role === 'Admin' && (await adminTwoFactorRequired(shop.db)))
    throw new DomainError('forbidden', 'Two-factor log-in is required for every admin', { key: 'account:twoFactor.errors.requiredForAdmins' });
  if (!(await checkSecondFactor(shop, userId, otp))) {
    if (/^\d{6}$/.test(otp.trim()) && !(await twoFactorSecretReadable(shop, userId))) throw secretUnreadable();
    throw wrongCode();
  }
  await shop.db.transaction(async (tx) => {
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await recordAudit(tx, { actor: `user:${userId}`, action: 'user.twoFactorOff', entity: 'user', entityId: userId });
    await endOtherSessions(tx, userId, opts.keepFamilyId);
    await emit(tx, { type: 'account.twoFactorChanged', userId, enabled: false });
  });
}

/** Whether the shop requires two-factor log-in of every admin (default: no). */
export async function adminTwoFactorRequired(db: Db): Promise<boolean> {
  const [row] = await db.select({ required: securityPolicy.adminTwoFactorRequired }).from(securityPolicy).where(eq(securityPolicy.id, 1)).limit(1);
  return row?.required ?? false;
}

/**
 * An admin requires (or stops requiring) two-factor log-in of every admin. Only an admin who uses
 * it themself may turn the requirement on, so nobody locks the admins out by mistake. Audited as
 * `settings.adminTwoFactor`.
 * @throws {DomainError} `forbidden` (key `account:twoFactor.errors.setUpFirst`) when the admin has it off.
 */
export async function setAdminTwoFactorRequired(db: Db, adminId: string, required: boolean): Promise<void> {
  if (required && !(await twoFactorEnabled(db, adminId)))
    throw new DomainError('forbidden', 'Turn on two-factor log-in for yourself first', { key: 'account:twoFactor.errors.setUpFirst' });
  await db.transaction(async (tx) => {
    const before = await adminTwoFactorRequired(tx);
    await tx
      .insert(securityPolicy)
      .values({ id: 1, adminTwoFactorRequired: required })
      .onConflictDoUpdate({ target: securityPolicy.id, set: { adminTwoFactorRequired: required, updatedAt: new Date() } });
    if (before !== required)
      await recordAudit(tx, {
        actor: `admin:${adminId}`,
        action: 'settings.adminTwoFactor',
        entity: 'settings',
        before: { adminTwoFactorRequired: before },
        after: { adminTwoFactorRequired: required },
      });
  });
}
