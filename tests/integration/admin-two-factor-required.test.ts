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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdminTwoFactorRequired, twoFactorStatus } from '../../core/accounts/two-factor.ts';
import { users } from '../../core/db/schema/accounts.ts';
import type { Shop } from '../../core/shop.ts';
import { GOOD_PASSWORD } from '../helpers/accounts.ts';
import { accountHelpers, bearer, openAccountSuite } from '../helpers/account-security.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createCustomer } from '../helpers/customers.ts';
import type { TestHttp } from '../helpers/http.ts';
import type { TestSmtp } from '../helpers/smtp.ts';

let shop: Shop;
let api: ApiClient;
let http: TestHttp;
let smtp: TestSmtp;

beforeAll(async () => {
  ({ shop, api, http, smtp } = await openAccountSuite());
}, 60_000);
afterAll(() => shop?.close());

const { accessName, refreshName, admin, withTwoFactor, waitForMails, sessionCookie, bobWithDocuments } = accountHelpers(() => ({ shop, smtp }));

describe('two-factor required for every admin: an admin without it has no admin powers anywhere', () => {
  it('API calls for another customer, and the order, invoice, credit-note and return-photo pages, refuse such an admin; after set-up they answer', async () => {
    const careful = await admin();
    const { secret: carefulSecret } = await withTwoFactor(careful.id);
    const bob = await createCustomer(shop);
    const { order, urls } = await bobWithDocuments(bob);
    const ops = await admin();
    await setAdminTwoFactorRequired(shop.db, careful.id, true);
    try {
      const signedIn = await api.post('/user/login', { email: ops.email, password: GOOD_PASSWORD });
      expect(signedIn.status).toBe(200);
      const h = bearer(signedIn.body.accesToken);
      const calls = {
        list: () => api.get('/user/list', h),
        getUser: () => api.get(`/user/getUser?userID=${bob.id}`, h),
        orders: () => api.get(`/order/list?userID=${bob.id}`, h),
        order: () => api.get(`/order/get?id=${order.id}`, h),
        cart: () => api.get(`/cart/carts?userID=${bob.id}`, h),
        influencer: () => api.get(`/user/influencer?userID=${bob.id}`, h),
        updateProfile: () =>
          api.post(
            '/user/updateProfile',
            { userID: bob.id, firstName: 'Eve', lastName: 'Owned', phone: '+41 79 000 00 00', address: { street: 'Weg 1', postalCode: '3000', city: 'Bern' } },
            h,
          ),
      };
      const answers: Record<string, number> = {};
      for (const [name, call] of Object.entries(calls)) answers[name] = (await call()).status;
      // someone else's data: 403, or "not found" where an order's existence is not revealed
      expect(answers).toEqual({ list: 403, getUser: 403, orders: 403, order: 404, cart: 403, influencer: 403, updateProfile: 403 });
      expect((await api.get('/user/list', h)).body.message).toBe('Set up two-factor log-in on your profile first');
      // the same admin's own data still answers
      expect((await api.get(`/user/getUser?userID=${ops.id}`, h)).status).toBe(200);

      // the pages with the web session cookie, and the documents also with the token header
      const cookie = `${accessName()}=${signedIn.body.accesToken}`;
      for (const url of Object.values(urls)) expect([url, (await http.fetch(url, { cookie })).status]).toEqual([url, 404]);
      for (const url of [urls.invoice, urls.creditNote, urls.photo]) expect([url, (await http.fetch(url, { headers: h })).status]).toEqual([url, 404]);
      const home = await http.fetch('/admin/home', { cookie, redirect: 'manual' });
      expect(home.status).toBe(302);
      expect(home.headers.get('location')).toBe('/profile?twoFactor=required#two-factor');
      // and it may not turn the policy off
      expect((await http.postForm('/profile', { intent: 'twoFactorPolicy' }, cookie)).status).toBe(403);
      expect(await twoFactorStatus(shop.db, ops.id)).toMatchObject({ enabled: false });

      // an admin who meets the policy sees it all
      const good = await api.post('/user/login', { email: careful.email, password: GOOD_PASSWORD, otp: await generate({ secret: carefulSecret }) });
      expect(good.status).toBe(200);
      const gh = bearer(good.body.accesToken);
      expect((await api.get(`/user/getUser?userID=${bob.id}`, gh)).status).toBe(200);
      expect((await api.get(`/order/get?id=${order.id}`, gh)).status).toBe(200);
      const goodCookie = `${accessName()}=${good.body.accesToken}`;
      for (const url of Object.values(urls)) expect([url, (await http.fetch(url, { cookie: goodCookie })).status]).toEqual([url, 200]);
      for (const url of [urls.invoice, urls.creditNote, urls.photo]) expect([url, (await http.fetch(url, { headers: gh })).status]).toEqual([url, 200]);
    } finally {
      await setAdminTwoFactorRequired(shop.db, careful.id, false);
    }
  });

  it('a password-only session sets up two-factor log-in only with the password again; every admin is mailed in their language; other sessions end', async () => {
    const careful = await admin('de');
    await withTwoFactor(careful.id);
    const ops = await admin();
    await setAdminTwoFactorRequired(shop.db, careful.id, true);
    try {
      // two sessions of ops, password only: a web one (cookies) and an API one
      const web = await http.postForm('/login', { email: ops.email, password: GOOD_PASSWORD, redirectTo: '/profile' });
      const cookie = sessionCookie(web);
      expect(cookie).toContain(refreshName());
      const other = await api.post('/user/login', { email: ops.email, password: GOOD_PASSWORD });

      // no password, or a wrong one: no set-up starts
      for (const currentPassword of [undefined, 'Not-the-password-1']) {
        const refused = await http.postForm('/profile', { intent: 'twoFactorStart', ...(currentPassword && { currentPassword }) }, cookie);
        expect(refused.status).toBe(400);
        const html = await refused.text();
        expect(html).toContain('The current password is wrong');
        expect(html).not.toContain('data-testid="totp-secret"');
      }
      const started = await http.postForm('/profile', { intent: 'twoFactorStart', currentPassword: GOOD_PASSWORD }, cookie);
      expect(started.status).toBe(200);
      const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(await started.text())![1].replace(/ /g, '');
      const on = await http.postForm('/profile', { intent: 'twoFactorConfirm', otp: await generate({ secret }) }, cookie);
      expect(on.status).toBe(200);
      expect(await twoFactorStatus(shop.db, ops.id)).toMatchObject({ enabled: true });

      // every active admin is told, each in their language, with a link to the account
      const admins = await shop.db.select({ email: users.email, locale: users.locale, blockedAt: users.blockedAt }).from(users).where(eq(users.role, 'Admin'));
      for (const a of admins.filter((x) => !x.blockedAt)) {
        const [mail] = await waitForMails(a.email, `/admin/user/details?id=${ops.id}`);
        expect(mail).toContain(ops.email);
        if (a.email === careful.email) expect(mail).toContain('eingeschaltet');
        if (a.locale === 'en') expect(mail).toContain('Two-factor log-in was just turned on for the admin account');
      }
      // the other (password-only) session has ended: its access token and its refresh token
      expect((await api.get(`/user/getUser?userID=${ops.id}`, bearer(other.body.accesToken))).status).toBe(417);
      expect((await api.post('/token/refresh', { refreshToken: other.body.refreshToken })).status).toBe(401);
      // this one goes on (its access token is renewed from its refresh token) and now reaches the admin
      const home = await http.fetch('/admin/home', { cookie, redirect: 'manual' });
      expect(home.status).toBe(200);
    } finally {
      await setAdminTwoFactorRequired(shop.db, careful.id, false);
    }
  });

  it('turning two-factor log-in off asks for the password and a code, and mails every admin', async () => {
    const ops = await admin();
    const { recoveryCodes } = await withTwoFactor(ops.id);
    const witness = await admin();
    const signedIn = await api.post('/user/login', { email: ops.email, password: GOOD_PASSWORD, otp: recoveryCodes[0] });
    const cookie = `${accessName()}=${signedIn.body.accesToken}`;
    const wrong = await http.postForm('/profile', { intent: 'twoFactorDisable', otp: recoveryCodes[1], currentPassword: 'Not-the-password-1' }, cookie);
    expect(wrong.status).toBe(400);
    expect(await twoFactorStatus(shop.db, ops.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
    const off = await http.postForm('/profile', { intent: 'twoFactorDisable', otp: recoveryCodes[1], currentPassword: GOOD_PASSWORD }, cookie);
    expect(off.status).toBe(200);
    expect(await twoFactorStatus(shop.db, ops.id)).toMatchObject({ enabled: false });
    const [mail] = await waitForMails(witness.email, `/admin/user/details?id=${ops.id}`);
    expect(mail).toContain('Two-factor log-in was just turned off for the admin account');
  });
});
