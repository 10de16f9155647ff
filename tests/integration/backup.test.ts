/**
 * Backups: `npm run backup` then `npm run restore` give back the same orders, payments
 * and stock — on PGlite (a file data directory) and, when TEST_DATABASE_URL is set, on PostgreSQL
 * (pg_dump / pg_restore from Debian's client). The commands run as child processes, as an operator
 * runs them.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { addToCart } from '../../core/cart/service.ts';
import { createOrder } from '../../core/orders/service.ts';
import { recordPayment } from '../../core/payments/service.ts';
import { openShop, type Shop } from '../../core/shop.ts';
import { createCustomer, productWith } from '../helpers/customers.ts';
import { createTestDatabase, onPostgres, seededDataDir, seededTemplate } from '../helpers/shop.ts';

const run = promisify(execFile);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-test-'));
const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const d of drops) await d();
  fs.rmSync(tmp, { recursive: true, force: true });
});

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

/** A shop with one paid order and one unpaid order. */
async function fill(shop: Shop): Promise<void> {
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
}

const env = (extra: Record<string, string>) => ({ ...process.env, LOG_LEVEL: 'silent', SESSION_SECRET: 'x'.repeat(40), ...extra });
const open = (over: Record<string, string | undefined>) =>
  openShop({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SESSION_SECRET: 'x'.repeat(40), SMTP_URL: undefined, ...over }, { logger: pino({ level: 'silent' }) });

describe('backup and restore', () => {
  // registered on the PGlite run of the suite only: it opens no PostgreSQL, so the PostgreSQL run
  // would only repeat it (npm test runs both)
  if (!onPostgres)
    it('PGlite: the restored data directory has the same orders, payments and stock', { timeout: 180_000 }, async () => {
      const dataDir = path.join(tmp, 'data');
      await seededDataDir(dataDir, 'catalogue');
      let shop = await open({ DATA_DIR: dataDir, DATABASE_URL: undefined });
      await fill(shop);
      const before = await snapshot(shop);
      await shop.close();

      const backups = path.join(tmp, 'pglite-backups');
      const out = await run('node', ['--import', 'tsx', 'scripts/backup.ts', backups], { env: env({ DATA_DIR: dataDir, DATABASE_URL: '' }) });
      expect(out.stdout).toMatch(/Backup written: .*\.pglite\.tar\.gz/);
      const [file] = fs.readdirSync(backups);

      const restored = path.join(tmp, 'restored');
      await run('node', ['--import', 'tsx', 'scripts/restore.ts', path.join(backups, file)], { env: env({ DATA_DIR: restored, DATABASE_URL: '' }) });
      shop = await open({ DATA_DIR: restored, DATABASE_URL: undefined });
      expect(await snapshot(shop)).toBe(before);
      await shop.close();

      // restoring over an existing database is refused, and leaves it as it was
      const again = await run('node', ['--import', 'tsx', 'scripts/restore.ts', path.join(backups, file)], {
        env: env({ DATA_DIR: restored, DATABASE_URL: '' }),
      }).catch((e) => e);
      expect(again.code).toBe(3);
      expect(again.stderr).toMatch(/already holds a database/);
    });

  // registered only on the PostgreSQL run of the suite (npm test runs both)
  if (process.env.TEST_DATABASE_URL)
    it('PostgreSQL: pg_dump then pg_restore into another database gives the same data', { timeout: 180_000 }, async () => {
      // the source starts from the run's seeded database (settings and catalogue), as a shop's first
      // start leaves it; the target is empty, as a new server's database is
      const source = await createTestDatabase(process.env.TEST_DATABASE_URL!, { template: seededTemplate('catalogue') });
      const target = await createTestDatabase(process.env.TEST_DATABASE_URL!);
      let shop = await open({ DATABASE_URL: source.url, DATA_DIR: 'memory://' });
      await fill(shop);
      const before = await snapshot(shop);
      await shop.close();
      drops.push(source.drop, target.drop);

      const backups = path.join(tmp, 'pg-backups');
      await run('node', ['--import', 'tsx', 'scripts/backup.ts', backups], { env: env({ DATABASE_URL: source.url }) });
      const [file] = fs.readdirSync(backups);
      expect(file).toMatch(/\.pgdump$/);
      // restore twice: the second run replaces what the first wrote (the operator's retry is safe)
      for (let i = 0; i < 2; i++)
        await run('node', ['--import', 'tsx', 'scripts/restore.ts', path.join(backups, file)], { env: env({ DATABASE_URL: target.url }) });
      shop = await open({ DATABASE_URL: target.url, DATA_DIR: 'memory://' });
      expect(await snapshot(shop)).toBe(before);
      await shop.close();
    });
});
