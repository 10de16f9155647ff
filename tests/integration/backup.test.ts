/**
 * Backups: `npm run backup` then `npm run restore` give back the same orders, payments and stock,
 * every product photo (served by a shop started on the restored data) and a working admin log-in
 * (password, and the authenticator code when the session secret is kept) — on PGlite (a file data
 * directory) and, when TEST_DATABASE_URL is set, on PostgreSQL (pg_dump / pg_restore from Debian's
 * client). The commands run as child processes, as an operator runs them; their printed summary
 * and checklist are what the owner reads.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import pino from 'pino';
import sharp from 'sharp';
import tar from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { adminCreateUser } from '../../core/accounts/admin.ts';
import { confirmTwoFactor, startTwoFactor } from '../../core/accounts/two-factor.ts';
import { addToCart } from '../../core/cart/service.ts';
import { addProductPhoto } from '../../core/catalogue/photos.ts';
import { backupPglite } from '../../core/db/backup.ts';
import { createOrder } from '../../core/orders/index.ts';
import { recordPayment } from '../../core/payments/service.ts';
import { openShop, type Shop } from '../../core/shop.ts';
import { GOOD_PASSWORD, registration } from '../helpers/accounts.ts';
import { createCustomer, productWith } from '../helpers/customers.ts';
import { serveHttpApp } from '../helpers/http.ts';
import { createTestDatabase, onPostgres, seededDataDir, seededTemplate } from '../helpers/shop.ts';

const run = promisify(execFile);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-test-'));
const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const d of drops) await d();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const SECRET = 'x'.repeat(40);
/** Photos added by {@link fill}: 2 products, 3 photos, each rendered at 320 and 640 px in 3 formats. */
const PHOTO_FILES = 3 * 2 * 3;

/** What must survive a backup: orders, payments, stock (as JSON text, to compare exactly). */
async function snapshot(shop: Shop): Promise<string> {
  const q = async (query: string) => ((await shop.db.execute(sql.raw(query))) as unknown as { rows: unknown[] }).rows;
  return JSON.stringify({
    orders: await q('SELECT id, code, status, payment_status, total_rappen, paid_rappen FROM orders ORDER BY id'),
    lines: await q('SELECT order_id, product_id, count, line_total_rappen FROM order_lines ORDER BY id'),
    payments: await q('SELECT * FROM payments ORDER BY id'),
    stock: await q('SELECT id, stock FROM products ORDER BY id'),
  });
}

const jpeg = (r: number) =>
  sharp({ create: { width: 700, height: 500, channels: 3, background: { r, g: 60, b: 20 } } })
    .jpeg()
    .toBuffer();

type Admin = { email: string; totpSecret: string };

/**
 * A shop with one paid and one unpaid order, 3 uploaded photos on 2 products, and an admin with a
 * password and two-factor log-in (turned on with a code of a minute ago, so the current code is
 * still unused).
 */
async function fill(shop: Shop): Promise<Admin> {
  const p = await productWith(shop, 10, 2500, 0);
  for (const paid of [true, false]) {
    const c = await createCustomer(shop);
    await addToCart(shop.db, c.id, p.id, 2, c.id);
    const order = await createOrder(shop, { userId: c.id, paymentMethod: 'qr-bill' });
    if (paid)
      await recordPayment(shop, {
        provider: 'bank',
        orderRef: order.code,
        providerRef: `ref-${order.id}`,
        amount: order.total,
        currency: 'CHF',
        exactAmount: false,
      });
  }
  const reg = registration();
  const { id: adminId } = await adminCreateUser(shop.db, { ...reg, role: 'Admin' });
  const q = await productWith(shop, 5, 4000, 1);
  await addProductPhoto(shop, p.id, await jpeg(90), 'Front', adminId);
  await addProductPhoto(shop, p.id, await jpeg(120), 'Band', adminId);
  await addProductPhoto(shop, q.id, await jpeg(150), 'Box', adminId);
  const { secret } = await startTwoFactor(shop, adminId);
  const at = new Date(Date.now() - 60_000);
  await confirmTwoFactor(shop, adminId, await generate({ secret, epoch: Math.floor(at.getTime() / 1000) }), at);
  return { email: reg.email, totpSecret: secret };
}

/** Every URL of every uploaded photo (each width in AVIF, WebP and JPEG), from the products' rows. */
async function photoUrls(shop: Shop): Promise<string[]> {
  const rows = (
    (await shop.db.execute(sql.raw('SELECT images FROM products'))) as unknown as { rows: Array<{ images: Array<{ id?: string; widths?: number[] }> }> }
  ).rows;
  return rows.flatMap((r) =>
    r.images.filter((i) => i.id).flatMap((i) => i.widths!.flatMap((w) => ['avif', 'webp', 'jpg'].map((f) => `/media/products/${i.id}/${w}.${f}`))),
  );
}

/**
 * Starts the HTTP server on a restored shop and checks what its owner and shoppers need: every
 * photo answers 200 with an image, and the admin logs in with password and authenticator code.
 */
async function checkServed(shop: Shop, admin: Admin): Promise<void> {
  const urls = await photoUrls(shop);
  expect(urls).toHaveLength(PHOTO_FILES);
  const { server, port } = await serveHttpApp(shop);
  try {
    for (const url of urls) {
      const res = await fetch(`http://127.0.0.1:${port}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/^image\/(avif|webp|jpeg)$/);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.width, url).toBe(Number(/\/(\d+)\.\w+$/.exec(url)![1]));
    }
    const login = (body: Record<string, string>) =>
      fetch(`http://127.0.0.1:${port}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const passwordOnly = await login({ email: admin.email, password: GOOD_PASSWORD });
    expect(passwordOnly.status).toBe(401);
    expect((await passwordOnly.json()).twoFactorRequired).toBe(true);
    const withCode = await login({ email: admin.email, password: GOOD_PASSWORD, otp: await generate({ secret: admin.totpSecret }) });
    expect(withCode.status).toBe(200);
  } finally {
    await new Promise((r) => server.close(r));
  }
}

const env = (extra: Record<string, string>) => ({ ...process.env, LOG_LEVEL: 'silent', SESSION_SECRET: SECRET, ...extra });
const open = (over: Record<string, string | undefined>) =>
  openShop({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SESSION_SECRET: SECRET, SMTP_URL: undefined, ...over }, { logger: pino({ level: 'silent' }) });
const script = (name: string, args: string[], e: NodeJS.ProcessEnv) => run('node', ['--import', 'tsx', `scripts/${name}.ts`, ...args], { env: e });
const failed = (p: Promise<unknown>) => p.then(() => ({ code: 0, stdout: '', stderr: '' }) as { code: number; stdout: string; stderr: string }).catch((e) => e);

describe('backup and restore', () => {
  // registered on the PGlite run of the suite only: it opens no PostgreSQL, so the PostgreSQL run
  // would only repeat it (npm test runs both)
  if (!onPostgres)
    it('PGlite: the restored data directory has the same orders, every photo served and the admin log-in with its code', { timeout: 300_000 }, async () => {
      const dataDir = path.join(tmp, 'data');
      await seededDataDir(dataDir, 'catalogue');
      let shop = await open({ DATA_DIR: dataDir, DATABASE_URL: undefined });
      const admin = await fill(shop);
      const before = await snapshot(shop);
      await shop.close();

      // with neither a folder nor BACKUP_DIR, the backup goes to ~/casa-shop-backups, outside the code
      const home = path.join(tmp, 'home');
      fs.mkdirSync(home);
      const out = await script('backup', [], env({ DATA_DIR: dataDir, DATABASE_URL: '', HOME: home, BACKUP_DIR: '' }));
      const backups = path.join(home, 'casa-shop-backups');
      const [file] = fs.readdirSync(backups);
      expect(file).toMatch(/^shop-.*\.backup\.tar$/);
      expect(out.stdout).toContain(`Backup written: ${path.join(backups, file)}`);
      expect(out.stdout).toMatch(/Database: PGlite .*: 2 orders, \d+ customer accounts, \d+ products/);
      expect(out.stdout).toContain(`Photos: ${PHOTO_FILES} photo files`);
      expect(out.stdout).toMatch(/Not in this backup, on purpose: the session secret \(SESSION_SECRET\)/);
      expect(out.stdout).toMatch(/1 account with two-factor log-in/);

      // the secret kept (the same SESSION_SECRET): photos, orders and the authenticator all work
      const restored = path.join(tmp, 'restored');
      const back = await script('restore', [path.join(backups, file)], env({ DATA_DIR: restored, DATABASE_URL: '', SMTP_URL: '', PUBLIC_URL: '' }));
      expect(back.stdout).toContain(`[ok] Photos: ${PHOTO_FILES} photo files`);
      expect(back.stdout).toMatch(/\[ok\] Session secret: the same as the backed-up shop's \(SESSION_SECRET\)/);
      expect(back.stdout).toMatch(/\[!!\] SMTP_URL is not set/);
      expect(back.stdout).toMatch(/\[!!\] PUBLIC_URL is not set/);
      expect(back.stdout).toMatch(/\[--\] Datatrans keys .* not all set/);
      expect(fs.readdirSync(restored)).not.toContain('secrets.json');
      shop = await open({ DATA_DIR: restored, DATABASE_URL: undefined });
      expect(await snapshot(shop)).toBe(before);
      await checkServed(shop, admin);
      await shop.close();

      // restoring over an existing database is refused, and leaves it as it was
      const again = await failed(script('restore', [path.join(backups, file)], env({ DATA_DIR: restored, DATABASE_URL: '' })));
      expect(again.code).toBe(3);
      expect(again.stderr).toMatch(/already holds a database/);

      // another secret: the checklist says the two-factor account needs its recovery codes
      const other = await script(
        'restore',
        [path.join(backups, file)],
        env({ DATA_DIR: path.join(tmp, 'other-secret'), DATABASE_URL: '', SESSION_SECRET: 'y'.repeat(40) }),
      );
      expect(other.stdout).toMatch(/\[!!\] Session secret: SESSION_SECRET differs from the backed-up shop's/);
      expect(other.stdout).toMatch(/the 1 account with two-factor log-in must log in with a recovery code/);
    });

  if (!onPostgres)
    it(
      'PGlite: a backup folder inside the code folder is refused; the generated secret stays out; S3 photos are named; a cut archive restores nothing',
      { timeout: 180_000 },
      async () => {
        const dataDir = path.join(tmp, 'data-small');
        await seededDataDir(dataDir, 'catalogue');
        const inside = path.join(process.cwd(), 'backups-test-inside');
        for (const args of [[inside], []]) {
          const refused = await failed(script('backup', args, env({ DATA_DIR: dataDir, DATABASE_URL: '', BACKUP_DIR: path.join(process.cwd(), 'data', 'b') })));
          expect(refused.code).toBe(2);
          expect(refused.stderr).toMatch(/inside the code folder/);
        }
        expect(fs.existsSync(inside)).toBe(false);

        // a generated secret (secrets.json, SESSION_SECRET unset) stays out of the archive
        const generated = JSON.stringify({ sessionSecret: 'z'.repeat(43) });
        fs.writeFileSync(path.join(dataDir, 'secrets.json'), generated, { mode: 0o600 });
        const folder = path.join(tmp, 'small-backups');
        const out = await script('backup', [folder], env({ DATA_DIR: dataDir, DATABASE_URL: '', SESSION_SECRET: '' }));
        expect(out.stdout).toContain(`the session secret (${path.join(dataDir, 'secrets.json')})`);
        expect(out.stdout).toContain('Photos: 0 photo files');
        const [file] = fs.readdirSync(folder);
        const names: string[] = [];
        const extract = tar.extract();
        const listed = pipeline(fs.createReadStream(path.join(folder, file)), extract);
        for await (const entry of extract) {
          names.push(entry.header.name);
          entry.resume();
        }
        await listed;
        expect(names).toEqual(['manifest.json', 'database.pglite.tar.gz']);
        expect(fs.readFileSync(path.join(folder, file)).includes('z'.repeat(43))).toBe(false);

        // with S3_BUCKET the photos stay in the bucket: the summary names it, the restore checks it
        const s3 = { S3_BUCKET: 'shop-photos', S3_ENDPOINT: 'http://127.0.0.1:9', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' };
        const s3Folder = path.join(tmp, 's3-backups');
        const s3Out = await script('backup', [s3Folder], env({ DATA_DIR: dataDir, DATABASE_URL: '', ...s3 }));
        expect(s3Out.stdout).toContain('Photos: not in this file: they stay in the S3 bucket "shop-photos"');
        const s3Back = await script(
          'restore',
          [path.join(s3Folder, fs.readdirSync(s3Folder)[0])],
          env({ DATA_DIR: path.join(tmp, 's3-restored'), DATABASE_URL: '' }),
        );
        expect(s3Back.stdout).toMatch(/\[!!\] Photos: not in the backup, they stay in the S3 bucket "shop-photos"; S3_BUCKET here is unset/);

        // the old secrets.json copied into the new DATA_DIR first: the checklist finds the same secret
        const kept = path.join(tmp, 'kept-secret');
        fs.mkdirSync(kept, { mode: 0o700 });
        fs.writeFileSync(path.join(kept, 'secrets.json'), generated, { mode: 0o600 });
        const back = await script('restore', [path.join(folder, file)], env({ DATA_DIR: kept, DATABASE_URL: '', SESSION_SECRET: '' }));
        expect(back.stdout).toMatch(/\[ok\] Session secret: the same as the backed-up shop's \(secrets\.json\)/);
        expect(back.stdout).toContain('[ok] Photos: 0 photo files');
        const cut = path.join(tmp, 'cut.backup.tar');
        const bytes = fs.readFileSync(path.join(folder, file));
        fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
        const target = path.join(tmp, 'from-cut');
        const res = await failed(script('restore', [cut], env({ DATA_DIR: target, DATABASE_URL: '' })));
        expect(res.code).toBe(3);
        expect(res.stderr).toMatch(/not a complete shop backup/);
        expect(fs.existsSync(path.join(target, 'PG_VERSION'))).toBe(false);
      },
    );

  if (!onPostgres)
    it('PGlite: a database-only backup of an earlier version still restores, with a warning that it holds no photos', { timeout: 180_000 }, async () => {
      const dataDir = path.join(tmp, 'data-old');
      await seededDataDir(dataDir, 'catalogue');
      const old = path.join(tmp, 'old', 'shop-2026-11-01T02-30-00Z.pglite.tar.gz');
      await backupPglite(dataDir, old);
      const target = path.join(tmp, 'restored-old');
      const res = await script('restore', [old], env({ DATA_DIR: target, DATABASE_URL: '' }));
      expect(res.stderr).toMatch(/holds the database only: no photos/);
      expect(res.stdout).toMatch(/\[!!\] Photos: this backup \(made by an earlier version\) holds the database only/);
      expect(res.stdout).toMatch(/\[!!\] Session secret: this backup \(earlier version\) does not say/);
      expect(fs.existsSync(path.join(target, 'PG_VERSION'))).toBe(true);
    });

  // registered only on the PostgreSQL run of the suite (npm test runs both)
  if (process.env.TEST_DATABASE_URL)
    it(
      'PostgreSQL: backup then restore into another database and DATA_DIR gives the same data, every photo and the admin log-in',
      { timeout: 300_000 },
      async () => {
        // the source starts from the run's seeded database (settings and catalogue), as a shop's first
        // start leaves it; the target is empty, as a new server's database is
        const source = await createTestDatabase(process.env.TEST_DATABASE_URL!, { template: seededTemplate('catalogue') });
        const target = await createTestDatabase(process.env.TEST_DATABASE_URL!);
        drops.push(source.drop, target.drop);
        const sourceDir = path.join(tmp, 'pg-source');
        let shop = await open({ DATABASE_URL: source.url, DATA_DIR: sourceDir });
        const admin = await fill(shop);
        const before = await snapshot(shop);
        await shop.close();

        const backups = path.join(tmp, 'pg-backups');
        const out = await script('backup', [backups], env({ DATABASE_URL: source.url, DATA_DIR: sourceDir }));
        const [file] = fs.readdirSync(backups);
        expect(file).toMatch(/\.backup\.tar$/);
        expect(out.stdout).toMatch(/Database: PostgreSQL \(DATABASE_URL\), pg_dump, .*: 2 orders/);
        expect(out.stdout).toContain(`Photos: ${PHOTO_FILES} photo files`);

        // restore twice: the second run replaces what the first wrote (the operator's retry is safe)
        const restoredDir = path.join(tmp, 'pg-restored');
        for (let i = 0; i < 2; i++) {
          const back = await script('restore', [path.join(backups, file)], env({ DATABASE_URL: target.url, DATA_DIR: restoredDir }));
          expect(back.stdout).toContain(`[ok] Photos: ${PHOTO_FILES} photo files`);
          expect(back.stdout).toMatch(/\[ok\] Session secret: the same/);
        }
        shop = await open({ DATABASE_URL: target.url, DATA_DIR: restoredDir });
        expect(await snapshot(shop)).toBe(before);
        await checkServed(shop, admin);
        await shop.close();
      },
    );
});
