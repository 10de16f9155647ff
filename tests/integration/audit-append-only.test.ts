/**
 * The audit log is append-only (SECURITY.md, third review, L-I): the application's role cannot
 * UPDATE or DELETE an entry, and the erasure still pseudonymises one inside its own transaction
 * (on PGlite and, with TEST_DATABASE_URL, on PostgreSQL).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseUser } from '../../core/accounts/privacy.ts';
import { recordAudit } from '../../core/audit/service.ts';
import { auditLog } from '../../core/db/schema/audit.ts';
import type { Shop } from '../../core/shop.ts';
import { createCustomer } from '../helpers/customers.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;

beforeAll(async () => {
  ({ shop } = await openTestSuite());
}, 60_000);
afterAll(() => shop?.close());

/** The database's refusal of `change` (drizzle wraps the driver's error as its `cause`), or `accepted`. */
const refusal = (change: PromiseLike<unknown>) =>
  Promise.resolve(change).then(
    () => 'accepted',
    (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
  );

describe('the audit log is append-only', () => {
  it('a plain UPDATE or DELETE of an entry is refused; the erasure still pseudonymises it', async () => {
    const c = await createCustomer(shop);
    await recordAudit(shop.db, { actor: 'admin:test', action: 'user.update', entity: 'user', entityId: c.id, after: { email: c.email, city: 'Zürich' } });
    const [entry] = await shop.db.select().from(auditLog).where(eq(auditLog.entityId, c.id));
    const byId = eq(auditLog.id, entry.id);

    expect(await refusal(shop.db.update(auditLog).set({ action: 'nothing.happened' }).where(byId))).toMatch(/append-only/);
    expect(
      await refusal(
        shop.db
          .update(auditLog)
          .set({ after: { email: 'x@example.ch' } })
          .where(byId),
      ),
    ).toMatch(/append-only/);
    expect(await refusal(shop.db.delete(auditLog).where(byId))).toMatch(/append-only/);
    // the erasure's setting opens before/after only, and only inside its own transaction
    const otherColumn = shop.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('shop.audit_erasure', 'on', true)`);
      await tx.update(auditLog).set({ actor: 'admin:someone-else' }).where(byId);
    });
    expect(await refusal(otherColumn)).toMatch(/append-only/);
    await shop.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('shop.audit_erasure', 'on', true)`);
    });
    expect(await refusal(shop.db.update(auditLog).set({ after: null }).where(byId))).toMatch(/append-only/);
    expect(await refusal(shop.db.delete(auditLog).where(byId))).toMatch(/append-only/);
    const [unchanged] = await shop.db.select().from(auditLog).where(byId);
    expect(unchanged).toEqual(entry);

    await eraseUser(shop, 'admin:test', c.id);
    const [scrubbed] = await shop.db.select().from(auditLog).where(byId);
    expect(JSON.stringify(scrubbed.after)).not.toContain(c.email);
    expect(scrubbed).toMatchObject({ id: entry.id, actor: entry.actor, action: entry.action, entityId: c.id, createdAt: entry.createdAt });
  });
});
