/**
 * Input validation shared by every core service, the JSON API and the web forms (one
 * way to turn a validation error into field messages). A zod error becomes keyed field messages
 * ({@link FieldMessage}: an `errors` catalogue key and its values), one per field (dotted path),
 * which core/i18n translates (`translateFields`) for the API's `fields` and the forms.
 *
 * Schemas name their own rule with a key as the message (`{ error: 'postcodeInvalid' }`); every
 * other issue gets a key from its kind here: missing -> `fieldRequired`, bad e-mail ->
 * `emailInvalid`, too long/short text -> `tooLongMax`/`tooShortMin` `{max|min}`, number out of
 * range -> `atMost`/`atLeast`, not a whole number -> `wholeNumber`, not one of the choices ->
 * `invalidChoice`, anything else -> `invalidValue`.
 */
import type { z } from 'zod';
import { DomainError, type FieldMessage, type FieldMessages } from './errors.ts';

/** Longest id or code a page reads from a link or form (uuids, order codes); longer text is cut, not an error, and then finds nothing. */
export const MAX_ID_LENGTH = 64;

/** A key of the `errors` catalogue (or `ns:path`), as schemas give it for their own rules. */
const KEY = /^([a-z]+:)?[a-z][A-Za-z0-9.]*$/;

/** The key of an issue that has no message of its schema (zod's per-parse error map; also the web forms' parser, app/lib/page-action.server.ts). */
export function keyOf(iss: z.core.$ZodRawIssue): string {
  if (iss.input === undefined || iss.input === null) return 'fieldRequired';
  if (iss.code === 'too_small' && iss.origin === 'string' && iss.input === '') return 'fieldRequired';
  if (iss.code === 'invalid_format' && iss.format === 'email') return 'emailInvalid';
  if (iss.code === 'too_big') return iss.origin === 'string' ? 'tooLongMax' : 'atMost';
  if (iss.code === 'too_small') return iss.origin === 'string' ? 'tooShortMin' : 'atLeast';
  if (iss.code === 'invalid_type' && iss.expected === 'int') return 'wholeNumber';
  if (iss.code === 'invalid_value') return 'invalidChoice';
  return 'invalidValue';
}

/** One zod issue as a keyed message (limits of too long/short values as `max`/`min`). */
export function messageOf(issue: z.core.$ZodIssue): FieldMessage {
  const key = KEY.test(issue.message) ? issue.message : 'invalidValue';
  if (key === 'fieldRequired') return { key };
  if (issue.code === 'too_big') return { key, params: { max: Number(issue.maximum) } };
  if (issue.code === 'too_small') return { key, params: { min: Number(issue.minimum) } };
  return { key };
}

/** The field messages of a zod error: the first issue of each dotted path (`_` for the root). */
function fieldMessagesOf(error: z.ZodError): FieldMessages {
  const fields: FieldMessages = {};
  for (const i of error.issues) fields[i.path.join('.') || '_'] ??= messageOf(i);
  return fields;
}

/** A 400 `DomainError` (key `invalidInput`) carrying `fields`; its (log) message names the fields and keys. */
export function invalidFields(fields: FieldMessages): DomainError {
  const names = Object.entries(fields).map(([f, m]) => `${f}: ${m.key}`);
  return new DomainError('invalid', names.length ? `Invalid input (${names.join(', ')})` : 'Invalid input', { key: 'invalidInput', fields });
}

/** The result of {@link safeParseInput}. */
export type ParseResult<T> = { ok: true; data: T } | { ok: false; fields: FieldMessages };

/** Parses `value` with `schema`; bad input gives keyed field messages instead of an exception. */
export function safeParseInput<T extends z.ZodType>(schema: T, value: unknown): ParseResult<z.infer<T>> {
  const r = schema.safeParse(value, { error: keyOf });
  return r.success ? { ok: true, data: r.data } : { ok: false, fields: fieldMessagesOf(r.error) };
}

/**
 * Parses `value` with `schema`.
 * @throws {DomainError} `invalid` (key `invalidInput`) with a keyed message per bad field.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = safeParseInput(schema, value);
  if (r.ok) return r.data;
  throw invalidFields(r.fields);
}

/**
 * The dotted path of the first string inside `value` that contains a NUL character (`\u0000`),
 * or null. PostgreSQL refuses NUL in text, so such input must be a 400, never a 500. Walks the
 * value with its own stack (depth-first, in order), so deeply nested input cannot overflow the
 * call stack.
 */
export function findNul(value: unknown, path: string[] = []): string | null {
  const stack: Array<[unknown, string[]]> = [[value, path]];
  while (stack.length) {
    const [v, p] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return p.join('.') || '_';
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], [...p, String(i)]]);
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i];
        if (k.includes('\u0000')) return [...p, '_'].join('.');
        stack.push([child, [...p, k]]);
      }
    }
  }
  return null;
}
