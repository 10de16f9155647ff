/**
 * Input validation shared by every core service, the JSON API and the web forms: a zod error
 * becomes one `DomainError` (`invalid`, key `invalidInput`) with a message per field (dotted path).
 */
import type { z } from 'zod';
import { DomainError } from './errors.ts';

/** The per-field messages of a zod error: the first issue of each dotted path (`_` for the root). */
export function zodFieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const i of error.issues) fields[i.path.join('.') || '_'] ??= i.message;
  return fields;
}

/** A 400 `DomainError` (key `invalidInput`) carrying `fields`; its message names the first field. */
export function invalidFields(fields: Record<string, string>): DomainError {
  const [first] = Object.entries(fields);
  return new DomainError('invalid', first ? `${first[0]}: ${first[1]}` : 'Invalid input', { key: 'invalidInput', fields });
}

/**
 * Parses `value` with `schema`.
 * @throws {DomainError} `invalid` (key `invalidInput`) with a message per bad field.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  throw invalidFields(zodFieldMessages(r.error));
}
