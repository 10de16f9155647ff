/** First-run setup links (core/accounts/setup.ts): one row per link printed at start-up. */
import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from './columns.ts';

export const setupTokens = pgTable('setup_tokens', {
  /** SHA-256 of the token in the link, hex (the clear token exists only in the start-up log). */
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestampTz('expires_at').notNull(),
  usedAt: timestampTz('used_at'),
  createdAt: createdAt(),
});
