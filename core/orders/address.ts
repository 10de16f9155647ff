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
  postalCode: z.string().trim().regex(/^\d{4}$/, 'A Swiss postcode has 4 digits'),
  city: req(80),
  country: z
    .string()
    .trim()
    .transform((c) => c.toUpperCase())
    .pipe(z.enum(DELIVERY_COUNTRIES, { error: 'We deliver in Switzerland only' })),
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

/**
 * Age in whole years on a day, from an ISO date of birth (`YYYY-MM-DD`). Someone born on 29 February
 * turns a year older on 1 March in common years.
 * @param today ISO date `YYYY-MM-DD` (the shop's day, Europe/Zurich).
 */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age--;
  return age;
}

/** Today's date in Switzerland, `YYYY-MM-DD`. */
export function swissToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Minimum age to buy tobacco (specification section 9). */
export const MINIMUM_AGE = 18;
