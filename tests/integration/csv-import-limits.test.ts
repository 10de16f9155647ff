/**
 * The product CSV import's limits and round trip (core/catalogue/manage.ts): a 5 MB file of 2.5
 * million one-character rows is refused at the row cap without building millions of rows (it used
 * to exhaust the heap and end the process), and the admin page answers with the cap in the
 * admin's language; cells the export escaped because they start like a formula, full-width
 * `＝ ＋ － ＠` included, import back unchanged.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CSV_MAX_ROWS, importProductsCsv, productsCsv } from '../../core/catalogue/manage.ts';
import { products } from '../../core/db/schema/index.ts';
import { userWithCookie } from '../helpers/http.ts';
import { useTestSuite } from '../helpers/suite.ts';

const t = useTestSuite({ http: true }, async ({ shop }) => ({ admin: await userWithCookie(shop, 'Admin') }), 120_000);

/** The reviewed attack file: a header and 2.5 million rows of one character each (5 MB). */
const tinyRows = () => 'sku\n' + 'a\n'.repeat(2_500_000);

describe('a CSV of millions of tiny rows', () => {
  it('is refused at the row cap (csvTooManyRows), and the heap stays small', async () => {
    const text = tinyRows();
    expect(text.length).toBe(5_000_004);
    const heapBefore = process.memoryUsage().heapUsed;
    await expect(importProductsCsv(t.shop.db, text, { dryRun: true, adminId: t.admin.userId })).rejects.toMatchObject({
      code: 'invalid',
      opts: { key: 'csvTooManyRows', params: { max: CSV_MAX_ROWS } },
    });
    // 2.5 million parsed rows took several hundred MB; the cap keeps it to the first 10,001
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('a file of exactly the cap is still read (its rows are checked, not refused as too long)', async () => {
    const result = await importProductsCsv(t.shop.db, 'sku\n' + 'a\n'.repeat(CSV_MAX_ROWS), { dryRun: true, adminId: t.admin.userId });
    expect(result.rows).toBe(CSV_MAX_ROWS);
    expect(result.applied).toBe(false);
  });

  it('uploaded on the admin page: 400 with the cap in the admin language, the process alive', async () => {
    const form = new FormData();
    form.set('csv', new File([tinyRows()], 'r.csv', { type: 'text/csv' }));
    const res = await t.http.fetch('/admin/product/list?lang=de', {
      method: 'POST',
      body: form,
      headers: { origin: 'http://shop.test' },
      cookie: t.admin.cookie,
    });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toMatch(/Höchstens 10[’'.]?000 Zeilen pro Import/);
    expect((await t.http.fetch('/healthz')).status).toBe(200);
  });
});

describe('full-width formula characters', () => {
  it('escaped by the export, un-escaped by the import: ＝cmd, ＋1, －1 and ＠x come back unchanged', async () => {
    const rows = await t.shop.db.select().from(products).orderBy(products.sku).limit(2);
    const names = { name: '\uFF1Dcmd|calc', brand: '\uFF20Brand', line: '\uFF0B1', vitola: '\uFF0D1' };
    await t.shop.db.update(products).set(names).where(eq(products.id, rows[0].id));
    const csv = await productsCsv(t.shop.db);
    expect(csv).toContain(`'\uFF1Dcmd|calc`);
    expect(csv).toContain(`'\uFF20Brand`);
    const result = await importProductsCsv(t.shop.db, csv, { dryRun: false, adminId: t.admin.userId });
    expect(result.problems).toEqual([]);
    const [after] = await t.shop.db.select().from(products).where(eq(products.id, rows[0].id));
    expect({ name: after.name, brand: after.brand, line: after.line, vitola: after.vitola }).toEqual(names);
    // and a second round trip adds nothing either
    await importProductsCsv(t.shop.db, await productsCsv(t.shop.db), { dryRun: false, adminId: t.admin.userId });
    const [again] = await t.shop.db.select().from(products).where(eq(products.id, rows[0].id));
    expect(again.name).toBe(names.name);
  });
});
