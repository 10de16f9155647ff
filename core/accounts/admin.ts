/**
 * Administration of user accounts (issue 10, "Users"): the user page's data, editing a user's
 * name, phone, address and role, blocking and unblocking. Every change is written to the audit log
 * in its own transaction (`core/audit/service.ts`).
 *
 * Blocking: a blocked user cannot log in (`login` answers 403 `accountBlocked`), their refresh
 * tokens are revoked in the blocking transaction, and their access token stops working on the next
 * request because every authenticated request reads the account (`currentAccount` in auth.ts).
 */
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { DomainError } from '../errors.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { ROLES, users, type Role } from './schema.ts';
import { revokeSessions, userStatus, type PublicUser, type UserStatus } from './service.ts';
import { ProfileInput } from './validation.ts';

/** A user as the admin's user page shows it. */
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

function invalid(fields: Record<string, string>): DomainError {
  const [first] = Object.entries(fields);
  return new DomainError('invalid', first ? `${first[0]}: ${first[1]}` : 'Invalid input', { key: 'invalidInput', fields });
}

/** What an admin may change on a user: the profile fields plus the role. */
export const AdminUserInput = ProfileInput.extend({ role: z.enum(ROLES) });

/**
 * An admin edits a user's name, phone, delivery address and role (not the e-mail, not the
 * password). An admin cannot take the Admin role from themself (no locking out of the admin).
 * Audited as `user.update` with the changed fields.
 * @param actor `admin:<id>`.
 * @throws {DomainError} `invalid` with per-field messages; `not_found`; `conflict` (key
 *   `userErased`) for an erased account; `forbidden` (key `notYourself`) for the own role.
 */
export async function adminUpdateUser(db: Db, actor: string, userId: string, input: unknown): Promise<AdminUserView> {
  const r = AdminUserInput.safeParse(input);
  if (!r.success) {
    const fields: Record<string, string> = {};
    for (const i of r.error.issues) fields[i.path.join('.') || '_'] ??= i.message;
    throw invalid(fields);
  }
  const p = r.data;
  if (actor === `admin:${userId}` && p.role !== 'Admin') throw new DomainError('forbidden', 'You cannot remove your own admin role', { key: 'notYourself' });
  await db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
    if (!u) throw notFound();
    if (u.anonymisedAt) throw new DomainError('conflict', 'The personal data of this account was erased', { key: 'userErased' });
    const next = {
      firstName: p.firstName,
      lastName: p.lastName,
      phone: p.phone,
      street: p.address.street,
      postalCode: p.address.postalCode,
      city: p.address.city,
      country: p.address.country,
      role: p.role as Role,
    };
    const before = { firstName: u.firstName, lastName: u.lastName, phone: u.phone, street: u.street, postalCode: u.postalCode, city: u.city, country: u.country, role: u.role };
    const diff = changedFields(before, next);
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
  const rows = ids.length ? await db.select({ id: users.id, email: users.email, anonymisedAt: users.anonymisedAt }).from(users).where(inArray(users.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r.anonymisedAt ? 'Erased' : r.email]));
  return Object.fromEntries(actors.map((a) => [a, byId.get(/^(?:admin|user):(.+)$/.exec(a)?.[1] ?? '') ?? a]));
}
