/**
 * The second review's low findings that are fixed, each tried as the reviewer did: a webhook
 * header with a repeated `t=`; `TRUST_PROXY` hops while listening on every interface; the API's
 * `setRole` on oneself and on the last admin; a session refreshed past 30 days; the
 * Permissions-Policy header.
 */
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ensureAdmin, setRole } from '../../core/accounts/admin.ts';
import { auditLog } from '../../core/db/schema/audit.ts';
import { login, refreshSession } from '../../core/accounts/sessions.ts';
import { refreshTokens, users } from '../../core/db/schema/accounts.ts';
import { loadEnv } from '../../core/config/env.ts';
import { productionGaps } from '../../core/config/production.ts';
import { signPayload, signatureParts, verifySignature } from '../../core/payments/signature.ts';
import { setRateLimits } from '../../core/rate-limit/limiter.ts';
import { GOOD_PASSWORD, userWithRole } from '../helpers/accounts.ts';
import { userWithCookie } from '../helpers/http.ts';
import { useTestSuite } from '../helpers/suite.ts';
import * as adminUserList from '../../app/routes/admin/user.list.tsx';
import * as adminProductList from '../../app/routes/admin/product.list.tsx';
import type { ShopLoadContext } from '../../app/context.ts';

const KEY = 'a1'.repeat(32);

describe('webhook signatures', () => {
  it('a header with a repeated t= (or s0=) is refused, so an old signed body cannot pass with a fresh timestamp in front', () => {
    const body = '{"transactionId":"1","status":"settled"}';
    const old = Date.now() - 60 * 60 * 1000;
    const signed = signPayload(KEY, body, old);
    expect(verifySignature(KEY, body, signed)).toBe(true);
    const forged = `t=${Date.now()},${signed}`;
    expect(verifySignature(KEY, body, forged)).toBe(false);
    expect(signatureParts(forged)).toBeNull();
    expect(verifySignature(KEY, body, `${signed},s0=${'0'.repeat(64)}`)).toBe(false);
    expect(signatureParts(signed)).toEqual({ t: old, s0: signed.split('s0=')[1] });
  });
});

describe('start-up report', () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.ch', SESSION_SECRET: 'x'.repeat(40) };
  it('warns when TRUST_PROXY trusts hops while HOST listens on every interface, not when it listens on loopback', () => {
    const open = productionGaps(loadEnv({ ...production, TRUST_PROXY: '1', HOST: '0.0.0.0' })).filter((g) => g.variable === 'TRUST_PROXY');
    expect(open).toHaveLength(1);
    expect(open[0].message).toMatch(/HOST=0\.0\.0\.0 listens on every interface/);
    expect(productionGaps(loadEnv({ ...production, TRUST_PROXY: '1', HOST: '127.0.0.1' })).some((g) => g.variable === 'TRUST_PROXY')).toBe(false);
    expect(productionGaps(loadEnv({ ...production, TRUST_PROXY: '10.0.0.5', HOST: '0.0.0.0' })).some((g) => g.variable === 'TRUST_PROXY')).toBe(false);
  });
});

describe('API setRole', () => {
  const t = useTestSuite({ catalogue: null }, ({ shop }) => setRateLimits(shop, { login: { ip: 1000, account: 1000, duration: 900 } }));

  it('an admin cannot demote themself (403); the last usable admin cannot be demoted (409); with two, one can demote the other', async () => {
    const a = await userWithRole(t.shop, t.api, 'Admin');
    const self = await t.api.post('/user/setRole', { userID: a.userId, role: 'Customer' }, a.h);
    expect(self.status).toBe(403);
    // a is the only usable admin once every other admin is blocked: not even a script may demote a
    await t.shop.db
      .update(users)
      .set({ blockedAt: new Date() })
      .where(and(eq(users.role, 'Admin'), ne(users.id, a.userId)));
    await expect(setRole(t.shop.db, a.userId, 'Customer', 'cli')).rejects.toMatchObject({ code: 'conflict', opts: { key: 'lastAdmin' } });
    const b = await userWithRole(t.shop, t.api, 'Admin');
    expect((await t.api.post('/user/setRole', { userID: a.userId, role: 'Influencer' }, b.h)).status).toBe(200);
    const [row] = await t.shop.db.select({ role: users.role }).from(users).where(eq(users.id, a.userId));
    expect(row.role).toBe('Influencer');
  });
});

describe('sessions', () => {
  const t = useTestSuite({ catalogue: null });

  it('a refreshed session keeps the expiry of its log-in: 30 days at most, however often it is refreshed', async () => {
    const u = await userWithRole(t.shop, t.api, 'Customer');
    const s = await login(t.shop, { email: u.email, password: GOOD_PASSWORD }, { ip: '10.1.1.1' });
    const [first] = await t.shop.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, s.familyId));
    let token = s.refreshToken;
    for (let i = 0; i < 3; i++) token = (await refreshSession(t.shop, token)).refreshToken;
    const family = await t.shop.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, s.familyId));
    expect(family).toHaveLength(4);
    for (const row of family) expect(row.expiresAt.getTime()).toBe(first.expiresAt.getTime());
    // past the family's expiry, the newest token is refused
    await t.shop.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.familyId, s.familyId));
    await expect(refreshSession(t.shop, token)).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});

describe('headers', () => {
  const t = useTestSuite({ catalogue: null, http: true });

  it('pages and the API send a Permissions-Policy that turns off camera, microphone, geolocation and payment', async () => {
    for (const path of ['/', '/api/configuration/configurations']) {
      const policy = (await t.http.fetch(path)).headers.get('permissions-policy') ?? '';
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) expect(policy, path).toContain(feature);
    }
  });
});

describe('audited exports and admin creation; throttled erasure', () => {
  const t = useTestSuite({ http: true });

  it('order, product and user exports leave an audit entry naming the admin', async () => {
    const admin = await userWithCookie(t.shop, 'Admin');
    const victim = await userWithRole(t.shop, t.api, 'Customer');
    for (const path of ['/admin/order/export?status=paid', '/admin/product/export', `/admin/user/export?id=${victim.userId}`])
      expect((await t.http.fetch(path, { cookie: admin.cookie })).status, path).toBe(200);
    const rows = await t.shop.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actor, `admin:${admin.userId}`));
    expect(rows.map((r) => r.action).sort()).toEqual(['order.export', 'product.export', 'user.export']);
    expect(rows.find((r) => r.action === 'user.export')!.entityId).toBe(victim.userId);
    expect(rows.find((r) => r.action === 'order.export')!.after).toEqual({ filter: 'status=paid' });
  });

  it('npm run admin:create (ensureAdmin) is audited as the command line', async () => {
    const created = await ensureAdmin(t.shop.db, `cli.${Date.now()}@example.ch`, GOOD_PASSWORD);
    const promoted = await ensureAdmin(t.shop.db, (await userWithRole(t.shop, t.api, 'Customer')).email, null);
    const rows = await t.shop.db.select().from(auditLog).where(eq(auditLog.actor, 'cli'));
    expect(rows.find((r) => r.entityId === created.userId)?.action).toBe('user.adminCreate');
    expect(rows.find((r) => r.entityId === promoted.userId)?.action).toBe('user.adminPromote');
  });

  it('the password check of "delete my account" is throttled like the password change', async () => {
    // the pages run from the built server, with the default limit: 5 per account in 15 minutes
    const u = await userWithCookie(t.shop, 'Customer');
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await t.http.postForm('/profile', { intent: 'erase', password: `Wrong-Guess-${i}` }, u.cookie)).status);
    expect(answers).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('admin user search and product search', () => {
  const t = useTestSuite({ catalogue: null });

  /**
   * Runs an admin list's loader for `path` as admin `userId` from `clientIp`, in `lang`: its status
   * (200 when it returns), and the data it threw.
   */
  const listLoader =
    (loader: (args: never) => unknown, userId: string, lang: string, clientIp: string) =>
    async (path: string): Promise<{ status: number; body: unknown }> => {
      const context = { shop: t.shop, auth: { userId, role: 'Admin' as const }, lang, clientIp } as unknown as ShopLoadContext;
      try {
        await loader({ request: new Request(`http://shop.test${path}`), context, params: {} } as never);
        return { status: 200, body: null };
      } catch (e) {
        const err = e as { init?: { status?: number }; data?: unknown };
        return { status: err.init?.status ?? 500, body: err.data };
      }
    };

  it('a ?q= search of the user list is throttled per IP and admin (429); the list without a search is not', async () => {
    await setRateLimits(t.shop, { search: { ip: 3, account: 3, duration: 60 } });
    const answer = listLoader(adminUserList.loader, 'admin-1', 'en', '10.9.9.9');
    const status = async (path: string) => (await answer(path)).status;
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) answers.push(await status(`/admin/user/list?q=M%C3%BCller${i}`));
    expect(answers).toEqual([200, 200, 200, 429]);
    expect(await status('/admin/user/list')).toBe(200);
  });

  it('a ?q= search of the product list is throttled the same way (429, translated); the list without a search is not', async () => {
    await setRateLimits(t.shop, { search: { ip: 3, account: 3, duration: 60 } });
    const answer = listLoader(adminProductList.loader, 'admin-2', 'de', '10.9.9.10');
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await answer(`/admin/product/list?q=Cohiba%20Sigl%C3%B8${i}`));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(JSON.stringify(answers[3].body)).toContain('Zu viele Versuche');
    expect((await answer('/admin/product/list')).status).toBe(200);
    expect((await answer('/admin/product/list?state=low&page=2')).status).toBe(200);
  });
});
