/**
 * `__Host-` cookies over HTTPS (SECURITY.md, first review, finding 10): with an https PUBLIC_URL the
 * session and cart cookies are named `__Host-…` (Secure, Path=/, no Domain), and only those names
 * are read.
 */
import { describe, expect, it } from 'vitest';
import { setRateLimits } from '../../core/rate-limit/limiter.ts';
import { GOOD_PASSWORD, customerWithPassword } from '../helpers/accounts.ts';
import { formPost } from '../helpers/http.ts';
import { useHttpShop } from '../helpers/suite.ts';

describe('__Host- cookies over HTTPS', () => {
  const t = useHttpShop({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.ch', PAYMENT_SANDBOX: 'off' } }, ({ shop }) =>
    setRateLimits(shop, { login: { ip: 1000, pair: 1000, account: 1000, duration: 900 } }),
  );

  it('names the session and cart cookies __Host-… (Secure, Path=/, no Domain), and reads only those names', async () => {
    const home = await t.app.request('https://shop.example.ch/');
    const cart = home.headers.getSetCookie().find((c) => c.startsWith('__Host-cart_id='));
    expect(cart).toMatch(/; Path=\/;/);
    expect(cart).toMatch(/Secure/);
    expect(cart).not.toMatch(/Domain=/i);
    expect(home.headers.getSetCookie().some((c) => c.startsWith('cart_id='))).toBe(false);

    const u = await customerWithPassword(t.shop);
    const res = await formPost(
      t.app,
      'https://shop.example.ch/login',
      { email: u.email, password: GOOD_PASSWORD, redirectTo: '/' },
      { origin: 'https://shop.example.ch' },
    );
    const set = res.headers.getSetCookie();
    const access = set.find((c) => c.startsWith('__Host-access_token='))!;
    expect(access).toMatch(/Secure/);
    expect(set.find((c) => c.startsWith('__Host-refresh_token='))).toMatch(/HttpOnly/);
    expect(set.some((c) => /^(access|refresh)_token=/.test(c))).toBe(false);

    const token = /^__Host-access_token=([^;]+)/.exec(access)![1];
    expect((await t.app.request('https://shop.example.ch/profile', { headers: { cookie: `__Host-access_token=${token}` } })).status).toBe(200);
    // a plain-named cookie (e.g. planted by a sibling sub-domain) is not a session
    expect((await t.app.request('https://shop.example.ch/profile', { headers: { cookie: `access_token=${token}` } })).status).toBe(302);
    // the JSON API takes the token from its headers only, never from the page cookie (a sibling
    // origin could post to it with the visitor's cookie)
    expect(
      (await t.app.request(`https://shop.example.ch/api/user/getUser?userID=${u.id}`, { headers: { cookie: `__Host-access_token=${token}` } })).status,
    ).toBe(401);
    expect((await t.app.request(`https://shop.example.ch/api/user/getUser?userID=${u.id}`, { headers: { accestoken: token } })).status).toBe(200);

    const out = await formPost(t.app, 'https://shop.example.ch/logout', {}, { origin: 'https://shop.example.ch', cookie: `__Host-access_token=${token}` });
    expect(out.headers.getSetCookie().find((c) => c.startsWith('__Host-access_token='))).toMatch(/Max-Age=0/);
    expect(out.headers.getSetCookie().find((c) => c.startsWith('__Host-cart_id='))).toMatch(/Secure/);
  });
});
