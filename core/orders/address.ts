/**
 * Delivery addresses: Switzerland, and Liechtenstein when the admin turns it on (ADR 014;
 * core/config/region.ts), 4-digit postcode.
 */
import { z } from 'zod';
import type { ShopSettings } from '../config/browser.ts';
import { DomainError } from '../errors.ts';
import { safeParseInput } from '../validation.ts';
import { regionContext, regionProblem, withRegionContext } from '../config/index.ts';
import type { PostalAddress } from '../db/index.ts';

/** Every country an address may name; the settings narrow it (core/config/region.ts). */
const DELIVERY_COUNTRIES = ['CH', 'LI'] as const;

const req = (max: number) => z.string().trim().min(1, 'fieldRequired').max(max);

/** A delivery address as checkout accepts it. */
const AddressSchema = z.object({
  firstName: req(80),
  lastName: req(80),
  street: req(120),
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'postcodeInvalid'),
  city: req(80),
  country: z
    .string()
    .trim()
    .transform((c) => c.toUpperCase())
    .pipe(z.enum(DELIVERY_COUNTRIES, { error: 'countryInvalid' })),
});

/**
 * Validates a delivery address against the delivery region of `settings`.
 * @param settings without them, Switzerland only (the specification's rule).
 * @throws {DomainError} `invalid` (400) with a keyed message per field; key
 *   `deliverySwitzerlandOnly` for a country (or Liechtenstein postcode) not delivered to.
 */
export function checkAddress(
  input: Partial<Record<keyof PostalAddress, unknown>>,
  settings: Pick<ShopSettings, 'deliverLiechtenstein'> = { deliverLiechtenstein: false },
): PostalAddress {
  const r = safeParseInput(AddressSchema, input);
  const fields = r.ok ? regionProblem(r.data, settings) : withRegionContext(r.fields, settings);
  if (!fields) return (r as { data: PostalAddress }).data;
  const key =
    fields.country || fields.postalCode?.key === 'postcodeLiechtenstein' ? 'deliverySwitzerlandOnly' : fields.postalCode ? 'postcodeInvalid' : 'invalidInput';
  const names = Object.entries(fields).map(([f, m]) => `${f}: ${m.key}`);
  throw new DomainError('invalid', `Invalid address (${names.join(', ')})`, { key, fields, params: { context: regionContext(settings) } });
}
