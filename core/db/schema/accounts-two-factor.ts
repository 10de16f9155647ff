/**
 * Two-factor log-in (TOTP, RFC 6238): one secret per account, kept encrypted with a key derived
 * from the session secret (core/accounts/two-factor.ts), its ten one-time recovery codes (stored
 * hashed), and the shop's policy whether every admin must use it.
 */
import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const twoFactor = pgTable('two_factor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** AES-256-GCM of the Base32 secret: `iv.tag.ciphertext`, base64url each. */
  secretEnc: text('secret_enc').notNull(),
  /** Null while set-up waits for its first code: the password alone still logs in until then. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The 30-second time step of the last accepted code: the same code is never accepted twice. */
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the normalised code (upper case, no dashes or spaces), hex. */
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user').on(t.userId)],
);

export const securityPolicy = pgTable('security_policy', {
  id: integer('id').primaryKey().default(1),
  /** When true, an admin without two-factor log-in is sent to set it up before any admin page or admin API call. */
  adminTwoFactorRequired: boolean('admin_two_factor_required').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
