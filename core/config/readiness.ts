/**
 * Ready to sell: the seller data a new shop is seeded with (IBAN, VAT number, address, WhatsApp,
 * social links in {@link DEFAULT_SETTINGS}) are examples. A field counts as an example while it
 * still holds the seeded value; saving the owner's own value in the admin settings ends that.
 * Comparing with the seed (rather than keeping a flag) needs no migration and stays right when
 * the settings are changed by any route (admin page, script, SQL).
 *
 * In production a QR-bill with the example IBAN would send customers' money to an account that
 * is not the shop's: bank transfer is then not offered ({@link qrBillBlockedByExampleIban}).
 */
import type { Env } from './env.ts';
import { DEFAULT_SETTINGS, type ShopSettings } from './settings.ts';
import { invalidSellerFields } from './seller.ts';

/** The seller fields that are seeded with example values, in the order the admin sees them. */
const EXAMPLE_SELLER_FIELDS = [
  'iban',
  'vatNumber',
  'dir',
  'street',
  'buildingNumber',
  'postalCode',
  'city',
  'whatsapp',
  'telegram',
  'facebook',
  'instagram',
] as const satisfies readonly (keyof ShopSettings)[];

export type ExampleSellerField = (typeof EXAMPLE_SELLER_FIELDS)[number];

/** Compares ignoring spaces and case (an IBAN typed `ch44 3199…` is the same IBAN). */
const same = (a: string, b: string) => a.replace(/\s+/g, '').toLowerCase() === b.replace(/\s+/g, '').toLowerCase();

/**
 * The seller fields that still hold the seeded example value. Empty social links are the owner's
 * choice (no link), not examples.
 */
export function exampleSellerFields(s: Pick<ShopSettings, ExampleSellerField>): ExampleSellerField[] {
  return EXAMPLE_SELLER_FIELDS.filter((f) => s[f] !== '' && same(s[f], DEFAULT_SETTINGS[f]));
}

/** Whether `iban` is the seeded example IBAN. */
function isExampleIban(iban: string): boolean {
  return same(iban, DEFAULT_SETTINGS.iban);
}

/**
 * Whether a real production shop must not issue QR-bills: `NODE_ENV=production`, the IBAN is
 * still the example and the shop is not in test mode (`PAYMENT_SANDBOX=on`, which every page
 * announces as "Test mode — no real payments", as the end-to-end tests run it). Development and
 * tests keep bank transfer so the example shop can be tried out.
 */
export function qrBillBlockedByExampleIban(env: Pick<Env, 'NODE_ENV' | 'PAYMENT_SANDBOX'>, s: Pick<ShopSettings, 'iban'>): boolean {
  return env.NODE_ENV === 'production' && env.PAYMENT_SANDBOX !== 'on' && isExampleIban(s.iban);
}

/**
 * The start-up report's lines about example seller data and about stored seller data a QR-bill or
 * invoice cannot carry (core/config/seller.ts); empty when the owner has saved valid data.
 */
export function sellerDataReport(env: Pick<Env, 'NODE_ENV' | 'PAYMENT_SANDBOX'>, s: ShopSettings): string[] {
  const fields = exampleSellerFields(s);
  const invalid = Object.keys(invalidSellerFields(s)).filter((f) => !(fields as string[]).includes(f));
  const lines: string[] = [];
  if (invalid.length)
    lines.push(`Seller data is not valid (${invalid.join(', ')}): QR-bills and invoices cannot be made with it; correct it at /admin/settings.`);
  if (fields.length === 0) return lines;
  lines.push(`Seller data still holds the seeded examples (${fields.join(', ')}): replace them at /admin/settings before selling.`);
  if (qrBillBlockedByExampleIban(env, s)) lines.push('  - iban: bank transfer (QR-bill) is not offered until the shop’s own IBAN is saved');
  return lines;
}
