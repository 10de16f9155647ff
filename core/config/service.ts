/** Reading and changing the shop's settings (one row in `shop_config`). */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
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
 * Changes some settings. With `actor`, the changed settings are written to the audit log
 * (`settings.update`) in the same transaction.
 * @param actor `admin:<id>` of the admin making the change.
 * @throws {import('zod').ZodError} when the merged settings are invalid; nothing is written.
 */
export async function updateSettings(db: Db, patch: Partial<ShopSettings>, actor?: string): Promise<ShopSettings> {
  return db.transaction(async (tx) => {
    const current = await getSettings(tx);
    const next = ShopSettingsSchema.parse({ ...current, ...patch });
    await tx
      .insert(shopConfig)
      .values({ id: 1, settings: next })
      .onConflictDoUpdate({ target: shopConfig.id, set: { settings: next, updatedAt: sql`now()` } });
    if (actor) {
      const diff = changedFields(current as Record<string, unknown>, next as Record<string, unknown>);
      if (diff.after) await recordAudit(tx, { actor, action: 'settings.update', entity: 'settings', ...diff });
    }
    return next;
  });
}
