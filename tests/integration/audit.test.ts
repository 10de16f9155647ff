import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedFields, listAudit, recordAudit } from '../../core/audit/service.ts';
import type { Shop } from '../../core/shop.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
beforeAll(async () => {
  ({ shop } = await openTestSuite({ catalogue: null }));
});
afterAll(() => shop.close());

describe('audit log', () => {
  it('keeps only the changed fields', () => {
    expect(changedFields({ a: 1, b: 'x' }, { a: 2, b: 'x' })).toEqual({ before: { a: 1 }, after: { a: 2 } });
    expect(changedFields({ a: 1 }, { a: 1 })).toEqual({ before: null, after: null });
  });

  it('commits with the change and rolls back with it', async () => {
    await recordAudit(shop.db, { actor: 'admin:u1', action: 'settings.update', entity: 'settings', before: { x: 1 }, after: { x: 2 } });
    await expect(
      shop.db.transaction(async (tx) => {
        await recordAudit(tx, { actor: 'admin:u1', action: 'product.update', entity: 'product', entityId: 'p1' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const { rows, total } = await listAudit(shop.db);
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({ actor: 'admin:u1', action: 'settings.update', before: { x: 1 }, after: { x: 2 } });
    expect((await listAudit(shop.db, { entity: 'product' })).total).toBe(0);
  });
});
