/**
 * The audit log as an owner reads it (core/audit/readable.ts), on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL: every action the code writes has a label in all 15 locales;
 * a refund reads "Erstattet CHF 0.00 → CHF 80.10" by the admin's name on the order's code, with the
 * order's status as a detail (not "delivered → –"); times are the shop's local time; a product is
 * named by name and SKU, a user by name and e-mail; a CSV import is one entry with its counts and
 * file name; the filters find entries by person, thing (order code, SKU, e-mail), action and day.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBlocked } from '../../core/accounts/admin.ts';
import { AUDIT_ACTIONS, auditActionKey, describeActors, readableAudit, searchAudit, type AuditFilter } from '../../core/audit/index.ts';
import { addToCart } from '../../core/cart/service.ts';
import { updateSettings } from '../../core/config/service.ts';
import { adjustStock, importProductsCsv, productsCsv } from '../../core/catalogue/manage.ts';
import { auditLog } from '../../core/db/schema/audit.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { formatDateTime, LOCALES } from '../../core/i18n/index.ts';
import { shipOrder } from '../../core/orders/admin.ts';
import { createOrder, findOrder } from '../../core/orders/index.ts';
import { refundOrder } from '../../core/payments/refunds.ts';
import type { Shop } from '../../core/shop.ts';
import { createCustomer, productWith, type TestCustomer } from '../helpers/customers.ts';
import { payInFull } from '../helpers/payments.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let admin: TestCustomer;
let customer: TestCustomer;
const ZONE = 'Europe/Zurich';
const de = { lang: 'de', timeZone: ZONE };
const en = { lang: 'en', timeZone: ZONE };

beforeAll(async () => {
  ({ shop } = await openTestSuite());
  admin = await createCustomer(shop, { role: 'Admin' });
  await shop.db.update(users).set({ firstName: 'Olivia', lastName: 'Owner' }).where(eq(users.id, admin.id));
  customer = await createCustomer(shop, { locale: 'de' });
  await shop.db.update(users).set({ firstName: 'Claudia', lastName: 'Kundin' }).where(eq(users.id, customer.id));
});
afterAll(() => shop?.close());

/** Text with the no-break spaces of CHF amounts as plain spaces, to compare with typed text. */
const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v).replace(/[\u00a0\u202f]/g, ' '));

/** The newest entries matching a filter, written out. */
async function entries(filter: AuditFilter, ctx = de) {
  const { rows } = await searchAudit(shop.db, filter, ZONE, 1, 200);
  return plain(await readableAudit(shop.db, rows, ctx));
}

/** The source files (not tests) that write audit entries. */
function auditWriters(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'locales' ? [] : auditWriters(p);
    if (!/\.tsx?$/.test(e.name) || /\.test\.tsx?$/.test(e.name) || p.endsWith(path.join('audit', 'readable.ts'))) return [];
    const text = fs.readFileSync(p, 'utf8');
    return /recordAudit(On)?\(|insert\(auditLog\)/.test(text) ? [p] : [];
  });
}

describe('action labels', () => {
  it('every action key written anywhere is listed and has a label in all 15 locales', () => {
    const written = new Set<string>();
    for (const file of ['core', 'app', 'api', 'server', 'scripts'].flatMap(auditWriters)) {
      const text = fs.readFileSync(file, 'utf8');
      // `action: 'x.y'`, also `action: cond ? 'x.y' : 'x.z'`: every dotted literal up to the next comma
      for (const m of text.matchAll(/\baction:\s*([^,\n}]+(?:\?[^,\n}]+:[^,\n}]+)?)/g))
        for (const lit of m[1].matchAll(/'([a-z]+(?:\.[a-zA-Z]+)+)'/g)) written.add(lit[1]);
      // recordAuditOn(tx, actor, 'x.y', id, { before, after }): the literals before the change object
      for (const m of text.matchAll(/recordAuditOn\(([\s\S]*?),\s*\{\s*(?:before|after)\b/g))
        for (const lit of m[1].matchAll(/'([a-z]+(?:\.[a-zA-Z]+)+)'/g)) written.add(lit[1]);
    }
    expect(written.size).toBeGreaterThan(30);
    expect([...written].filter((a) => !(AUDIT_ACTIONS as readonly string[]).includes(a))).toEqual([]);
    for (const lng of LOCALES) {
      const audit = JSON.parse(fs.readFileSync(`core/i18n/locales/${lng}/admin.json`, 'utf8')).audit;
      const english = JSON.parse(fs.readFileSync('core/i18n/locales/en/admin.json', 'utf8')).audit;
      for (const a of AUDIT_ACTIONS) {
        const key = auditActionKey(a).replace('admin:audit.action.', '');
        expect(audit.action?.[key], `${lng}: ${a}`).toEqual(expect.stringMatching(/\S/));
        if (lng !== 'en') expect(audit.action[key], `${lng}: ${a} is English`).not.toBe(english.action[key]);
      }
    }
  });
});

describe('the readable audit log', () => {
  it('a refund reads in CHF, by the admin by name, on the order code; the status that stayed is a detail', async () => {
    const p = await productWith(shop, 30, 8_010, 0);
    await addToCart(shop.db, customer.id, p.id, 1, customer.id);
    const o = await createOrder(shop, { userId: customer.id, paymentMethod: 'qr-bill' });
    await payInFull(shop, o, 'qr-bill');
    await shipOrder(shop, o.id, { carrier: 'swiss-post', trackingNumber: '99.00.123456.78901234' }, admin.id);
    await refundOrder(shop, o.id, { amount: 8_010, restock: false, reason: 'damaged' }, admin.id);
    const order = (await findOrder(shop.db, o.id))!;

    const [refund] = await entries({ q: order.code, action: 'order.refund' });
    expect(refund.what).toBe('Rückerstattung ausgeführt');
    expect(refund.object).toMatchObject({ kind: 'Bestellung', label: order.code, href: `/admin/order/details?id=${o.id}` });
    expect(refund.actor).toMatchObject({ name: 'Olivia Owner', email: admin.email, role: 'Admin', kind: 'admin' });
    expect(refund.changes).toContainEqual({ field: 'refundedAmount', label: 'Erstattet', before: 'CHF 0.00', after: 'CHF 80.10' });
    // the order's status is recorded before the refund only: a detail, never "Versandt → –"
    expect(refund.changes.map((c) => c.field)).not.toContain('status');
    expect(refund.details).toContainEqual({ field: 'status', label: 'Status', value: 'Versandt' });
    expect(refund.details).toContainEqual({ field: 'amount', label: 'Betrag', value: 'CHF 80.10' });
    expect(refund.details.map((d) => d.field)).not.toContain('key');

    const [english] = await entries({ q: order.code, action: 'order.refund' }, en);
    const line = english.changes.find((c) => c.field === 'refundedAmount')!;
    expect(`${line.label} ${line.before} → ${line.after}`).toBe('Refunded CHF 0.00 → CHF 80.10');
    expect(english.what).toBe('Refund made');

    // every entry of the order is found by its code, none shows a raw key or a UUID prefix
    const ofOrder = await entries({ q: order.code });
    expect(ofOrder.map((e) => e.action).sort()).toEqual(['order.refund', 'order.ship']);
    for (const e of ofOrder) {
      expect(e.what).not.toMatch(/^[a-z]+\.[a-z.]+$/i);
      expect(e.object.label).toBe(order.code);
    }
  });

  it('writes the time in the shop zone: 10:39 UTC on 28 Nov is 11:39 in Zürich; days filter by local days', async () => {
    const id = randomUUID();
    await shop.db.insert(auditLog).values({
      id,
      actor: `admin:${admin.id}`,
      action: 'settings.update',
      entity: 'settings',
      before: { shippingFee: 850, vatRateBasisPoints: 770 },
      after: { shippingFee: 900, vatRateBasisPoints: 810 },
      createdAt: new Date('2026-11-28T10:39:00Z'),
    });
    // 23:30 UTC on 28 Nov is already 29 Nov in Zürich
    await shop.db.insert(auditLog).values({
      id: randomUUID(),
      actor: 'system',
      action: 'product.update',
      entity: 'product',
      before: { lowStockThreshold: 5 },
      after: { lowStockThreshold: 3 },
      createdAt: new Date('2026-11-28T23:30:00Z'),
    });
    const [e] = (await entries({ from: '2026-11-28', to: '2026-11-28' })).filter((x) => x.id === id);
    expect(e.when).toBe(plain(formatDateTime(new Date('2026-11-28T10:39:00Z'), 'de-CH', ZONE)));
    expect(e.when).toContain('11:39');
    expect(e.changes).toEqual([
      { field: 'shippingFee', label: 'Versandkosten', before: 'CHF 8.50', after: 'CHF 9.00' },
      { field: 'vatRateBasisPoints', label: 'MWST-Satz', before: '7.7 %', after: '8.1 %' },
    ]);
    expect(e.object).toMatchObject({ kind: 'Einstellungen', href: '/admin/settings' });
    expect((await entries({ from: '2026-11-28', to: '2026-11-28' })).map((x) => x.action)).toEqual(['settings.update']);
    const late = await entries({ from: '2026-11-29', to: '2026-11-29' });
    expect(late.map((x) => [x.action, x.actor.name, x.actor.role])).toEqual([['product.update', 'System', '']]);
  });

  it('names a product by name and SKU and a user by name and e-mail; finds them by SKU and e-mail', async () => {
    const p = await productWith(shop, 12, 2_000, 3);
    await adjustStock(shop.db, p.id, 8, 'delivery', 'Lieferung Davidoff', admin.id);
    const [stock] = await entries({ q: p.sku });
    expect(stock).toMatchObject({ action: 'product.stock', what: 'Bestand angepasst' });
    expect(stock.object).toMatchObject({ kind: 'Produkt', label: p.name, meta: p.sku, href: `/admin/product/add?id=${p.id}` });
    expect(stock.changes).toContainEqual({ field: 'stock', label: 'Bestand', before: '12', after: '20' });

    await setBlocked(shop.db, `admin:${admin.id}`, customer.id, true);
    const [block] = await entries({ q: customer.email });
    expect(block).toMatchObject({ action: 'user.block', what: 'Benutzer gesperrt' });
    expect(block.object).toMatchObject({ kind: 'Benutzer', label: 'Claudia Kundin', meta: customer.email });
    expect(block.changes).toEqual([{ field: 'blocked', label: 'Gesperrt', before: 'nein', after: 'ja' }]);
    await setBlocked(shop.db, `admin:${admin.id}`, customer.id, false);
    expect((await entries({ q: 'Claudia Kundin' })).map((e) => e.action)).toEqual(['user.unblock', 'user.block']);
  });

  it('a CSV import is one entry with its file name and how many products were new, updated and unchanged', async () => {
    const exported = parse((await productsCsv(shop.db)).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const before = (await searchAudit(shop.db, {}, ZONE, 1, 1)).total;
    const [first, second] = exported;
    const rows = [
      ...exported.map((r) => (r.sku === second.sku ? { ...r, stock: String(Number(r.stock) + 7) } : r)),
      { ...first, sku: 'NEW-AUDIT-1', name: 'Neue Zigarre' },
    ];
    const result = await importProductsCsv(shop.db, stringify(rows, { header: true }), { dryRun: false, adminId: admin.id, fileName: 'sortiment.csv' });
    expect(result.applied).toBe(true);
    expect((await searchAudit(shop.db, {}, ZONE, 1, 1)).total).toBe(before + 1);
    const [e] = await entries({ action: 'catalogue.import' });
    expect(e).toMatchObject({ what: 'Katalog aus CSV importiert', object: { kind: 'Produkt', label: 'Katalog', meta: null } });
    const detail = Object.fromEntries(e.details.map((d) => [d.label, d.value]));
    expect(detail).toMatchObject({ Datei: 'sortiment.csv', Neu: '1', Geändert: '1', Unverändert: String(exported.length - 1) });
    // found by its file's name
    expect((await entries({ q: 'sortiment' })).map((x) => x.id)).toEqual([e.id]);
  });

  it('filters by person: one admin, customers, the shop itself', async () => {
    const other = await createCustomer(shop, { role: 'Admin' });
    await updateSettings(shop.db, { shippingFee: 950 }, `admin:${other.id}`);
    const byOther = await entries({ actor: `admin:${other.id}` });
    expect(byOther.map((e) => e.action)).toEqual(['settings.update']);
    expect(byOther[0].actor).toMatchObject({ name: 'Anna Muster', email: other.email, role: 'Admin' });
    const mine = await entries({ actor: `admin:${admin.id}` });
    expect(mine.length).toBeGreaterThan(3);
    expect(mine.every((e) => e.actor.name === 'Olivia Owner')).toBe(true);
    expect((await entries({ actor: 'system' })).every((e) => e.actor.kind === 'system' || e.actor.kind === 'cli')).toBe(true);
    expect(await entries({ actor: 'customers' })).toEqual([]);
    expect(await entries({ q: 'no-such-thing-anywhere' })).toEqual([]);
  });

  it('pages through 5,000 entries: a page and its names in a few queries', async () => {
    const many = Array.from({ length: 5_000 }, (_, i) => ({
      id: randomUUID(),
      actor: `admin:${admin.id}`,
      action: 'product.stock',
      entity: 'product',
      entityId: randomUUID(),
      before: { stock: i },
      after: { stock: i + 1 },
      createdAt: new Date(Date.parse('2026-10-01T08:00:00Z') + i * 60_000),
    }));
    for (let i = 0; i < many.length; i += 500) await shop.db.insert(auditLog).values(many.slice(i, i + 500));
    const started = performance.now();
    const { rows, total } = await searchAudit(shop.db, { actor: `admin:${admin.id}`, from: '2026-10-01', to: '2026-10-31' }, ZONE, 40, 50);
    const page = await readableAudit(shop.db, rows, de);
    console.info(`audit page 40 of ${total} entries, filtered and written out, in ${Math.round(performance.now() - started)} ms`);
    expect(total).toBe(5_000);
    expect(page).toHaveLength(50);
    // newest first: page 40 starts 1,950 entries after the newest (stock 4,999 → 5,000), so at 3,049 → 3,050
    const [before, after] = [3_049, 3_050].map((n) => n.toLocaleString('de-CH'));
    expect(page[0].changes).toEqual([{ field: 'stock', label: 'Bestand', before, after }]);
  });

  it("names the order history's people: the customer, the admin, the system", async () => {
    const views = await describeActors(shop.db, [`user:${customer.id}`, `admin:${admin.id}`, 'system', 'provider:datatrans'], 'de');
    expect(views[`user:${customer.id}`]).toMatchObject({ name: 'Claudia Kundin', role: 'Kunde', kind: 'customer' });
    expect(views[`admin:${admin.id}`]).toMatchObject({ name: 'Olivia Owner', role: 'Admin', kind: 'admin' });
    expect(views.system).toMatchObject({ name: 'System', role: '' });
    expect(views['provider:datatrans']).toMatchObject({ name: 'Datatrans', role: 'Zahlungsanbieter' });
  });
});
