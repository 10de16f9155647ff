/**
 * The web side of accounts on a real database (PGlite or PostgreSQL): the cookie session with
 * refresh rotation (server/session.ts), the login action merging the anonymous cart, and the
 * server-side role checks of the admin pages, the profile and the influencer page (loaders and
 * form actions called as React Router calls them).
 */
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { issueAccessToken, type AuthUser } from '../../core/accounts/auth.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { getCart, newAnonymousCartId } from '../../core/cart/service.ts';
import type { ShopLoadContext } from '../../app/context.ts';
import { webSession } from '../../server/session.ts';
import { GOOD_PASSWORD, roleUsers, userWithRole, type TestUser } from '../helpers/accounts.ts';
import { cartsToMerge } from '../helpers/customers.ts';
import { useTestSuite } from '../helpers/suite.ts';
import * as adminLayout from '../../app/layouts/admin.tsx';
import * as adminIndex from '../../app/routes/admin/index.tsx';
import * as adminHome from '../../app/routes/admin/home.tsx';
import * as adminOutbox from '../../app/routes/admin/outbox.tsx';
import * as adminUserList from '../../app/routes/admin/user.list.tsx';
import * as adminUserAdd from '../../app/routes/admin/user.add.tsx';
import * as loginRoute from '../../app/routes/login.tsx';
import * as profileRoute from '../../app/routes/profile.tsx';
import * as influencerRoute from '../../app/routes/client/influencer.tsx';
import * as logoutRoute from '../../app/resources/logout.server.ts';

const t = useTestSuite({ wideRateLimits: true }, ({ shop, api }) => roleUsers(shop, api));

function ctx(auth: AuthUser | null, anonCartId = newAnonymousCartId()): ShopLoadContext {
  return {
    shop: t.shop,
    auth,
    anonCartId,
    cartKey: auth ? auth.userId : anonCartId,
    lang: 'en',
    theme: null,
    nonce: '',
    origin: 'http://shop.test',
    clientIp: '127.0.0.9',
  };
}
const who = (u: TestUser): AuthUser => ({ userId: u.userId, role: u.role });

/** Runs a loader or action and returns what it threw or answered, as status + location + data. */
async function run(fn: () => unknown): Promise<{ status: number; location: string | null; data: unknown }> {
  try {
    const r = await fn();
    if (r instanceof Response) return { status: r.status, location: r.headers.get('location'), data: null };
    if (r && typeof r === 'object' && 'type' in r && (r as { type: string }).type === 'DataWithResponseInit') {
      const d = r as unknown as { data: unknown; init: ResponseInit | null };
      return { status: d.init?.status ?? 200, location: null, data: d.data };
    }
    return { status: 200, location: null, data: r };
  } catch (e) {
    if (e instanceof Response) return { status: e.status, location: e.headers.get('location'), data: null };
    const d = e as { type?: string; data: unknown; init: ResponseInit | null };
    if (d?.type === 'DataWithResponseInit') return { status: d.init?.status ?? 200, location: null, data: d.data };
    throw e;
  }
}

const get = (path: string) => new Request(`http://shop.test${path}`);
const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  new Request(`http://shop.test${path}`, { method: 'POST', body: new URLSearchParams(fields), headers: cookie ? { cookie } : {} });

type Args = { request: Request; url?: URL; context: ShopLoadContext; params: Record<string, string> };
type Fn = (args: Args) => unknown;
const call = (fn: unknown, request: Request, context: ShopLoadContext) => run(() => (fn as Fn)({ request, url: new URL(request.url), context, params: {} }));

describe('admin pages are for Admin only (loaders and actions)', () => {
  const pages: [string, { loader?: unknown; action?: unknown }][] = [
    ['/admin', adminIndex],
    ['/admin/home', adminHome],
    ['/admin/outbox', adminOutbox],
    ['/admin/user/list', adminUserList],
    ['/admin/user/add', adminUserAdd],
  ];

  it('the admin layout (every /admin/* page): anonymous to /login, Customer and Influencer 403, Admin allowed', async () => {
    const anon = await call(adminLayout.loader, get('/admin/order/list?page=2'), ctx(null));
    expect(anon.status).toBe(302);
    expect(anon.location).toBe('/login?redirectTo=%2Fadmin%2Forder%2Flist%3Fpage%3D2');
    expect((await call(adminLayout.loader, get('/admin/settings'), ctx(who(t.customer)))).status).toBe(403);
    expect((await call(adminLayout.loader, get('/admin/settings'), ctx(who(t.influencer)))).status).toBe(403);
    expect((await call(adminLayout.loader, get('/admin/settings'), ctx(who(t.admin)))).status).toBe(200);
  });

  it('each accounts admin loader checks on its own too (a data request can skip the layout)', async () => {
    for (const [path, mod] of pages) {
      const anon = await call(mod.loader, get(path), ctx(null));
      expect(anon.status, path).toBe(302);
      expect(anon.location, path).toMatch(/^\/login\?redirectTo=/);
      expect((await call(mod.loader, get(path), ctx(who(t.customer)))).status, path).toBe(403);
      expect((await call(mod.loader, get(path), ctx(who(t.influencer)))).status, path).toBe(403);
      const ok = await call(mod.loader, get(path), ctx(who(t.admin)));
      expect([200, 302], path).toContain(ok.status);
      if (path === '/admin') expect(ok.location).toBe('/admin/home');
    }
  });

  it('admin form actions refuse other roles and work for an Admin', async () => {
    const target = await userWithRole(t.shop, t.api, 'Customer');
    const setRole = () => post('/admin/user/list', { userId: target.userId, role: 'Influencer' });
    expect((await call(adminUserList.action, setRole(), ctx(null))).status).toBe(302);
    expect((await call(adminUserList.action, setRole(), ctx(who(t.customer)))).status).toBe(403);
    expect((await call(adminUserList.action, setRole(), ctx(who(t.influencer)))).status).toBe(403);
    const [before] = await t.shop.db.select({ role: users.role }).from(users).where(eq(users.id, target.userId));
    expect(before.role).toBe('Customer');
    const ok = await call(adminUserList.action, setRole(), ctx(who(t.admin)));
    expect(ok.data).toMatchObject({ ok: true });
    const [after] = await t.shop.db.select({ role: users.role, code: users.referralCode }).from(users).where(eq(users.id, target.userId));
    expect(after.role).toBe('Influencer');
    expect(after.code).toMatch(/^[A-Z2-9]{8}$/);

    const newUser = {
      firstName: 'Added',
      lastName: 'ByAdmin',
      email: `added.${Date.now()}@example.ch`,
      phone: '+41 79 000 11 22',
      password: 'Admin-Made-Password-1',
      dateOfBirth: '1970-05-05',
      street: 'Gasse 2',
      postalCode: '4051',
      city: 'Basel',
      country: 'CH',
      role: 'Customer',
    };
    expect((await call(adminUserAdd.action, post('/admin/user/add', newUser), ctx(who(t.customer)))).status).toBe(403);
    expect((await call(adminUserAdd.action, post('/admin/user/add', newUser), ctx(who(t.admin)))).data).toMatchObject({ ok: true });
    expect((await t.api.post('/user/login', { email: newUser.email, password: newUser.password })).status).toBe(200);
  });

  it('the outbox page lists mails for an Admin, with the link tokens hidden', async () => {
    await t.api.post('/user/forgot', { email: t.customer.email });
    const r = await call(adminOutbox.loader, get('/admin/outbox'), ctx(who(t.admin)));
    const mails = (r.data as { mails: { to: string; text: string }[] }).mails;
    const reset = mails.filter((m) => m.to === t.customer.email && m.text.includes('/reset/'));
    expect(reset.length).toBeGreaterThan(0);
    for (const m of reset) {
      expect(m.text).toContain('/reset/[redacted]');
      expect(m.text).not.toMatch(/\/reset\/[A-Za-z0-9_-]{43}/);
    }
  });
});

describe('signed-in pages', () => {
  it('/login sends a signed-in visitor to redirectTo, or to their profile (the user icon before the own part of a shared page)', async () => {
    const bare = await call(loginRoute.loader, get('/login'), ctx(who(t.customer)));
    expect(bare.status).toBe(302);
    expect(bare.location).toBe('/profile');
    const back = await call(loginRoute.loader, get('/login?redirectTo=%2Fshopcart'), ctx(who(t.customer)));
    expect(back.location).toBe('/shopcart');
    // not an open redirect
    const away = await call(loginRoute.loader, get('/login?redirectTo=%2F%2Fevil.example'), ctx(who(t.customer)));
    expect(away.location).toBe('/profile');
    const anon = await call(loginRoute.loader, get('/login'), ctx(null));
    expect(anon.status).toBe(200);
  });

  it('/profile sends anonymous visitors to /login and back; it shows and changes only the own data', async () => {
    const anon = await call(profileRoute.loader, get('/profile'), ctx(null));
    expect(anon.status).toBe(302);
    expect(anon.location).toBe('/login?redirectTo=%2Fprofile');
    const own = await call(profileRoute.loader, get('/profile'), ctx(who(t.customer)));
    expect((own.data as { user: { email: string } }).user.email).toBe(t.customer.email);
    expect(JSON.stringify(own.data)).not.toMatch(/argon2/);
    // a userId in the form is ignored: the action changes the signed-in user only
    const form = {
      intent: 'profile',
      userId: t.influencer.userId,
      firstName: 'Changed',
      lastName: 'Me',
      phone: '+41 79 111 22 33',
      street: 'Weg 3',
      postalCode: '6003',
      city: 'Luzern',
      country: 'CH',
      locale: 'de',
    };
    const r = await call(profileRoute.action, post('/profile', form), ctx(who(t.customer)));
    expect(r.data).toMatchObject({ ok: true });
    const [c] = await t.shop.db.select({ firstName: users.firstName, locale: users.locale }).from(users).where(eq(users.id, t.customer.userId));
    const [i] = await t.shop.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, t.influencer.userId));
    expect(c).toEqual({ firstName: 'Changed', locale: 'de' });
    expect(i.firstName).not.toBe('Changed');
    expect((await call(profileRoute.action, post('/profile', form), ctx(null))).status).toBe(302);
  });

  it('/client/influencer is for Influencer and Admin', async () => {
    expect((await call(influencerRoute.loader, get('/client/influencer'), ctx(null))).location).toBe('/login?redirectTo=%2Fclient%2Finfluencer');
    expect((await call(influencerRoute.loader, get('/client/influencer'), ctx(who(t.customer)))).status).toBe(403);
    const inf = await call(influencerRoute.loader, get('/client/influencer'), ctx(who(t.influencer)));
    expect((inf.data as { profile: { referralCode: string } }).profile.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect((await call(influencerRoute.loader, get('/client/influencer'), ctx(who(t.admin)))).status).toBe(200);
  });
});

describe('web login and logout', () => {
  it('login merges the anonymous cart (counts add up, capped by stock) and sets HttpOnly session cookies', async () => {
    const u = await userWithRole(t.shop, t.api, 'Customer');
    const { p, q, anon } = await cartsToMerge(t.shop, u.userId, { stock: 5, anonymous: [4, 2], own: [3, 0] });
    const r = await call(loginRoute.action, post('/login', { email: u.email, password: GOOD_PASSWORD, redirectTo: '/shopcart' }), ctx(null, anon));
    expect(r.data).toMatchObject({ ok: true, message: 'Log in successfully', redirectTo: '/shopcart' });
    const cart = await getCart(t.shop.db, u.userId);
    const counts = Object.fromEntries(cart.lines.map((l) => [l.product.id, l.count]));
    expect(counts[p.id]).toBe(5);
    expect(counts[q.id]).toBe(2);
    expect((await getCart(t.shop.db, anon)).lines).toHaveLength(0);
  });

  it('login cookies are HttpOnly and SameSite=Lax; a foreign redirectTo is ignored; a failure answers 401 with the message', async () => {
    const u = await userWithRole(t.shop, t.api, 'Customer');
    let captured: Headers | null = null;
    const r = await run(async () => {
      const res = await (loginRoute.action as Fn)({
        request: post('/login', { email: u.email, password: GOOD_PASSWORD, redirectTo: '//evil.example/x' }),
        context: ctx(null),
        params: {},
      });
      captured = new Headers((res as { init: ResponseInit }).init.headers);
      return res;
    });
    expect(r.data).toMatchObject({ redirectTo: '/' });
    const cookies = captured!.getSetCookie();
    expect(cookies.find((c) => c.startsWith('access_token='))).toMatch(/HttpOnly/);
    expect(cookies.find((c) => c.startsWith('refresh_token='))).toMatch(/HttpOnly/);
    expect(cookies.every((c) => /SameSite=Lax/.test(c))).toBe(true);
    const bad = await call(loginRoute.action, post('/login', { email: u.email, password: 'Wrong-Password-99' }), ctx(null));
    expect(bad.status).toBe(401);
    expect(bad.data).toMatchObject({ ok: false, error: 'Wrong e-mail or password' });
  });

  it('logout revokes the refresh token family and clears the cookies', async () => {
    const u = await userWithRole(t.shop, t.api, 'Customer');
    const r = await (logoutRoute.action as Fn)({ request: post('/logout', {}, `refresh_token=${u.refreshToken}`), context: ctx(who(u)), params: {} });
    const res = r as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('access_token='))).toMatch(/Max-Age=0/);
    expect(cookies.find((c) => c.startsWith('refresh_token='))).toMatch(/Max-Age=0/);
    expect((await t.api.post('/token/refresh', { refreshToken: u.refreshToken })).status).toBe(401);
  });
});

describe('languages', () => {
  it('account pages and their messages follow the page language', async () => {
    const de = { ...ctx(null), lang: 'de' as const };
    expect(((await call(loginRoute.loader, get('/login'), de)).data as { title: string }).title).toBe('Anmelden');
    const bad = await call(loginRoute.action, post('/login', { email: 'nobody@example.ch', password: 'Wrong-Password-99' }), { ...de, clientIp: '127.0.0.10' });
    expect(bad.data).toMatchObject({ error: 'E-Mail oder Passwort falsch' });
    const fr = { ...ctx(null), lang: 'fr' as const };
    const missing = await call(loginRoute.action, post('/login', { email: '', password: '' }), fr);
    expect((missing.data as { fields: Record<string, string> }).fields.email).toBe('Ce champ est obligatoire');
  });
});

describe('cookie session (server/session.ts)', () => {
  const app = new Hono().all('*', async (c) => c.json({ auth: await webSession(t.shop, c) }));
  const hit = (cookie: string, path = '/page') => app.request(`http://shop.test${path}`, { headers: { cookie } });

  it('reads the access cookie; none means anonymous', async () => {
    expect(await (await hit('')).json()).toEqual({ auth: null });
    const body = await (await hit(`access_token=${t.customer.accesToken}`)).json();
    expect(body.auth).toEqual({ userId: t.customer.userId, role: 'Customer', sessionVersion: 0 });
  });

  it('refreshes an expired access token with the refresh cookie, rotating both cookies', async () => {
    const u = await userWithRole(t.shop, t.api, 'Customer');
    const expired = await issueAccessToken(t.shop, { userId: u.userId, role: 'Customer' }, -5);
    const res = await hit(`access_token=${expired}; refresh_token=${u.refreshToken}`);
    expect((await res.json()).auth).toEqual({ userId: u.userId, role: 'Customer', sessionVersion: 0 });
    const set = res.headers.getSetCookie();
    const newRefresh = /refresh_token=([^;]+)/.exec(set.find((c) => c.startsWith('refresh_token='))!)![1];
    expect(newRefresh).not.toBe(u.refreshToken);
    expect(set.find((c) => c.startsWith('access_token='))).toMatch(/HttpOnly/);
    // the new refresh token works (once) through the API
    expect((await t.api.post('/token/refresh', { refreshToken: newRefresh })).status).toBe(200);
  });

  it('an ended session is anonymous and its cookies are cleared; /logout never rotates', async () => {
    const res = await hit(`refresh_token=${'x'.repeat(43)}`);
    expect((await res.json()).auth).toBeNull();
    expect(res.headers.getSetCookie().some((c) => c.startsWith('refresh_token=;'))).toBe(true);
    const u = await userWithRole(t.shop, t.api, 'Customer');
    const out = await hit(`refresh_token=${u.refreshToken}`, '/logout');
    expect((await out.json()).auth).toBeNull();
    expect(out.headers.getSetCookie()).toHaveLength(0);
  });
});
