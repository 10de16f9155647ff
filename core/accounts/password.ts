/**
 * Password policy and hashing (docs/architecture.md: argon2id with `@node-rs/argon2`):
 * at least 10 characters, at most 200, and not one of the ~49,000 most common passwords
 * (the list of `@zxcvbn-ts/language-common`, compared case-insensitively).
 */
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { DomainError } from '../errors.ts';

/** Minimum password length, characters. */
const PASSWORD_MIN = 10;
/** Maximum password length, characters (keeps hashing cost bounded). */
const PASSWORD_MAX = 200;

let common: Set<string> | null = null;

/** Whether a password is on the common-password list (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary.passwords as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/**
 * Checks a new password against the policy.
 * @param field the form field to blame (default `password`).
 * @throws {DomainError} `invalid` with key `passwordTooShort`, `passwordTooLong` or `passwordCommon`.
 */
export function assertPasswordPolicy(password: string, field = 'password'): void {
  if (password.length < PASSWORD_MIN) {
    const msg = `The password must have at least ${PASSWORD_MIN} characters`;
    throw new DomainError('invalid', msg, {
      key: 'passwordTooShort',
      params: { min: PASSWORD_MIN },
      fields: { [field]: { key: 'passwordTooShort', params: { min: PASSWORD_MIN } } },
    });
  }
  if (password.length > PASSWORD_MAX) {
    const msg = `The password must have at most ${PASSWORD_MAX} characters`;
    throw new DomainError('invalid', msg, {
      key: 'passwordTooLong',
      params: { max: PASSWORD_MAX },
      fields: { [field]: { key: 'passwordTooLong', params: { max: PASSWORD_MAX } } },
    });
  }
  if (isCommonPassword(password)) {
    const msg = 'This password is too common, please choose another one';
    throw new DomainError('invalid', msg, { key: 'passwordCommon', fields: { [field]: { key: 'passwordCommon' } } });
  }
}

/**
 * argon2id hash (PHC string `$argon2id$...`) of a password, with the library's defaults
 * (argon2id, m = 19 MiB, t = 2, p = 1: the OWASP recommendation).
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Whether `password` matches a stored hash; false (never throws) for a malformed hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/**
 * Spends the time of one verification without a user, so that an unknown e-mail answers as slowly
 * as a wrong password (no user enumeration by timing).
 */
export async function verifyDummy(password: string): Promise<false> {
  dummy ??= hashPassword('dummy password for timing only');
  await verifyPassword(await dummy, password);
  return false;
}
