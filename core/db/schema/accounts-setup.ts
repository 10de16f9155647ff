/** First-run setup links (core/accounts/setup.ts): one row per link printed at start-up. */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const setupTokens = pgTable('setup_tokens', {
  /** SHA-256 of the token in the link, hex (the clear token exists only in the start-up log). */
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
