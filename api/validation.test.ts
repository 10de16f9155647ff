import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../core/errors.ts';
import { EMAIL_INVALID, parseWith, REQUIRED, validationError } from './validation.ts';

const Schema = z.object({
  name: z.string().trim().min(1),
  email: z.email(),
  count: z.number().int().min(1).max(999),
  address: z.object({ city: z.string().min(1) }),
});

function fieldsOf(value: unknown): Record<string, string> {
  try {
    parseWith(Schema, value);
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    expect((e as DomainError).code).toBe('invalid');
    return (e as DomainError).opts.fields ?? {};
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
    expect(Object.keys(f).sort()).toEqual(['count', 'name']);
    expect(f.name).toMatch(/string/);
    expect(f.count).toMatch(/>=\s*1|too small/i);
    expect(fieldsOf({ name: 'a', email: 'a@b.ch', count: 1.5, address: { city: 'Bern' } }).count).toMatch(/int/i);
  });

  it('puts a non-object body under "_"', () => {
    expect(Object.keys(fieldsOf('text'))).toEqual(['_']);
    expect(Object.keys(fieldsOf([]))).toEqual(['_']);
  });
});

describe('validationError', () => {
  it('keeps the first message per field and names the first field in the message', () => {
    const r = z.object({ a: z.string().min(3).regex(/^x/), b: z.number() }).safeParse({ a: 'y', b: 'z' });
    expect(r.success).toBe(false);
    if (r.success) return;
    const e = validationError(r.error);
    expect(Object.keys(e.opts.fields!)).toEqual(['a', 'b']);
    expect(e.message).toBe(`a: ${e.opts.fields!.a}`);
    expect(e.opts.key).toBe('invalidInput');
  });
});

describe('findNul on deep input', () => {
  it('walks 10,000 levels of nesting without overflowing the stack', async () => {
    const { findNul } = await import('./validation.ts');
    const deep = JSON.parse('['.repeat(10_000) + '"a\\u0000"' + ']'.repeat(10_000));
    expect(findNul(deep)).toBe(Array(10_000).fill('0').join('.'));
    expect(findNul(JSON.parse('['.repeat(10_000) + ']'.repeat(10_000)))).toBeNull();
  });
});
