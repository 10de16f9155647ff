/**
 * Bulk product actions and the admin list at 400+ products (core/catalogue/bulk.ts): archive,
 * list, set and clear a discount for the ticked products, for every product a filter finds and
 * for the starting catalogue, each in one transaction with one `product.bulk` audit entry; a bad
 * percentage changes nothing; paging, search, filters and sorts of the list.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveStartingCatalogue, bulkUpdateProducts, countBulkChange, listAdminProducts, startingCatalogueCounts } from '../../core/catalogue/index.ts';
import { auditLog } from '../../core/db/schema/audit.ts';
import { products } from '../../core/db/schema/catalogue.ts';
import { DomainError } from '../../core/errors.ts';
import type { Shop } from '../../core/shop.ts';
import { addOwnProducts } from '../helpers/owner-products.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
const ADMIN = randomUUID();
const OWN = 340;

beforeAll(async () => {
  ({ shop } = await openTestSuite());
  await addOwnProducts(shop.db, OWN);
});
afterAll(async () => {
  await shop?.close();
});

const bulkEntries = () => shop.db.select().from(auditLog).where(eq(auditLog.action, 'product.bulk'));
const listedCount = async (where = eq(products.active, true)) => (await shop.db.select({ id: products.id }).from(products).where(where)).length;

describe('the starting catalogue', () => {
  it('is marked as seeded on the first start: the 72 products of data/catalogue.json, none of the own', async () => {
    expect(await startingCatalogueCounts(shop.db)).toEqual({ total: 72, listed: 72 });
    const own = await listAdminProducts(shop.db, { source: 'own' }, { page: 1, pageSize: 500 });
    expect(own.total).toBe(OWN);
    expect(own.rows.every((p) => p.sku.startsWith('OWN-') && !p.seeded)).toBe(true);
  });

  it('is archived in one step with one audit entry, and listed again by the bulk "list" of the seeded filter', async () => {
    const before = (await bulkEntries()).length;
    const result = await archiveStartingCatalogue(shop.db, ADMIN);
    expect(result).toMatchObject({ action: 'archive', count: 72 });
    expect(await startingCatalogueCounts(shop.db)).toEqual({ total: 72, listed: 0 });
    expect(await listedCount()).toBe(OWN);
    const entries = await bulkEntries();
    expect(entries).toHaveLength(before + 1);
    const entry = entries.at(-1)!;
    expect(entry).toMatchObject({ actor: `admin:${ADMIN}`, entity: 'product', entityId: null });
    expect(entry.after).toMatchObject({ action: 'archive', count: 72, scope: 'seeded' });
    expect((entry.after as { skus: string[] }).skus).toHaveLength(72);
    // a second click changes nothing and records nothing
    expect((await archiveStartingCatalogue(shop.db, ADMIN)).count).toBe(0);
    expect(await bulkEntries()).toHaveLength(before + 1);
    const back = await bulkUpdateProducts(shop.db, { action: 'list', target: { filter: { source: 'seeded', state: 'archived' } } }, ADMIN);
    expect(back.count).toBe(72);
    expect(await listedCount()).toBe(72 + OWN);
  });
});

describe('bulk actions on 400+ products', () => {
  it('archives every product a filter finds (all pages), counting only those it changed, then lists them again', async () => {
    const filter = { q: 'Owner' };
    expect(await countBulkChange(shop.db, { action: 'archive', target: { filter } })).toBe(OWN);
    const archived = await bulkUpdateProducts(shop.db, { action: 'archive', target: { filter } }, ADMIN);
    expect(archived.count).toBe(OWN);
    expect(archived.skus[0]).toBe('OWN-0001');
    expect(await listedCount()).toBe(72);
    const entry = (await bulkEntries()).at(-1)!;
    expect(entry.after).toMatchObject({ action: 'archive', count: OWN, scope: 'filter', filter });
    // the audit entry names the first 100 SKUs; the count the whole number
    expect((entry.after as { skus: string[] }).skus).toHaveLength(100);
    const listed = await bulkUpdateProducts(shop.db, { action: 'list', target: { filter } }, ADMIN);
    expect(listed.count).toBe(OWN);
    expect(await listedCount()).toBe(72 + OWN);
  });

  it('sets a discount on the ticked products and clears it', async () => {
    const page = await listAdminProducts(shop.db, { source: 'own', sort: 'sku' }, { page: 2, pageSize: 100 });
    const ids = page.rows.map((p) => p.id);
    const set = await bulkUpdateProducts(shop.db, { action: 'discount', target: { ids }, discountPercent: '15' }, ADMIN);
    expect(set).toMatchObject({ action: 'discount', count: 100, discountPercent: 15 });
    expect(await listedCount(and(eq(products.discountPercent, 15), eq(products.seeded, false)))).toBe(100);
    expect((await bulkEntries()).at(-1)!.after).toMatchObject({ action: 'discount', count: 100, discountPercent: 15, scope: 'selected' });
    const cleared = await bulkUpdateProducts(shop.db, { action: 'clear-discount', target: { ids } }, ADMIN);
    expect(cleared.count).toBe(100);
    expect(await listedCount(and(eq(products.discountPercent, 15), eq(products.seeded, false)))).toBe(0);
  });

  it('refuses a bad percentage, an empty or forged selection and an unknown action, changing nothing', async () => {
    const ids = (await listAdminProducts(shop.db, { source: 'own' }, { page: 1, pageSize: 400 })).rows.map((p) => p.id);
    const entries = (await bulkEntries()).length;
    const state = () =>
      shop.db.select({ id: products.id, active: products.active, discountPercent: products.discountPercent }).from(products).orderBy(products.id);
    const before = await state();
    for (const discountPercent of ['101', '-5', '12.5', 'ten', '', undefined]) {
      const err = await bulkUpdateProducts(shop.db, { action: 'discount', target: { ids }, discountPercent }, ADMIN).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).opts).toMatchObject({
        key: 'bulkDiscountInvalid',
        fields: { discountPercent: { key: 'adminshop:errors.bulkDiscountInvalid' } },
      });
    }
    await expect(bulkUpdateProducts(shop.db, { action: 'archive', target: { ids: [] } }, ADMIN)).rejects.toMatchObject({ opts: { key: 'bulkNoneSelected' } });
    await expect(bulkUpdateProducts(shop.db, { action: 'archive', target: { ids: [...ids.slice(0, 3), "1' or 1=1"] } }, ADMIN)).rejects.toMatchObject({
      opts: { key: 'bulkSelectionInvalid' },
    });
    await expect(bulkUpdateProducts(shop.db, { action: 'delete', target: { ids } }, ADMIN)).rejects.toMatchObject({ opts: { key: 'bulkActionInvalid' } });
    expect(await state()).toEqual(before);
    expect(await listedCount()).toBe(72 + OWN);
    expect(await bulkEntries()).toHaveLength(entries);
  });

  it('rolls a failing action back whole: no product changed and no audit entry', async () => {
    // the caller's transaction fails after the bulk update and its audit entry were written
    const entries = (await bulkEntries()).length;
    const err = await shop.db
      .transaction(async (tx) => {
        await bulkUpdateProducts(tx as never, { action: 'archive', target: { filter: { source: 'own' } } }, ADMIN);
        throw new Error('after the update');
      })
      .catch((e: unknown) => e);
    expect((err as Error).message).toBe('after the update');
    expect(await listedCount()).toBe(72 + OWN);
    expect(await bulkEntries()).toHaveLength(entries);
  });
});

describe('the admin list at 412 products', () => {
  it('pages on the server: 100 a page, the last page the rest, no product twice', async () => {
    const seen = new Set<string>();
    const first = await listAdminProducts(shop.db, {}, { page: 1, pageSize: 100 });
    expect(first).toMatchObject({ total: 72 + OWN, pageCount: 5, page: 1 });
    for (let page = 1; page <= 5; page++) for (const p of (await listAdminProducts(shop.db, {}, { page, pageSize: 100 })).rows) seen.add(p.id);
    expect(seen.size).toBe(72 + OWN);
    expect((await listAdminProducts(shop.db, {}, { page: 99, pageSize: 100 })).page).toBe(5);
  });

  it('searches SKU, name and brand, and filters by category, state, stock and source', async () => {
    expect((await listAdminProducts(shop.db, { q: 'own-0007' }, { page: 1, pageSize: 100 })).rows.map((p) => p.sku)).toEqual(['OWN-0007']);
    const brand = await listAdminProducts(shop.db, { q: 'Owner Davidoff' }, { page: 1, pageSize: 100 });
    expect(brand.total).toBeGreaterThan(0);
    expect(brand.rows.every((p) => p.brand === 'Owner Davidoff')).toBe(true);
    const accessories = await listAdminProducts(shop.db, { category: 'accessory' }, { page: 1, pageSize: 500 });
    expect(accessories.total).toBeGreaterThan(0);
    expect(accessories.rows.every((p) => p.category === 'accessory')).toBe(true);
    await shop.db.update(products).set({ stock: 0 }).where(eq(products.sku, 'OWN-0003'));
    const out = await listAdminProducts(shop.db, { stock: 'out', source: 'own' }, { page: 1, pageSize: 100 });
    expect(out.rows.map((p) => p.sku)).toEqual(['OWN-0003']);
    const archived = await listAdminProducts(shop.db, { state: 'archived' }, { page: 1, pageSize: 100 });
    expect(archived.rows.every((p) => !p.active)).toBe(true);
  });

  it('sorts by price both ways and by SKU', async () => {
    const up = (await listAdminProducts(shop.db, { sort: 'price-asc' }, { page: 1, pageSize: 500 })).rows.map((p) => p.basePrice);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await listAdminProducts(shop.db, { sort: 'price-desc' }, { page: 1, pageSize: 500 })).rows.map((p) => p.basePrice);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    const skus = (await listAdminProducts(shop.db, { sort: 'sku' }, { page: 1, pageSize: 500 })).rows.map((p) => p.sku);
    expect(skus).toEqual([...skus].sort());
  });
});
