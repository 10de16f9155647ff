/**
 * The JSON API takes no cookie (SECURITY.md, second review, medium): a sibling origin posting
 * `text/plain` JSON to `user/setRole` with an admin's cookie changes no role, and a GET with only the
 * cookie is anonymous; the header token the API contract names still works.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../core/db/schema/accounts.ts';
import { createCustomer } from '../helpers/customers.ts';
import { userWithCookie } from '../helpers/http.ts';
import { useTestSuite } from '../helpers/suite.ts';

describe('the JSON API takes no cookie', () => {
  const t = useTestSuite({ http: true });

  it('a same-site page posting text/plain JSON to user/setRole with the admin’s cookie changes no role (401)', async () => {
    const admin = await userWithCookie(t.shop, 'Admin');
    const victim = await createCustomer(t.shop);
    for (const headers of [
      { origin: 'http://blog.shop.test', 'sec-fetch-site': 'same-site' },
      { origin: 'http://shop.test:8080', 'sec-fetch-site': 'same-site' },
    ]) {
      const res = await t.http.fetch('/api/user/setRole', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/plain' },
        body: JSON.stringify({ userID: victim.id, role: 'Admin' }),
        cookie: admin.cookie,
      });
      expect(res.status).toBe(401);
    }
    const [row] = await t.shop.db.select({ role: users.role }).from(users).where(eq(users.id, victim.id));
    expect(row.role).toBe('Customer');
    // the same call with the admin's header token still works (the contract's way)
    const ok = await t.http.fetch('/api/user/setRole', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accestoken: admin.token },
      body: JSON.stringify({ userID: victim.id, role: 'Influencer' }),
    });
    expect(ok.status).toBe(200);
  });

  it('a GET with only the cookie is anonymous: user/list answers 401', async () => {
    const admin = await userWithCookie(t.shop, 'Admin');
    expect((await t.http.fetch('/api/user/list', { cookie: admin.cookie })).status).toBe(401);
    expect((await t.http.fetch('/api/user/list', { headers: { authorization: `Bearer ${admin.token}` } })).status).toBe(200);
  });
});
