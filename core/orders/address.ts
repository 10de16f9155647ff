/**
 * Delivery addresses: Switzerland and Liechtenstein only (Liechtenstein shares the Swiss postcode
 * system and customs area; ADR 004 of the accounts module), 4-digit postcode.
 */
import { z } from 'zod';
import { DomainError } from '../errors.ts';
import type { PostalAddress } from './schema.ts';

export const DELIVERY_COUNTRIES = ['CH', 'LI'] as const;

const req = (max: number) => z.string().trim().min(1, 'The field is required').max(max);

/** A delivery address as checkout accepts it. */
export const AddressSchema = z.object({
  firstName: req(80),
  lastName: req(80),
  street: req(120),
  postalCode: z.string().trim().regex(/^\d{4}$/, 'A postcode has 4 digits (Switzerland or Liechtenstein)'),
  city: req(80),
  country: z
    .string()
    .trim()
    .transform((c) => c.toUpperCase())
    .pipe(z.enum(DELIVERY_COUNTRIES, { error: 'We deliver in Switzerland and Liechtenstein only' })),
});

/**
 * Validates a delivery address.
 * @throws {DomainError} `invalid` (400) with a message per field.
 */
export function checkAddress(input: Partial<Record<keyof PostalAddress, unknown>>): PostalAddress {
  const r = AddressSchema.safeParse(input);
  if (r.success) return r.data;
  const fields: Record<string, string> = {};
  for (const i of r.error.issues) fields[String(i.path[0] ?? '_')] ??= i.message;
  const first = Object.entries(fields)[0];
  const key = fields.country ? 'deliverySwitzerlandOnly' : fields.postalCode ? 'postcodeInvalid' : 'invalidInput';
  throw new DomainError('invalid', first ? `${first[0]}: ${first[1]}` : 'Invalid address', { key, fields });
}
