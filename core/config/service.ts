/** Reading and changing the shop's settings (one row in `shop_config`). */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { shopConfig } from './schema.ts';
import { DEFAULT_SETTINGS, ShopSettingsSchema, type ShopSettings } from './settings.ts';

/** Returns the settings, seeding the defaults on first use. Unknown/missing keys fall back to defaults. */
export async function getSettings(db: Db): Promise<ShopSettings> {
  const [row] = await db.select().from(shopConfig).where(eq(shopConfig.id, 1)).limit(1);
  if (!row) {
    await db.insert(shopConfig).values({ id: 1, settings: DEFAULT_SETTINGS }).onConflictDoNothing();
    return DEFAULT_SETTINGS;
  }
  const merged = ShopSettingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...row.settings });
  return merged.success ? merged.data : DEFAULT_SETTINGS;
}

/**
 * Changes some settings.
 * @throws {import('zod').ZodError} when the merged settings are invalid; nothing is written.
 */
export async function updateSettings(db: Db, patch: Partial<ShopSettings>): Promise<ShopSettings> {
  const current = await getSettings(db);
  const next = ShopSettingsSchema.parse({ ...current, ...patch });
  await db
    .insert(shopConfig)
    .values({ id: 1, settings: next })
    .onConflictDoUpdate({ target: shopConfig.id, set: { settings: next, updatedAt: sql`now()` } });
  return next;
}
