/** The content version (migration 0008_perf, ADR 010): one row, bumped by triggers. */
import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

export const contentVersion = pgTable('content_version', {
  id: integer('id').primaryKey().default(1),
  /** Incremented by the `shop_content_changed` trigger on every statement writing a watched table. */
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});
