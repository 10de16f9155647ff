/**
 * Delivery addresses: Switzerland and Liechtenstein only (Liechtenstein shares the Swiss postcode
 * system and customs area; ADR 004 of the accounts module), 4-digit postcode.
 */
import { z } from 'zod';
import { DomainError } from '../errors.ts';
import { safeParseInput } from '../validation.ts';
import type { PostalAddress } from './schema.ts';

export const DELIVERY_COUNTRIES = ['CH', 'LI'] as const;

const req = (max: number) => z.string().trim().min(1, 'fieldRequired').max(max);

/** A delivery address as checkout accepts it. */
export const AddressSchema = z.object({
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
 * Validates a delivery address.
 * @throws {DomainError} `invalid` (400) with a keyed message per field.
 */
export function checkAddress(input: Partial<Record<keyof PostalAddress, unknown>>): PostalAddress {
  const r = safeParseInput(AddressSchema, input);
  if (r.ok) return r.data;
  const { fields } = r;
  const key = fields.country ? 'deliverySwitzerlandOnly' : fields.postalCode ? 'postcodeInvalid' : 'invalidInput';
  const names = Object.entries(fields).map(([f, m]) => `${f}: ${m.key}`);
  throw new DomainError('invalid', `Invalid address (${names.join(', ')})`, { key, fields });
}
