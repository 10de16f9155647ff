/**
 * The admin's `?q=` searches (SECURITY.md, second review, low): a search of the user list and of the
 * product list is throttled per IP and admin (429, translated); the lists without a search are not.
 */
import { describe, expect, it } from 'vitest';
import { setRateLimits } from '../../core/rate-limit/limiter.ts';
import * as adminUserList from '../../app/routes/admin/user.list.tsx';
import * as adminProductList from '../../app/routes/admin/product.list.tsx';
import type { ShopLoadContext } from '../../app/context.ts';
import { useTestSuite } from '../helpers/suite.ts';

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
