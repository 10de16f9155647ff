/**
 * An access token ends at once with its session (SECURITY.md, third review, N7): after log-out,
 * a password change or two-factor set-up, the ended session's token and page cookie are refused
 * at once, not 15 minutes later (on PGlite and, with TEST_DATABASE_URL, on PostgreSQL).
 */
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { adminCreateUser } from '../../core/accounts/admin.ts';
import { GOOD_PASSWORD, registration } from '../helpers/accounts.ts';
import { bearer, useAccountSuite } from '../helpers/account-security.ts';

const t = useAccountSuite();
const { accessName, admin, withTwoFactor, sessionCookie } = t;

describe('an access token ends with its session at once', () => {
  it('log-out: the API token and the page cookie of the ended session are refused at once', async () => {
    const reg = registration();
    await adminCreateUser(t.shop.db, { ...reg, role: 'Customer' });
    const s = await t.api.post('/user/login', { email: reg.email, password: GOOD_PASSWORD });
    const me = `/user/getUser?userID=${s.body.userId}`;
    expect((await t.api.get(me, bearer(s.body.accesToken))).status).toBe(200);
    await t.api.post('/user/logout', { refreshToken: s.body.refreshToken });
    // "expired" (417): a client refreshes, and the ended session's refresh token is refused
    expect((await t.api.get(me, bearer(s.body.accesToken))).status).toBe(417);
    expect((await t.api.post('/token/refresh', { refreshToken: s.body.refreshToken })).status).toBe(401);

    const web = await t.http.postForm('/login', { email: reg.email, password: GOOD_PASSWORD, redirectTo: '/profile' });
    const cookie = sessionCookie(web);
    const access = cookie.split('; ').find((c) => c.startsWith(`${accessName()}=`))!;
    expect((await t.http.fetch('/profile', { cookie: access })).status).toBe(200);
    await t.http.postForm('/logout', {}, cookie);
    const after = await t.http.fetch('/profile', { cookie: access, redirect: 'manual' });
    expect(after.status).toBe(302);
    expect(after.headers.get('location')).toMatch(/^\/login/);
  });

  it('password change: every other session’s access token is refused at once; the changing session goes on', async () => {
    const reg = registration();
    await adminCreateUser(t.shop.db, { ...reg, role: 'Customer' });
    const mine = await t.api.post('/user/login', { email: reg.email, password: GOOD_PASSWORD });
    const theirs = await t.api.post('/user/login', { email: reg.email, password: GOOD_PASSWORD });
    const me = `/user/getUser?userID=${mine.body.userId}`;
    expect((await t.api.get(me, bearer(theirs.body.accesToken))).status).toBe(200);
    const changed = await t.api.post(
      '/user/changePassword',
      { userID: mine.body.userId, currentPassword: GOOD_PASSWORD, newPassword: 'Another-Robusto-2027', refreshToken: mine.body.refreshToken },
      bearer(mine.body.accesToken),
    );
    expect(changed.status).toBe(200);
    expect((await t.api.get(me, bearer(theirs.body.accesToken))).status).toBe(417);
    expect((await t.api.post('/token/refresh', { refreshToken: theirs.body.refreshToken })).status).toBe(401);
    // the session that changed it refreshes once and goes on
    const renewed = await t.api.post('/token/refresh', { refreshToken: mine.body.refreshToken });
    expect(renewed.status).toBe(200);
    expect((await t.api.get(me, bearer(renewed.body.accesToken))).status).toBe(200);
  });

  it('two-factor set-up: the sessions opened before it with the password alone are refused at once', async () => {
    const a = await admin();
    const before = await t.api.post('/user/login', { email: a.email, password: GOOD_PASSWORD });
    const me = `/user/getUser?userID=${a.id}`;
    expect((await t.api.get(me, bearer(before.body.accesToken))).status).toBe(200);
    const { secret } = await withTwoFactor(a.id);
    expect((await t.api.get(me, bearer(before.body.accesToken))).status).toBe(417);
    expect((await t.api.post('/token/refresh', { refreshToken: before.body.refreshToken })).status).toBe(401);
    const now = await t.api.post('/user/login', { email: a.email, password: GOOD_PASSWORD, otp: await generate({ secret }) });
    expect((await t.api.get(me, bearer(now.body.accesToken))).status).toBe(200);
  });
});
