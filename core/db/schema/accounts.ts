/** Accounts: users, refresh tokens (stored hashed), single-use e-mail tokens. */
import { date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ROLES } from './values.ts';

export const users = pgTable('users', {
  id: text('id').primaryKey(),
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
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** Set while an admin has blocked the account: no log-in, no session. */
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  /** Set once the person's data was erased (revFADP): the row stays for the orders that refer to it. */
  anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** All tokens issued from one login share a family; reuse of a spent one revokes the family. */
    familyId: text('family_id').notNull(),
    /** SHA-256 of the opaque token, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_user').on(t.userId), index('refresh_tokens_family').on(t.familyId)],
);

export const emailTokens = pgTable('email_tokens', {
  /** SHA-256 of the token sent by mail, hex. */
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['confirm', 'reset'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
