/**
 * The API's `user/setRole` (SECURITY.md, second review, low): an admin cannot demote themself, and
 * the last usable admin cannot be demoted, not even by a script; with two, one can demote the other.
 */
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setRole } from '../../core/accounts/admin.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { setRateLimits } from '../../core/rate-limit/limiter.ts';
import { userWithRole } from '../helpers/accounts.ts';
import { useTestSuite } from '../helpers/suite.ts';

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
