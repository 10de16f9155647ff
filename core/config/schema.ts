/** The shop's configuration: one row, the specification's configuration object plus shop settings. */
import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { ShopSettings } from './settings.ts';

export const shopConfig = pgTable('shop_config', {
  id: integer('id').primaryKey().default(1),
  settings: jsonb('settings').$type<ShopSettings>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
