/**
 * Plain form posts without JavaScript (SECURITY.md, first review, finding 10): the origin check
 * refuses cross-site posts to /logout and /preferences in the visitor's language, same-origin forms
 * and old clients without Origin still work, and the cookies such posts set reach the browser (a
 * stale session's clearing cookies no longer override a form log-in's new ones).
 */
import { describe, expect, it } from 'vitest';
import { setRateLimits } from '../../core/rate-limit/limiter.ts';
import { GOOD_PASSWORD, customerWithPassword } from '../helpers/accounts.ts';
import { cookieNamed, formPost, userWithCookie } from '../helpers/http.ts';
import { useHttpShop } from '../helpers/suite.ts';

describe('plain form posts (no JavaScript): origin check and cookies', () => {
  const t = useHttpShop({ catalogue: null });

  it("refuses cross-site posts to /logout and /preferences with 403, in the visitor's language", async () => {
    const { cookie } = await userWithCookie(t.shop, 'Customer');
    for (const path of ['/logout', '/preferences', '/login']) {
      const evil = await formPost(t.app, `http://shop.test${path}`, { theme: 'dark' }, { origin: 'https://evil.example', cookie });
      expect(evil.status, path).toBe(403);
      expect(
        evil.headers.getSetCookie().filter((c) => !c.startsWith('cart_id=')),
        path,
      ).toEqual([]);
      const noOrigin = await formPost(t.app, `http://shop.test${path}`, { theme: 'dark' }, { 'sec-fetch-site': 'cross-site', cookie });
      expect(noOrigin.status, path).toBe(403);
      expect((await formPost(t.app, `http://shop.test${path}`, {}, { origin: 'null', cookie })).status, path).toBe(403);
    }
    const de = await formPost(t.app, 'http://shop.test/preferences', { theme: 'dark' }, { origin: 'https://evil.example', cookie: 'lang=de' });
    expect(await de.text()).toMatch(/anderen Website/);
  });

  it('same-origin forms and old clients without Origin still work, and set or clear their cookies', async () => {
    const prefs = await formPost(t.app, 'http://shop.test/preferences', { theme: 'dark', returnTo: '/contact' }, { origin: 'http://shop.test' });
    expect(prefs.status).toBe(302);
    expect(cookieNamed(prefs, 'theme')[0]).toMatch(/^theme=dark;/);
    const bare = await formPost(t.app, 'http://shop.test/preferences', { lang: 'fr' });
    expect(bare.status).toBe(302);
    expect(cookieNamed(bare, 'lang')[0]).toMatch(/^lang=fr;/);
    const { cookie } = await userWithCookie(t.shop, 'Customer');
    const out = await formPost(t.app, 'http://shop.test/logout', {}, { origin: 'http://shop.test', 'sec-fetch-site': 'same-origin', cookie });
    expect(out.status).toBe(302);
    expect(cookieNamed(out, 'access_token')).toEqual([expect.stringMatching(/^access_token=;.*Max-Age=0/)]);
    expect(cookieNamed(out, 'cart_id')).toHaveLength(1);
  });

  it('a plain form login by a visitor with a stale session cookie ends with the new session cookies (bug: cleared after being set)', async () => {
    await setRateLimits(t.shop, { login: { ip: 1000, pair: 1000, account: 1000, duration: 900 } });
    const u = await customerWithPassword(t.shop);
    const res = await formPost(
      t.app,
      'http://shop.test/login',
      { email: u.email, password: GOOD_PASSWORD, redirectTo: '/' },
      { origin: 'http://shop.test', cookie: `access_token=expired.or.forged; refresh_token=${'x'.repeat(43)}` },
    );
    expect(res.status).toBe(200);
    // browsers apply Set-Cookie in order: the last one of each name must be the new session
    const access = cookieNamed(res, 'access_token');
    const refresh = cookieNamed(res, 'refresh_token');
    expect(access.at(-1)).toMatch(/^access_token=ey[^;]+;.*Max-Age=900/);
    expect(refresh.at(-1)).toMatch(/^refresh_token=[^;]{20,};/);
    expect(access).toHaveLength(1);
    expect(refresh).toHaveLength(1);
  });
});
