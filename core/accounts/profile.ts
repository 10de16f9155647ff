/**
 * A user's own account (docs/product.md §6): their data (never the password hash),
 * profile changes (names, phone, delivery address, language) and password change, which signs
 * out the other sessions.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { emit } from '../events/index.ts';
import type { Shop } from '../shop-type.ts';
import { parseInput as parse } from '../validation.ts';
import { assertPasswordPolicy, hashPassword, verifyPassword } from './password.ts';
import type { Role } from './roles.ts';
import { users } from '../db/index.ts';
import { revokeSessions } from './sessions.ts';
import { Password, ProfileInput, contactColumns } from './validation.ts';
import { assertDeliveryRegion } from '../config/index.ts';

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

/** A user's data (never the password hash), or undefined for an unknown id. */
export async function findUser(db: Db, userId: string): Promise<PublicUser | undefined> {
  const [u] = await db.select(publicColumns).from(users).where(eq(users.id, userId)).limit(1);
  return u;
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
  // a stored address outside today's region may stay (checkout refuses it); a changed one must be inside
  const [before] = await shop.db.select({ country: users.country, postalCode: users.postalCode }).from(users).where(eq(users.id, userId)).limit(1);
  if (!before || before.country !== p.address.country || before.postalCode !== p.address.postalCode) await assertDeliveryRegion(shop.db, p.address, 'address.');
  const [u] = await shop.db
    .update(users)
    .set({
      ...contactColumns(p),
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
export async function changePassword(
  shop: Shop,
  userId: string,
  input: { currentPassword: unknown; newPassword: unknown },
  keepFamilyId?: string,
): Promise<void> {
  const current = parse(Password, input.currentPassword);
  const next = parse(Password, input.newPassword);
  const [u] = await shop.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new DomainError('not_found', 'User not found', { key: 'userNotFound' });
  if (!(await verifyPassword(u.passwordHash, current))) {
    const msg = 'The current password is wrong';
    throw new DomainError('invalid', msg, { key: 'currentPasswordWrong', fields: { currentPassword: { key: 'currentPasswordWrong' } } });
  }
  assertPasswordPolicy(next, 'newPassword');
  const passwordHash = await hashPassword(next);
  await shop.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await revokeSessions(tx, userId, keepFamilyId);
    await emit(tx, { type: 'account.passwordChanged', userId });
  });
}
