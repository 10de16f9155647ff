/**
 * Two-factor log-in (TOTP, RFC 6238): one secret per account, kept encrypted with a key derived
 * from the session secret (core/accounts/two-factor.ts), its ten one-time recovery codes (stored
 * hashed), and the shop's policy whether every admin must use it.
 */
import { bigint, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, createdAt, timestampNow, timestampTz, cascadeRef, cascadeKey } from './columns.ts';
import { users } from './accounts.ts';

export const twoFactor = pgTable('two_factor', {
  userId: cascadeKey('user_id', () => users.id),
  /** AES-256-GCM of the Base32 secret: `iv.tag.ciphertext`, base64url each. */
  secretEnc: text('secret_enc').notNull(),
  /** Null while set-up waits for its first code: the password alone still logs in until then. */
  confirmedAt: timestampTz('confirmed_at'),
  /** The 30-second time step of the last accepted code: the same code is never accepted twice. */
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: createdAt(),
});

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: idColumn(),
    userId: cascadeRef('user_id', () => users.id),
    /** SHA-256 of the normalised code (upper case, no dashes or spaces), hex. */
    codeHash: text('code_hash').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user').on(t.userId)],
);

export const securityPolicy = pgTable('security_policy', {
  id: integer('id').primaryKey().default(1),
  /** When true, an admin without two-factor log-in is sent to set it up before any admin page or admin API call. */
  adminTwoFactorRequired: boolean('admin_two_factor_required').notNull().default(false),
  updatedAt: timestampNow('updated_at'),
});
