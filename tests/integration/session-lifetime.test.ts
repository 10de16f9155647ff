/**
 * The absolute session lifetime (SECURITY.md, second review, low): a refreshed session keeps the
 * expiry of its log-in, 30 days at most however often it is refreshed.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { login, refreshSession } from '../../core/accounts/sessions.ts';
import { refreshTokens } from '../../core/db/schema/accounts.ts';
import { GOOD_PASSWORD, userWithRole } from '../helpers/accounts.ts';
import { useTestSuite } from '../helpers/suite.ts';

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
