import { describe, expect, it } from 'vitest';
import { ageOn, swissToday } from './age.ts';
import { RegisterInput } from './validation.ts';
import { assertPasswordPolicy, isCommonPassword } from './password.ts';
import { translateFields } from '../i18n/resources.ts';
import { safeParseInput } from '../validation.ts';

describe('ageOn', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2008-05-10', '2026-05-09')).toBe(17);
    expect(ageOn('2008-05-10', '2026-05-10')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
  it('gives today in Zurich', () => {
    expect(swissToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});

describe('RegisterInput', () => {
  const ok = {
    firstName: 'Ana',
    lastName: 'Diaz',
    email: 'Ana@Example.CH ',
    phone: '+41 79 123 45 67',
    password: 'x',
    dateOfBirth: '1990-01-31',
    address: { street: 'Bahnhofstrasse 1', postalCode: '8001', city: 'Zürich' },
  };
  it('accepts a Swiss address and lower-cases the e-mail', () => {
    const r = RegisterInput.parse(ok);
    expect(r.email).toBe('ana@example.ch');
    expect(r.address.country).toBe('CH');
  });
  it("gives keyed field messages, in English the specification's texts", () => {
    const r = safeParseInput(RegisterInput, { ...ok, firstName: '', email: 'nope', address: { ...ok.address, postalCode: '' }, phone: 'x'.repeat(31) });
    expect(r.ok).toBe(false);
    const fields = r.ok ? {} : r.fields;
    expect(fields).toEqual({
      firstName: { key: 'fieldRequired' },
      email: { key: 'emailInvalid' },
      'address.postalCode': { key: 'fieldRequired' },
      phone: { key: 'tooLongMax', params: { max: 30 } },
    });
    expect(translateFields('en', fields)).toEqual({
      firstName: 'The field is required',
      email: 'The email is invalid',
      'address.postalCode': 'The field is required',
      phone: 'At most 30 characters',
    });
    expect(translateFields('de', fields).firstName).toBe('Dieses Feld ist erforderlich');
  });
  it('refuses postcodes that are not 4 digits, foreign countries and impossible dates', () => {
    expect(RegisterInput.safeParse({ ...ok, address: { ...ok.address, postalCode: '80011' } }).success).toBe(false);
    expect(RegisterInput.safeParse({ ...ok, address: { ...ok.address, country: 'DE' } }).success).toBe(false);
    expect(RegisterInput.safeParse({ ...ok, address: { ...ok.address, country: 'LI', postalCode: '9490' } }).success).toBe(true);
    expect(RegisterInput.safeParse({ ...ok, dateOfBirth: '1990-02-30' }).success).toBe(false);
  });
});

describe('password policy', () => {
  it('wants 10 characters and refuses common passwords', () => {
    expect(() => assertPasswordPolicy('short1!')).toThrow(/at least 10/);
    expect(isCommonPassword('Password123')).toBe(true);
    expect(() => assertPasswordPolicy('1234567890')).toThrow(/too common/);
    expect(() => assertPasswordPolicy('Kohiba-Siglo-VI-2026')).not.toThrow();
  });
});

describe('hashPassword', () => {
  it('uses argon2id and verifies', async () => {
    const { hashPassword, verifyPassword } = await import('./password.ts');
    const h = await hashPassword('Kohiba-Siglo-VI-2026');
    expect(h.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(h, 'Kohiba-Siglo-VI-2026')).toBe(true);
    expect(await verifyPassword(h, 'wrong')).toBe(false);
  });
});
