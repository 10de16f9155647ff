/** The `account` namespace is complete in the five picker languages, and so are the accounts keys of `errors` and the account mails. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PICKER_LOCALES } from '../../core/i18n/browser.ts';

const dir = path.join(import.meta.dirname, '../../core/i18n/locales');
const read = (lng: string, ns: string) => JSON.parse(fs.readFileSync(path.join(dir, lng, `${ns}.json`), 'utf8'));
function keys(o: object, prefix = ''): string[] {
  return Object.entries(o)
    .flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))
    .sort();
}
const ACCOUNT_ERRORS = [
  'fieldRequired',
  'emailInvalid',
  'postcodeInvalid',
  'underage',
  'passwordTooShort',
  'passwordCommon',
  'passwordsDiffer',
  'currentPasswordWrong',
  'linkInvalid',
  'badCredentials',
  'emailNotConfirmed',
  'sessionEnded',
  'rateLimited',
];

describe('account texts', () => {
  for (const lng of PICKER_LOCALES) {
    it(`${lng}: every account key, no empty text, the accounts' error texts and mails`, () => {
      const t = read(lng, 'account');
      expect(keys(t)).toEqual(keys(read('en', 'account')));
      expect(keys(t).every((k) => String(k.split('.').reduce((o: any, p) => o[p], t)).trim() !== '')).toBe(true);
      const errors = read(lng, 'errors');
      for (const k of ACCOUNT_ERRORS) expect(errors[k], `${lng} errors.${k}`).toBeTruthy();
      const mail = read(lng, 'mail');
      for (const k of ['confirm', 'reset', 'accountExists', 'passwordChanged']) expect(keys(mail[k]), `${lng} mail.${k}`).toEqual(keys(read('en', 'mail')[k]));
    });
  }
});
