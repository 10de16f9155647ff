/**
 * "Two-factor required for every admin" (SECURITY.md, third review, N3), as its attack and the
 * refusal (on PGlite and, with TEST_DATABASE_URL, on PostgreSQL): an admin without two-factor
 * log-in is a Customer everywhere (the API's "this customer or an admin" calls, the order, invoice,
 * credit-note and return-photo pages), may not change the policy, and sets two-factor log-in up
 * only with the password asked again; turning it on or off mails every admin and ends the
 * account's other sessions.
 */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { setAdminTwoFactorRequired, twoFactorStatus } from '../../core/accounts/two-factor.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { GOOD_PASSWORD } from '../helpers/accounts.ts';
import { bearer, useAccountSuite } from '../helpers/account-security.ts';
import { createCustomer } from '../helpers/customers.ts';

const t = useAccountSuite();
const { accessName, refreshName, admin, withTwoFactor, waitForMails, sessionCookie, bobWithDocuments } = t;

describe('two-factor required for every admin: an admin without it has no admin powers anywhere', () => {
  it('API calls for another customer, and the order, invoice, credit-note and return-photo pages, refuse such an admin; after set-up they answer', async () => {
    const careful = await admin();
    const { secret: carefulSecret } = await withTwoFactor(careful.id);
    const bob = await createCustomer(t.shop);
    const { order, urls } = await bobWithDocuments(bob);
    const ops = await admin();
    await setAdminTwoFactorRequired(t.shop.db, careful.id, true);
    try {
      const signedIn = await t.api.post('/user/login', { email: ops.email, password: GOOD_PASSWORD });
      expect(signedIn.status).toBe(200);
      const h = bearer(signedIn.body.accesToken);
      const calls = {
        list: () => t.api.get('/user/list', h),
        getUser: () => t.api.get(`/user/getUser?userID=${bob.id}`, h),
        orders: () => t.api.get(`/order/list?userID=${bob.id}`, h),
        order: () => t.api.get(`/order/get?id=${order.id}`, h),
        cart: () => t.api.get(`/cart/carts?userID=${bob.id}`, h),
        influencer: () => t.api.get(`/user/influencer?userID=${bob.id}`, h),
        updateProfile: () =>
          t.api.post(
            '/user/updateProfile',
            { userID: bob.id, firstName: 'Eve', lastName: 'Owned', phone: '+41 79 000 00 00', address: { street: 'Weg 1', postalCode: '3000', city: 'Bern' } },
            h,
          ),
      };
      const answers: Record<string, number> = {};
      for (const [name, call] of Object.entries(calls)) answers[name] = (await call()).status;
      // someone else's data: 403, or "not found" where an order's existence is not revealed
      expect(answers).toEqual({ list: 403, getUser: 403, orders: 403, order: 404, cart: 403, influencer: 403, updateProfile: 403 });
      expect((await t.api.get('/user/list', h)).body.message).toBe('Set up two-factor log-in on your profile first');
      // the same admin's own data still answers
      expect((await t.api.get(`/user/getUser?userID=${ops.id}`, h)).status).toBe(200);

      // the pages with the web session cookie, and the documents also with the token header
      const cookie = `${accessName()}=${signedIn.body.accesToken}`;
      for (const url of Object.values(urls)) expect([url, (await t.http.fetch(url, { cookie })).status]).toEqual([url, 404]);
      for (const url of [urls.invoice, urls.creditNote, urls.photo]) expect([url, (await t.http.fetch(url, { headers: h })).status]).toEqual([url, 404]);
      const home = await t.http.fetch('/admin/home', { cookie, redirect: 'manual' });
      expect(home.status).toBe(302);
      expect(home.headers.get('location')).toBe('/profile?twoFactor=required#two-factor');
      // and it may not turn the policy off
      expect((await t.http.postForm('/profile', { intent: 'twoFactorPolicy' }, cookie)).status).toBe(403);
      expect(await twoFactorStatus(t.shop.db, ops.id)).toMatchObject({ enabled: false });

      // an admin who meets the policy sees it all
      const good = await t.api.post('/user/login', { email: careful.email, password: GOOD_PASSWORD, otp: await generate({ secret: carefulSecret }) });
      expect(good.status).toBe(200);
      const gh = bearer(good.body.accesToken);
      expect((await t.api.get(`/user/getUser?userID=${bob.id}`, gh)).status).toBe(200);
      expect((await t.api.get(`/order/get?id=${order.id}`, gh)).status).toBe(200);
      const goodCookie = `${accessName()}=${good.body.accesToken}`;
      for (const url of Object.values(urls)) expect([url, (await t.http.fetch(url, { cookie: goodCookie })).status]).toEqual([url, 200]);
      for (const url of [urls.invoice, urls.creditNote, urls.photo]) expect([url, (await t.http.fetch(url, { headers: gh })).status]).toEqual([url, 200]);
    } finally {
      await setAdminTwoFactorRequired(t.shop.db, careful.id, false);
    }
  });

  it('a password-only session sets up two-factor log-in only with the password again; every admin is mailed in their language; other sessions end', async () => {
    const careful = await admin('de');
    await withTwoFactor(careful.id);
    const ops = await admin();
    await setAdminTwoFactorRequired(t.shop.db, careful.id, true);
    try {
      // two sessions of ops, password only: a web one (cookies) and an API one
      const web = await t.http.postForm('/login', { email: ops.email, password: GOOD_PASSWORD, redirectTo: '/profile' });
      const cookie = sessionCookie(web);
      expect(cookie).toContain(refreshName());
      const other = await t.api.post('/user/login', { email: ops.email, password: GOOD_PASSWORD });

      // no password, or a wrong one: no set-up starts
      for (const currentPassword of [undefined, 'Not-the-password-1']) {
        const refused = await t.http.postForm('/profile', { intent: 'twoFactorStart', ...(currentPassword && { currentPassword }) }, cookie);
        expect(refused.status).toBe(400);
        const html = await refused.text();
        expect(html).toContain('The current password is wrong');
        expect(html).not.toContain('data-testid="totp-secret"');
      }
      const started = await t.http.postForm('/profile', { intent: 'twoFactorStart', currentPassword: GOOD_PASSWORD }, cookie);
      expect(started.status).toBe(200);
      const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(await started.text())![1].replace(/ /g, '');
      const on = await t.http.postForm('/profile', { intent: 'twoFactorConfirm', otp: await generate({ secret }) }, cookie);
      expect(on.status).toBe(200);
      expect(await twoFactorStatus(t.shop.db, ops.id)).toMatchObject({ enabled: true });

      // every active admin is told, each in their language, with a link to the account
      const admins = await t.shop.db
        .select({ email: users.email, locale: users.locale, blockedAt: users.blockedAt })
        .from(users)
        .where(eq(users.role, 'Admin'));
      for (const a of admins.filter((x) => !x.blockedAt)) {
        const [mail] = await waitForMails(a.email, `/admin/user/details?id=${ops.id}`);
        expect(mail).toContain(ops.email);
        if (a.email === careful.email) expect(mail).toContain('eingeschaltet');
        if (a.locale === 'en') expect(mail).toContain('Two-factor log-in was just turned on for the admin account');
      }
      // the other (password-only) session has ended: its access token and its refresh token
      expect((await t.api.get(`/user/getUser?userID=${ops.id}`, bearer(other.body.accesToken))).status).toBe(417);
      expect((await t.api.post('/token/refresh', { refreshToken: other.body.refreshToken })).status).toBe(401);
      // this one goes on (its access token is renewed from its refresh token) and now reaches the admin
      const home = await t.http.fetch('/admin/home', { cookie, redirect: 'manual' });
      expect(home.status).toBe(200);
    } finally {
      await setAdminTwoFactorRequired(t.shop.db, careful.id, false);
    }
  });

  it('turning two-factor log-in off asks for the password and a code, and mails every admin', async () => {
    const ops = await admin();
    const { recoveryCodes } = await withTwoFactor(ops.id);
    const witness = await admin();
    const signedIn = await t.api.post('/user/login', { email: ops.email, password: GOOD_PASSWORD, otp: recoveryCodes[0] });
    const cookie = `${accessName()}=${signedIn.body.accesToken}`;
    const wrong = await t.http.postForm('/profile', { intent: 'twoFactorDisable', otp: recoveryCodes[1], currentPassword: 'Not-the-password-1' }, cookie);
    expect(wrong.status).toBe(400);
    expect(await twoFactorStatus(t.shop.db, ops.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
    const off = await t.http.postForm('/profile', { intent: 'twoFactorDisable', otp: recoveryCodes[1], currentPassword: GOOD_PASSWORD }, cookie);
    expect(off.status).toBe(200);
    expect(await twoFactorStatus(t.shop.db, ops.id)).toMatchObject({ enabled: false });
    const [mail] = await waitForMails(witness.email, `/admin/user/details?id=${ops.id}`);
    expect(mail).toContain('Two-factor log-in was just turned off for the admin account');
  });
});
