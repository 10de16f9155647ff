/**
 * Audited admin exports and admin creation, throttled erasure (SECURITY.md, second review, low):
 * the order, product and user exports and `npm run admin:create` leave an audit entry naming who,
 * and the password check of "delete my account" is throttled like the password change.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../core/accounts/admin.ts';
import { auditLog } from '../../core/db/schema/audit.ts';
import { GOOD_PASSWORD, userWithRole } from '../helpers/accounts.ts';
import { userWithCookie } from '../helpers/http.ts';
import { useTestSuite } from '../helpers/suite.ts';

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
