/**
 * Validation at the API boundary (architecture guide: zod at every boundary; api-contract
 * "Conventions"): a missing field answers "The field is required", a bad e-mail
 * "The email is invalid", each under `fields`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z, type ZodType } from 'zod';
import { DomainError } from '../core/errors.ts';

/** Specification section 5 texts. */
export const REQUIRED = 'The field is required';
export const EMAIL_INVALID = 'The email is invalid';

z.config({
  customError: (iss) => {
    if (iss.input === undefined || iss.input === null || (iss.code === 'too_small' && iss.origin === 'string' && iss.input === ''))
      return REQUIRED;
    if (iss.code === 'invalid_format' && iss.format === 'email') return EMAIL_INVALID;
    return undefined;
  },
});

/** Turns a zod error into a 400 DomainError with a message per field (dotted path). */
export function validationError(error: z.ZodError): DomainError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = Object.entries(fields)[0];
  return new DomainError('invalid', first ? `${first[0]}: ${first[1]}` : 'Invalid input', { fields, key: 'invalidInput' });
}

/** Message for a text containing a NUL character (issue 12, finding 9). */
export const NUL_REFUSED = 'The text contains a NUL character, which is not allowed';

/**
 * The dotted path of the first string inside `value` that contains a NUL character (`\u0000`),
 * or null. PostgreSQL refuses NUL in text, so such input must be a 400, never a 500.
 */
export function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '_' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNul(value[i], [...path, String(i)]);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const hit = k.includes('\u0000') ? [...path, '_'].join('.') : findNul(v, [...path, k]);
      if (hit) return hit;
    }
  }
  return null;
}

/**
 * Parses a value with a schema; one rule for all input first: no NUL characters anywhere.
 * @throws {DomainError} `invalid` with per-field messages.
 */
export function parseWith<T extends ZodType>(schema: T, value: unknown): z.infer<T> {
  const nul = findNul(value);
  if (nul) throw new DomainError('invalid', `${nul}: ${NUL_REFUSED}`, { fields: { [nul]: NUL_REFUSED }, key: 'invalidInput' });
  const r = schema.safeParse(value);
  if (!r.success) throw validationError(r.error);
  return r.data;
}

/**
 * Reads and validates a JSON body.
 * @throws {DomainError} `invalid` when the body is not JSON or does not match the schema.
 */
export async function jsonBody<T extends ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new DomainError('invalid', 'The request body must be JSON', { key: 'bodyNotJson' });
  }
  return parseWith(schema, raw ?? {});
}

/** Validates the query string. @throws {DomainError} `invalid`. */
export function queryOf<T extends ZodType>(c: Context, schema: T): z.infer<T> {
  return parseWith(schema, c.req.query());
}

/**
 * Refuses request bodies larger than `maxBytes` with 413 `{ message }` before they are read
 * (a JSON call of the shop is a few hundred bytes; this keeps memory bounded).
 * @param maxBytes default 16 KiB.
 */
export function jsonBodyLimit(maxBytes = 16 * 1024): MiddlewareHandler {
  return bodyLimit({ maxSize: maxBytes, onError: (c) => c.json({ message: `The request body is larger than ${maxBytes} bytes` }, 413) });
}
