/** Accounts: users, refresh tokens (stored hashed), single-use e-mail tokens. */
import { date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, createdAt, timestampTz, cascadeRef } from './columns.ts';
import { ROLES } from './values.ts';

export const users = pgTable('users', {
  id: idColumn(),
  /** Lower-cased e-mail address. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone').notNull().default(''),
  /** ISO date `YYYY-MM-DD`. */
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  street: text('street').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  city: text('city').notNull().default(''),
  /** ISO 3166 alpha-2; CH or LI (ADR 004). */
  country: text('country').notNull().default('CH'),
  role: text('role', { enum: ROLES }).notNull().default('Customer'),
  locale: text('locale').notNull().default('en'),
  referralCode: text('referral_code').unique(),
  emailVerifiedAt: timestampTz('email_verified_at'),
  /** Set while an admin has blocked the account: no log-in, no session. */
  blockedAt: timestampTz('blocked_at'),
  /** Set once the person's data was erased (revFADP): the row stays for the orders that refer to it. */
  anonymisedAt: timestampTz('anonymised_at'),
  /**
   * Bumped when the account's sessions must end at once (log-out, password change or reset,
   * two-factor turned on or off): access tokens carry the version they were issued under (claim
   * `sv`), and one of an older version is refused (core/accounts/auth.ts `currentAccount`).
   */
  sessionVersion: integer('session_version').notNull().default(0),
  ...timestamps(),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: idColumn(),
    userId: cascadeRef('user_id', () => users.id),
    /** All tokens issued from one login share a family; reuse of a spent one revokes the family. */
    familyId: text('family_id').notNull(),
    /** SHA-256 of the opaque token, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    revokedAt: timestampTz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_user').on(t.userId), index('refresh_tokens_family').on(t.familyId)],
);

export const emailTokens = pgTable('email_tokens', {
  /** SHA-256 of the token sent by mail, hex. */
  tokenHash: text('token_hash').primaryKey(),
  userId: cascadeRef('user_id', () => users.id),
  purpose: text('purpose', { enum: ['confirm', 'reset'] }).notNull(),
  /** Confirmation links: the same-site path (checked when stored) the customer goes on to once confirmed, e.g. `/payment`. */
  redirectTo: text('redirect_to'),
  /** Confirmation links of a new registration: the anonymous cart it was made from, merged into the account on confirming. */
  cartKey: text('cart_key'),
  expiresAt: timestampTz('expires_at').notNull(),
  usedAt: timestampTz('used_at'),
  createdAt: createdAt(),
});
