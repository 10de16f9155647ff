/** The shop's configuration: one row, the specification's configuration object plus shop settings. */
import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';

export const shopConfig = pgTable('shop_config', {
  id: integer('id').primaryKey().default(1),
  /** The settings as stored; core/config/service.ts reads them through ShopSettingsSchema (defaults for missing keys). */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
