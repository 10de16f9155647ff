/** Reading and changing the shop's settings (one row in `shop_config`). */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { DomainError, type FieldMessages } from '../errors.ts';
import { invalidFields } from '../validation.ts';
import { ibanProblem, normalizeIban, normalizeUid, SELLER_COUNTRIES, sellerPostcodeProblem, uidProblem } from './seller.ts';
import { changedFields, recordAudit } from '../audit/index.ts';
import { shopConfig } from '../db/index.ts';
import { isTimeZone } from '../i18n/browser.ts';
import { DEFAULT_SETTINGS, isSocialLink, ShopSettingsSchema, SOCIAL_LINK_FIELDS, SOCIAL_LINK_MESSAGE, type ShopSettings } from './settings.ts';

/** Social links stored before the https rule that break it are not shown (empty = no link). */
function withSafeSocialLinks(s: ShopSettings): ShopSettings {
  const out = { ...s };
  for (const f of SOCIAL_LINK_FIELDS) if (!isSocialLink(out[f])) out[f] = '';
  return out;
}

/** Returns the settings, seeding the defaults on first use. Unknown/missing keys fall back to defaults. */
export async function getSettings(db: Db): Promise<ShopSettings> {
  const [row] = await db.select().from(shopConfig).where(eq(shopConfig.id, 1)).limit(1);
  if (!row) {
    await db.insert(shopConfig).values({ id: 1, settings: DEFAULT_SETTINGS }).onConflictDoNothing();
    return DEFAULT_SETTINGS;
  }
  const stored: Record<string, unknown> = { ...DEFAULT_SETTINGS, ...row.settings };
  // a zone this runtime does not know (stored by a newer one) falls back alone, not every setting
  if (typeof stored.timeZone !== 'string' || !isTimeZone(stored.timeZone)) stored.timeZone = DEFAULT_SETTINGS.timeZone;
  const merged = ShopSettingsSchema.safeParse(stored);
  return merged.success ? withSafeSocialLinks(merged.data) : DEFAULT_SETTINGS;
}

/**
 * The seller fields of `patch` checked as a QR-bill and an invoice need them
 * (core/config/seller.ts) and normalised (IBAN in groups of four, UID in register form); the
 * postcode is checked against the country it ends up with. Fields not in the patch are not
 * checked, so a value stored before these rules does not block an unrelated change.
 * @throws {DomainError} `invalid` (key `invalidInput`) with a keyed message per refused field.
 */
function checkedSellerPatch(patch: Partial<ShopSettings>, current: ShopSettings): Partial<ShopSettings> {
  const out = { ...patch };
  const fields: FieldMessages = {};
  if (patch.iban !== undefined) {
    const key = ibanProblem(patch.iban);
    if (key) fields.iban = { key };
    else out.iban = normalizeIban(patch.iban);
  }
  if (patch.vatNumber !== undefined) {
    const key = uidProblem(patch.vatNumber);
    if (key) fields.vatNumber = { key };
    else out.vatNumber = normalizeUid(patch.vatNumber);
  }
  if (patch.country !== undefined && !(SELLER_COUNTRIES as readonly string[]).includes(patch.country)) fields.country = { key: 'invalidChoice' };
  else if (patch.postalCode !== undefined || patch.country !== undefined) {
    const key = sellerPostcodeProblem(out.postalCode ?? current.postalCode, out.country ?? current.country);
    if (key) fields.postalCode = { key };
  }
  if (Object.keys(fields).length) throw invalidFields(fields);
  return out;
}

/**
 * Changes some settings. With `actor`, the changed settings are written to the audit log
 * (`settings.update`) in the same transaction.
 * @param actor `admin:<id>` of the admin making the change.
 * @throws {import('zod').ZodError} when the merged settings are invalid; nothing is written.
 * @throws {DomainError} `invalid` (400, field named) for a social link that is not an https
 *   URL ({@link isSocialLink}), or an unknown time zone (`timeZoneUnknown`); `invalid` (key
 *   `invalidInput`) for an IBAN, UID/VAT number, country or postcode a QR-bill or an invoice
 *   cannot carry ({@link checkedSellerPatch}).
 */
export async function updateSettings(db: Db, patch: Partial<ShopSettings>, actor?: string): Promise<ShopSettings> {
  for (const f of SOCIAL_LINK_FIELDS) {
    const v = patch[f];
    if (v !== undefined && !isSocialLink(v)) throw new DomainError('invalid', SOCIAL_LINK_MESSAGE, { key: 'httpsOnly', fields: { [f]: { key: 'httpsOnly' } } });
  }
  if (patch.timeZone !== undefined && !isTimeZone(patch.timeZone))
    throw new DomainError('invalid', 'Choose a time zone from the list, e.g. Europe/Zurich', {
      key: 'timeZoneUnknown',
      fields: { timeZone: { key: 'timeZoneUnknown' } },
    });
  return db.transaction(async (tx) => {
    const current = await getSettings(tx);
    const next = ShopSettingsSchema.parse({ ...current, ...checkedSellerPatch(patch, current) });
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
