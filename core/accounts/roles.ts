/** Roles and account statuses of users: plain values shared by the schema, the services and the UI (no database code). */

export { ROLES, type Role } from '../db/browser.ts';

/**
 * What the admin filters users by: `active` (verified, not blocked, not erased), `unverified`
 * (address not confirmed yet), `blocked`, `erased` (personal data anonymised).
 */
export const USER_STATUSES = ['active', 'unverified', 'blocked', 'erased'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The status of a user row (see {@link USER_STATUSES}); erased wins over blocked. */
export function userStatus(u: { emailVerifiedAt: Date | null; blockedAt: Date | null; anonymisedAt: Date | null }): UserStatus {
  if (u.anonymisedAt) return 'erased';
  if (u.blockedAt) return 'blocked';
  return u.emailVerifiedAt ? 'active' : 'unverified';
}

/**
 * Whether a caller has admin powers: the one test of every "admin only" or "this customer or an
 * admin" rule. True for an Admin only when the shop's two-factor policy is met (see
 * core/accounts/auth.ts `AuthUser`: `currentAccount` already answers such an admin as a Customer, so a
 * stolen password of an admin who has not enrolled yet opens nobody else's data).
 */
export function isEffectiveAdmin(auth: { role: string; twoFactorSetupPending?: boolean } | null | undefined): boolean {
  return auth?.role === 'Admin' && !auth.twoFactorSetupPending;
}
