/**
 * The personal hint on both ends (ADR 027): what the server reads from its own
 * Set-Cookie headers (server/personal-hint.ts) and what the browser reads from `document.cookie`.
 */
import { describe, expect, it } from 'vitest';
import { setCookieEffect } from '../../server/personal-hint.ts';
import { personalHint } from '../../app/lib/personal.ts';

describe('setCookieEffect', () => {
  it('tells a set cookie from a cleared one (empty value, Max-Age=0, Expires in the past); the last header wins', () => {
    expect(setCookieEffect(['access_token=abc; Max-Age=900; Path=/; HttpOnly'], 'access_token')).toBe('set');
    expect(setCookieEffect(['access_token=; Max-Age=0; Path=/'], 'access_token')).toBe('cleared');
    expect(setCookieEffect(['access_token=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT'], 'access_token')).toBe('cleared');
    expect(setCookieEffect(['access_token=x; Max-Age=0', 'access_token=y; Max-Age=900'], 'access_token')).toBe('set');
    expect(setCookieEffect(['cart_id=x; Max-Age=900', 'xaccess_token=y'], 'access_token')).toBeNull();
  });
});

describe('personalHint', () => {
  it('finds the hint under its plain and __Host- names only', () => {
    expect(personalHint('theme=dark; personal=1')).toEqual({ name: 'personal', value: '1' });
    expect(personalHint('__Host-personal=2; lang=de')).toEqual({ name: '__Host-personal', value: '2' });
    expect(personalHint('impersonal=1; personalx=1')).toBeNull();
    expect(personalHint('')).toBeNull();
  });
});
