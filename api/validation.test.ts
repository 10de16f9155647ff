import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../core/errors.ts';
import { translateFields } from '../core/i18n/resources.ts';
import { parseWith } from './validation.ts';

const REQUIRED = 'The field is required';
const EMAIL_INVALID = 'The email is invalid';

const Schema = z.object({
  name: z.string().trim().min(1),
  email: z.email(),
  count: z.number().int().min(1).max(999),
  address: z.object({ city: z.string().min(1) }),
});

/** The field messages of the error, as the API answers them in English. */
function fieldsOf(value: unknown, schema: z.ZodType = Schema): Record<string, string> {
  try {
    parseWith(schema, value);
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    expect((e as DomainError).code).toBe('invalid');
    expect((e as DomainError).opts.key).toBe('invalidInput');
    return translateFields('en', (e as DomainError).opts.fields);
  }
  throw new Error('expected a validation error');
}

describe('parseWith', () => {
  it('returns the parsed value', () => {
    expect(parseWith(Schema, { name: ' Ana ', email: 'ana@example.ch', count: 2, address: { city: 'Bern' } })).toEqual({
      name: 'Ana',
      email: 'ana@example.ch',
      count: 2,
      address: { city: 'Bern' },
    });
  });

  it('says "The field is required" for missing, null and empty fields, with dotted paths', () => {
    expect(fieldsOf({})).toEqual({ name: REQUIRED, email: REQUIRED, count: REQUIRED, address: REQUIRED });
    expect(fieldsOf({ name: '', email: null, count: 1, address: {} })).toEqual({ name: REQUIRED, email: REQUIRED, 'address.city': REQUIRED });
    expect(fieldsOf({ name: '   ', email: 'a@b.ch', count: 1, address: { city: 'Bern' } })).toEqual({ name: REQUIRED });
  });

  it('says "The email is invalid" for a bad e-mail', () => {
    expect(fieldsOf({ name: 'Ana', email: 'not-an-email', count: 1, address: { city: 'Bern' } })).toEqual({ email: EMAIL_INVALID });
  });

  it('names wrong types and out-of-range numbers', () => {
    const f = fieldsOf({ name: 5, email: 'a@b.ch', count: 0, address: { city: 'Bern' } });
    expect(f).toEqual({ name: 'This value is not valid', count: 'At least 1' });
    expect(fieldsOf({ name: 'a', email: 'a@b.ch', count: 1000, address: { city: 'Bern' } }).count).toBe('At most 999');
    expect(fieldsOf({ name: 'a', email: 'a@b.ch', count: 1.5, address: { city: 'Bern' } }).count).toBe('Please enter a whole number');
  });

  it('gives the limits of texts and the refusal of an unknown choice', () => {
    const S = z.object({ code: z.string().min(3).max(5), kind: z.enum(['a', 'b']) });
    expect(fieldsOf({ code: 'toolong', kind: 'c' }, S)).toEqual({ code: 'At most 5 characters', kind: 'Please choose one of the options' });
    expect(fieldsOf({ code: 'ab', kind: 'a' }, S)).toEqual({ code: 'At least 3 characters' });
  });

  it("keeps a rule's own key, and refuses NUL characters with their own message", () => {
    expect(fieldsOf({ p: '123' }, z.object({ p: z.string().regex(/^\d{4}$/, 'postcodeInvalid') }))).toEqual({
      p: 'Please enter a 4-digit Swiss postcode',
    });
    expect(fieldsOf({ name: 'a\u0000' })).toEqual({ name: 'The text contains a NUL character, which is not allowed' });
  });

  it('puts a non-object body under "_"', () => {
    expect(Object.keys(fieldsOf('text'))).toEqual(['_']);
    expect(Object.keys(fieldsOf([]))).toEqual(['_']);
  });
});

describe('findNul on deep input', () => {
  it('walks 10,000 levels of nesting without overflowing the stack', async () => {
    const { findNul } = await import('../core/validation.ts');
    const deep = JSON.parse('['.repeat(10_000) + '"a\\u0000"' + ']'.repeat(10_000));
    expect(findNul(deep)).toBe(Array(10_000).fill('0').join('.'));
    expect(findNul(JSON.parse('['.repeat(10_000) + ']'.repeat(10_000)))).toBeNull();
  });
});
