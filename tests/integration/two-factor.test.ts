/**
 * Two-factor log-in for admins (TOTP, RFC 6238): set-up with a first code and ten recovery
 * codes; afterwards the password alone no longer logs in, through the API (`user/login` answers
 * 401 `{ message, twoFactorRequired: true }`) or the /login page; each code works once; a
 * recovery code works once; and the shop can require it of every admin.
 */
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCreateUser } from '../../core/accounts/admin.ts';
import {
  checkSecondFactor,
  confirmTwoFactor,
  openSecret,
  sealSecret,
  setAdminTwoFactorRequired,
  startTwoFactor,
  twoFactorStatus,
} from '../../core/accounts/two-factor.ts';
import { twoFactor } from '../../core/db/schema/accounts-two-factor.ts';
import { auditLog } from '../../core/db/schema/audit.ts';
import { setRateLimits } from '../../core/rate-limit/limiter.ts';
import type { Shop } from '../../core/shop.ts';
import { eq } from 'drizzle-orm';
import type { ApiClient } from '../helpers/api.ts';
import { GOOD_PASSWORD, registration } from '../helpers/accounts.ts';
import type { TestHttp } from '../helpers/http.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;
let http: TestHttp;

beforeAll(async () => {
  ({ shop, api, http } = await openTestSuite({ catalogue: null, http: true }));
  await setRateLimits(shop, { login: { ip: 1000, account: 1000, duration: 900 }, password: { ip: 1000, account: 1000, duration: 900 } });
}, 60_000);
afterAll(() => shop.close());

/** A verified admin with a password. */
async function admin(): Promise<{ id: string; email: string }> {
  const reg = registration();
  const { id } = await adminCreateUser(shop.db, { ...reg, role: 'Admin' });
  return { id, email: reg.email };
}

const MINUTE_AGO = () => new Date(Date.now() - 60_000);
const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/**
 * Turns two-factor log-in on with a code of a minute ago, so that the current code (a later
 * 30-second step) is still unused for the log-ins of the test.
 */
async function withTwoFactor(userId: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = await startTwoFactor(shop, userId);
  const at = MINUTE_AGO();
  const { recoveryCodes } = await confirmTwoFactor(shop, userId, await codeAt(secret, at), at);
  return { secret, recoveryCodes };
}

describe('set-up', () => {
  it('a wrong first code turns nothing on; the right one gives ten distinct recovery codes and is audited', async () => {
    const a = await admin();
    const { secret, uri, qrSvg } = await startTwoFactor(shop, a.id);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(qrSvg).toMatch(/^<svg/);
    await expect(confirmTwoFactor(shop, a.id, '000000')).rejects.toMatchObject({ code: 'invalid' });
    expect((await twoFactorStatus(shop.db, a.id)).enabled).toBe(false);
    // until confirmed, the password alone still logs in
    expect((await api.post('/user/login', { email: a.email, password: GOOD_PASSWORD })).status).toBe(200);

    const { recoveryCodes } = await confirmTwoFactor(shop, a.id, await generate({ secret }));
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(await twoFactorStatus(shop.db, a.id)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    const audit = await shop.db.select().from(auditLog).where(eq(auditLog.entityId, a.id));
    expect(audit.map((e) => e.action)).toContain('user.twoFactorOn');
  });

  it('the secret is stored encrypted with a key from the session secret, not as text', async () => {
    const a = await admin();
    const { secret } = await startTwoFactor(shop, a.id);
    const [row] = await shop.db.select().from(twoFactor).where(eq(twoFactor.userId, a.id));
    expect(row.secretEnc).not.toContain(secret);
    expect(openSecret(shop.sessionSecret, row.secretEnc)).toBe(secret);
    expect(openSecret('another-session-secret-of-32-characters!', row.secretEnc)).toBeNull();
    expect(openSecret(shop.sessionSecret, sealSecret(shop.sessionSecret, 'ABC'))).toBe('ABC');
  });
});

describe('log-in through the API', () => {
  it('without otp 401 { message, twoFactorRequired: true }; with a valid otp 200; the same code twice is refused', async () => {
    const a = await admin();
    const { secret } = await withTwoFactor(a.id);
    const bare = await api.post('/user/login', { email: a.email, password: GOOD_PASSWORD });
    expect(bare.status).toBe(401);
    expect(bare.body).toEqual({ message: expect.any(String), twoFactorRequired: true });
    expect(bare.body.accesToken).toBeUndefined();

    const wrong = await api.post('/user/login', { email: a.email, password: GOOD_PASSWORD, otp: '123456' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.twoFactorRequired).toBe(true);

    const otp = await generate({ secret });
    const ok = await api.post('/user/login', { email: a.email, password: GOOD_PASSWORD, otp });
    expect(ok.status).toBe(200);
    expect(ok.body.accesToken).toEqual(expect.any(String));
    expect(ok.body.role).toBe('Admin');

    const replay = await api.post('/user/login', { email: a.email, password: GOOD_PASSWORD, otp });
    expect(replay.status).toBe(401);

    // a wrong password with a right code is still the one answer for bad credentials
    const badPassword = await api.post('/user/login', { email: a.email, password: 'Wrong-Password-2026', otp: await generate({ secret }) });
    expect(badPassword.status).toBe(401);
    expect(badPassword.body.twoFactorRequired).toBeUndefined();
  });

  it('a recovery code logs in once (any case, with or without dashes), then never again', async () => {
    const a = await admin();
    const { recoveryCodes } = await withTwoFactor(a.id);
    const code = recoveryCodes[3];
    const first = await api.post('/user/login', { email: a.email, password: GOOD_PASSWORD, otp: code.replace(/-/g, '').toLowerCase() });
    expect(first.status).toBe(200);
    const again = await api.post('/user/login', { email: a.email, password: GOOD_PASSWORD, otp: code });
    expect(again.status).toBe(401);
    expect((await twoFactorStatus(shop.db, a.id)).recoveryCodesLeft).toBe(9);
    expect(await checkSecondFactor(shop, a.id, recoveryCodes[4])).toBe('recovery');
  });
});

describe('log-in through the page', () => {
  it('the password alone brings the form back asking for the code and sets no cookie; with the code the session starts', async () => {
    const a = await admin();
    const { secret } = await withTwoFactor(a.id);
    const bare = await http.postForm('/login', { email: a.email, password: GOOD_PASSWORD, redirectTo: '/admin/home' });
    expect(bare.status).toBe(401);
    expect(bare.headers.getSetCookie().some((c) => c.startsWith('access_token='))).toBe(false);
    const html = await bare.text();
    expect(html).toContain('name="otp"');
    expect(html).toMatch(/autocomplete="one-time-code"/i);

    const ok = await http.postForm('/login', { email: a.email, password: GOOD_PASSWORD, otp: await generate({ secret }), redirectTo: '/admin/home' });
    expect(ok.status).toBe(200);
    const access = ok.headers.getSetCookie().find((c) => c.startsWith('access_token='));
    expect(access).toBeTruthy();
    const cookie = access!.split(';')[0];
    expect((await http.fetch('/admin/home', { cookie })).status).toBe(200);
  });

  it('the profile of an admin offers the set-up with a QR code and the secret as text', async () => {
    const a = await admin();
    const login = await api.post('/user/login', { email: a.email, password: GOOD_PASSWORD });
    const cookie = `access_token=${login.body.accesToken}`;
    const profile = await (await http.fetch('/profile', { cookie })).text();
    expect(profile).toContain('value="twoFactorStart"');
    const started = await http.postForm('/profile', { intent: 'twoFactorStart', currentPassword: GOOD_PASSWORD }, cookie);
    expect(started.status).toBe(200);
    const html = await started.text();
    expect(html).toContain('data:image/svg+xml;base64,');
    const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(html)![1].replace(/ /g, '');
    const confirmed = await http.postForm('/profile', { intent: 'twoFactorConfirm', otp: await generate({ secret }) }, cookie);
    expect(confirmed.status).toBe(200);
    expect((await confirmed.text()).match(/<code>[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}<\/code>/g)).toHaveLength(10);
    expect((await twoFactorStatus(shop.db, a.id)).enabled).toBe(true);
  });
});

describe('required for every admin', () => {
  it('only an admin who uses it can require it; then an admin without it is sent to set it up (page) or refused (API)', async () => {
    const careful = await admin();
    const other = await admin();
    await expect(setAdminTwoFactorRequired(shop.db, careful.id, true)).rejects.toMatchObject({ code: 'forbidden' });
    await withTwoFactor(careful.id);
    await setAdminTwoFactorRequired(shop.db, careful.id, true);
    try {
      const login = await api.post('/user/login', { email: other.email, password: GOOD_PASSWORD });
      expect(login.status).toBe(200);
      expect((await api.get('/user/list', { accestoken: login.body.accesToken })).status).toBe(403);
      const page = await http.fetch('/admin/home', { cookie: `access_token=${login.body.accesToken}`, redirect: 'manual' });
      expect(page.status).toBe(302);
      expect(page.headers.get('location')).toBe('/profile?twoFactor=required#two-factor');
      // the profile page itself stays open, so the admin can set it up
      expect((await http.fetch('/profile?twoFactor=required', { cookie: `access_token=${login.body.accesToken}` })).status).toBe(200);
      const { secret } = await withTwoFactor(other.id);
      const again = await api.post('/user/login', { email: other.email, password: GOOD_PASSWORD, otp: await generate({ secret }) });
      expect((await api.get('/user/list', { accestoken: again.body.accesToken })).status).toBe(200);
    } finally {
      await setAdminTwoFactorRequired(shop.db, careful.id, false);
    }
  });

  it('also on a data request addressed to one admin route alone and on an admin resource route, which skip the admin layout', async () => {
    const careful = await admin();
    const other = await admin();
    await withTwoFactor(careful.id);
    await setAdminTwoFactorRequired(shop.db, careful.id, true);
    try {
      const login = await api.post('/user/login', { email: other.email, password: GOOD_PASSWORD });
      const cookie = `access_token=${login.body.accesToken}`;
      // the user list's loader alone: a single-fetch redirect to the set-up, no user data
      const single = await http.fetch('/admin/user/list.data?_routes=routes%2Fadmin%2Fuser.list', { cookie, redirect: 'manual' });
      const body = await single.text();
      expect(single.status).toBe(202);
      expect(body).toContain('SingleFetchRedirect');
      expect(body).toContain('/profile?twoFactor=required#two-factor');
      expect(body).not.toContain(careful.email);
      expect(body).not.toContain('"users"');
      // the users' CSV export (a resource route outside the admin layout)
      const csv = await http.fetch('/admin/user/export', { cookie, redirect: 'manual' });
      expect(csv.status).toBe(302);
      expect(csv.headers.get('location')).toBe('/profile?twoFactor=required#two-factor');
      expect(await csv.text()).not.toContain(careful.email);
      // once set up, the same requests answer
      const { secret } = await withTwoFactor(other.id);
      const again = await api.post('/user/login', { email: other.email, password: GOOD_PASSWORD, otp: await generate({ secret }) });
      const after = await http.fetch('/admin/user/list.data?_routes=routes%2Fadmin%2Fuser.list', { cookie: `access_token=${again.body.accesToken}` });
      expect(after.status).toBe(200);
      expect(await after.text()).toContain(careful.email);
    } finally {
      await setAdminTwoFactorRequired(shop.db, careful.id, false);
    }
  });
});
