/** The shop's configuration: one row, the specification's configuration object plus shop settings. */
import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { timestampNow } from './columns.ts';

export const shopConfig = pgTable('shop_config', {
  id: integer('id').primaryKey().default(1),
  /** The settings as stored; core/config/service.ts reads them through ShopSettingsSchema (defaults for missing keys). */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestampNow('updated_at'),
});
