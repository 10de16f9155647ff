/**
 * Administration of user accounts: the user list, the user page's data,
 * creating a verified account, editing a user's name, phone, address and role, blocking and
 * unblocking, and `npm run admin:create`. Every change is written to the audit log
 * in its own transaction (`core/audit/service.ts`).
 *
 * Blocking: a blocked user cannot log in (`login` answers 403 `accountBlocked`), their refresh
 * tokens are revoked in the blocking transaction, and their access token stops working on the next
 * request because every authenticated request reads the account (`currentAccount` in auth.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { changedFields, recordAudit } from '../audit/index.ts';
import { ensureReferralPromo } from '../promos/index.ts';
import { parseInput as parse } from '../validation.ts';
import { assertAdultForRegistration } from './age.ts';
import { assertPasswordPolicy, hashPassword } from './password.ts';
import { getUser, type PublicUser } from './profile.ts';
import { userRow } from './registration.ts';
import { ROLES, userStatus, type Role, type UserStatus } from './roles.ts';
import { users } from '../db/index.ts';
import { revokeSessions } from './sessions.ts';
import { Email, ProfileInput, RegisterInput, contactColumns } from './validation.ts';
import { assertDeliveryRegion, getSettings } from '../config/index.ts';

/** A user as the admin's user page shows it. */
/**
 * The date of birth stored for an admin created from the command line or first-run setup, who is
 * asked none (the column is required; the age rule checks customers at registration). Pages show
 * it as not entered (app/routes/profile.tsx), never as a birthday.
 */
export const UNSET_DATE_OF_BIRTH = '1970-01-01';

export type AdminUserView = PublicUser & { blockedAt: Date | null; anonymisedAt: Date | null; updatedAt: Date; status: UserStatus };

const notFound = () => new DomainError('not_found', 'User not found', { key: 'userNotFound' });

/**
 * One user for the admin's user page.
 * @throws {DomainError} `not_found` (also for a malformed id).
 */
export async function getUserForAdmin(db: Db, userId: string): Promise<AdminUserView> {
  if (!userId || userId.length > 64) throw notFound();
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw notFound();
  const { passwordHash: _hash, ...rest } = u;
  return { ...rest, status: userStatus(u) };
}

/** What an admin may change on a user: the profile fields plus the role. */
const AdminUserInput = ProfileInput.extend({ role: z.enum(ROLES) });

type AdminEditedColumn = 'firstName' | 'lastName' | 'phone' | 'street' | 'postalCode' | 'city' | 'country' | 'role';

/**
 * The columns {@link adminUpdateUser} may change (names, phone, delivery address, role) as a user
 * row holds them: what the admin's user page edits, and the "before" of the audited change.
 */
export function adminEditedColumns<U extends Pick<typeof users.$inferSelect, AdminEditedColumn>>(u: U): Pick<U, AdminEditedColumn> {
  return {
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    street: u.street,
    postalCode: u.postalCode,
    city: u.city,
    country: u.country,
    role: u.role,
  };
}

/**
 * An admin edits a user's name, phone, delivery address and role (not the e-mail, not the
 * password). An admin cannot take the Admin role from themself (no locking out of the admin).
 * Audited as `user.update` with the changed fields.
 * @param actor `admin:<id>`.
 * @throws {DomainError} `invalid` with per-field messages; `not_found`; `conflict` (key
 *   `userErased`) for an erased account; `forbidden` (key `notYourself`) for the own role.
 */
export async function adminUpdateUser(db: Db, actor: string, userId: string, input: unknown): Promise<AdminUserView> {
  const p = parse(AdminUserInput, input);
  if (actor === `admin:${userId}` && p.role !== 'Admin') throw new DomainError('forbidden', 'You cannot remove your own admin role', { key: 'notYourself' });
  await db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
    if (!u) throw notFound();
    if (u.anonymisedAt) throw new DomainError('conflict', 'The personal data of this account was erased', { key: 'userErased' });
    const next = { ...contactColumns(p), role: p.role as Role };
    if (next.country !== u.country || next.postalCode !== u.postalCode) await assertDeliveryRegion(tx, p.address, 'address.');
    const diff = changedFields(adminEditedColumns(u), next);
    if (!diff.after) return;
    await tx
      .update(users)
      .set({ ...next, ...(next.role !== 'Customer' && !u.referralCode ? { referralCode: referralCode() } : {}), updatedAt: new Date() })
      .where(eq(users.id, userId));
    await recordAudit(tx, { actor, action: 'user.update', entity: 'user', entityId: userId, ...diff });
  });
  return getUserForAdmin(db, userId);
}

function referralCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * Blocks or unblocks a user. Blocking revokes every refresh token of the user in the same
 * transaction; their current access token is refused from the next request on. An admin cannot
 * block themself. Audited as `user.block` / `user.unblock`; a no-op (already in that state) writes
 * nothing.
 * @param actor `admin:<id>`.
 * @throws {DomainError} `not_found`; `forbidden` (key `notYourself`).
 */
export async function setBlocked(db: Db, actor: string, userId: string, blocked: boolean): Promise<AdminUserView> {
  if (blocked && actor === `admin:${userId}`) throw new DomainError('forbidden', 'You cannot block yourself', { key: 'notYourself' });
  await db.transaction(async (tx) => {
    const [u] = await tx.select({ id: users.id, blockedAt: users.blockedAt }).from(users).where(eq(users.id, userId)).for('update').limit(1);
    if (!u) throw notFound();
    if (Boolean(u.blockedAt) === blocked) return;
    const at = blocked ? new Date() : null;
    await tx.update(users).set({ blockedAt: at, updatedAt: new Date() }).where(eq(users.id, userId));
    if (blocked) await revokeSessions(tx, userId);
    await recordAudit(tx, {
      actor,
      action: blocked ? 'user.block' : 'user.unblock',
      entity: 'user',
      entityId: userId,
      before: { blocked: !blocked },
      after: { blocked },
    });
  });
  return getUserForAdmin(db, userId);
}

/**
 * Readable names for audit actors: `admin:<id>` and `user:<id>` become the account's e-mail
 * (or "Erased" once erased); `system`, `cli` and unknown ids stay as they are.
 * @returns actor -> label, for every actor given.
 */
export async function actorLabels(db: Db, actors: string[]): Promise<Record<string, string>> {
  const ids = [...new Set(actors.map((a) => /^(?:admin|user):(.+)$/.exec(a)?.[1]).filter((x): x is string => Boolean(x)))];
  const rows = ids.length
    ? await db.select({ id: users.id, email: users.email, anonymisedAt: users.anonymisedAt }).from(users).where(inArray(users.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r.anonymisedAt ? 'Erased' : r.email]));
  return Object.fromEntries(actors.map((a) => [a, byId.get(/^(?:admin|user):(.+)$/.exec(a)?.[1] ?? '') ?? a]));
}

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
      ? or(
          ilike(users.email, like),
          ilike(users.firstName, like),
          ilike(users.lastName, like),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
        )
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
 * An admin cannot demote themself (`forbidden`, key `notYourself`), and the last usable admin
 * (not blocked, not erased) cannot be demoted (`conflict`, key `lastAdmin`): the shop would have
 * nobody left to run it.
 * @throws {DomainError} `invalid` for an unknown role; `not_found`; `forbidden`; `conflict`.
 */
export async function setRole(db: Db, userId: string, role: unknown, actor?: string): Promise<PublicUser> {
  const r = parse(z.enum(ROLES), role);
  await db.transaction(async (tx) => {
    const [u] = await tx
      .select({ id: users.id, role: users.role, referralCode: users.referralCode })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
      .limit(1);
    if (!u) throw new DomainError('not_found', 'User not found', { key: 'userNotFound' });
    if (u.role === 'Admin' && r !== 'Admin') {
      if (actor === `admin:${userId}`) throw new DomainError('forbidden', 'You cannot take the Admin role from yourself', { key: 'notYourself' });
      // the other usable admins, locked so two demotions at once cannot both pass
      const others = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'Admin'), ne(users.id, userId), isNull(users.blockedAt), isNull(users.anonymisedAt)))
        .for('update');
      if (others.length === 0) throw new DomainError('conflict', 'The shop needs at least one admin', { key: 'lastAdmin' });
    }
    const referralCode = r !== 'Customer' && !u.referralCode ? newReferralCode() : null;
    await tx
      .update(users)
      .set({ role: r, ...(referralCode ? { referralCode } : {}), updatedAt: new Date() })
      .where(eq(users.id, userId));
    if (actor && u.role !== r)
      await recordAudit(tx, { actor, action: 'user.role', entity: 'user', entityId: userId, before: { role: u.role }, after: { role: r } });
    if (referralCode) await ensureReferralPromo(tx, userId, referralCode);
  });
  return getUser(db, userId);
}

/** What an admin enters to create a user: the registration fields plus a role. */
const AdminCreateInput = RegisterInput.extend({ role: z.enum(ROLES).default('Customer') });

/**
 * Creates a verified account (admin, `/admin/user/add`): the admin vouches for the address, so
 * no confirmation mail is sent. The age rule still applies.
 * @throws {DomainError} `invalid` for bad fields, under-18, weak password; `conflict` (409) when
 *   the e-mail is taken.
 */
export async function adminCreateUser(db: Db, input: unknown, actor?: string): Promise<PublicUser> {
  const data = parse(AdminCreateInput, input);
  await assertDeliveryRegion(db, data.address, 'address.');
  assertAdultForRegistration(data.dateOfBirth, (await getSettings(db)).timeZone);
  assertPasswordPolicy(data.password);
  const passwordHash = await hashPassword(data.password);
  const id = randomUUID();
  const referralCode = data.role === 'Customer' ? null : newReferralCode();
  await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, data.email)).limit(1);
    if (taken) {
      const msg = 'An account with this e-mail address exists already';
      throw new DomainError('conflict', msg, { key: 'emailTaken', fields: { email: { key: 'emailTaken' } } });
    }
    await tx.insert(users).values({
      ...userRow(id, data, passwordHash),
      locale: data.locale ?? 'en',
      role: data.role,
      referralCode,
      emailVerifiedAt: new Date(),
    });
    if (actor)
      await recordAudit(tx, {
        actor,
        action: 'user.create',
        entity: 'user',
        entityId: id,
        after: { email: data.email, firstName: data.firstName, lastName: data.lastName, role: data.role },
      });
    if (referralCode) await ensureReferralPromo(tx, id, referralCode);
  });
  return getUser(db, id);
}

/**
 * Creates or promotes an admin (`npm run admin:create`). An existing account becomes Admin (and
 * verified) and, when `password` is given, gets that password; a new account is created with
 * placeholder profile fields the admin can edit on /profile. Audited as `user.adminCreate` or
 * `user.adminPromote` (with whether the password was set, never the password).
 * @param actor who does it: `cli` (the command) by default, `system` for `ADMIN_EMAIL` at start.
 * @throws {DomainError} `invalid` for a malformed e-mail or a password against the policy.
 */
export async function ensureAdmin(db: Db, email: string, password: string | null, actor = 'cli'): Promise<{ userId: string; created: boolean }> {
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
      await recordAudit(tx, {
        actor,
        action: 'user.adminPromote',
        entity: 'user',
        entityId: u.id,
        after: { role: 'Admin', passwordSet: Boolean(passwordHash) },
      });
      return { userId: u.id, created: false };
    }
    if (!passwordHash)
      throw new DomainError('invalid', 'A password is required to create a new admin', { key: 'invalidInput', fields: { password: { key: 'fieldRequired' } } });
    const id = randomUUID();
    const referralCode = newReferralCode();
    await tx.insert(users).values({
      id,
      email: address,
      passwordHash,
      firstName: 'Admin',
      lastName: address.split('@')[0],
      dateOfBirth: UNSET_DATE_OF_BIRTH,
      role: 'Admin',
      referralCode,
      emailVerifiedAt: new Date(),
    });
    await ensureReferralPromo(tx, id, referralCode);
    await recordAudit(tx, { actor, action: 'user.adminCreate', entity: 'user', entityId: id, after: { role: 'Admin' } });
    return { userId: id, created: true };
  });
}
