/**
 * From PGlite to PostgreSQL (docs/operations.md): a shop started on the embedded database, with customers,
 * orders (one by QR-bill, so with an invoice), sessions and a photo file, is stopped and moved
 * with `npm run migrate:to-postgres`; every table arrives row for row (same contents, compared
 * by checksum), and the built server started on PostgreSQL with the same DATA_DIR runs the same
 * shop: the old session tokens work, the orders and the invoice are there. A second move into
 * the now filled database is refused; with a bucket configured the photos are copied to it (s3rver,
 * a local S3-compatible server). Needs a PostgreSQL (runs on the suite's PostgreSQL pass).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCreateUser } from '../../core/accounts/admin.ts';
import { login, type Session } from '../../core/accounts/sessions.ts';
import { addToCart } from '../../core/cart/service.ts';
import { openDatabase, resultRows, type Db } from '../../core/db/client.ts';
import { createOrder } from '../../core/orders/index.ts';
import { startPayment } from '../../core/payments/checkout.ts';
import { openShop, type Shop } from '../../core/shop.ts';
import { freePort, startApp, type AppProcess } from '../../scripts/lib/cluster.ts';
import { GOOD_PASSWORD, registration } from '../helpers/accounts.ts';
import { productWith } from '../helpers/customers.ts';
import { createTestDatabase } from '../helpers/shop.ts';

const run = promisify(execFile);

/** A checksum of each table's rows (as JSON, sorted), in UTC. */
async function checksums(query: (text: string) => Promise<{ name: string; sum: string | null; n: string }[]>, tables: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const t of tables) {
    const [row] = await query(
      `SELECT '${t}' AS name, md5(string_agg(row_to_json(x)::text, '|' ORDER BY row_to_json(x)::text)) AS sum, count(*)::text AS n FROM "${t}" x`,
    );
    out.set(t, `${row.n}:${row.sum ?? '-'}`);
  }
  return out;
}

describe('npm run migrate:to-postgres', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-move-'));
  let target: { url: string; drop: () => Promise<void> };
  let customer: { id: string; email: string; session: Session };
  let orderCodes: string[] = [];
  let invoiceUrl = '';
  let photo = '';
  let moveOutput = '';
  let app: AppProcess | null = null;

  beforeAll(async () => {
    target = await createTestDatabase(process.env.TEST_DATABASE_URL!);
    // the shop as a new operator starts it: PGlite in DATA_DIR, the session secret generated there
    const shop: Shop = await openShop(
      { DATA_DIR: dataDir, DATABASE_URL: undefined, SESSION_SECRET: undefined, NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000' },
      { logger: pino({ level: 'silent' }) },
    );
    try {
      const reg = registration({ firstName: 'Zoë', lastName: "O'Brien-Müller" });
      const { id } = await adminCreateUser(shop.db, { ...reg, role: 'Customer' });
      const session = await login(shop, { email: reg.email, password: GOOD_PASSWORD }, { ip: '198.51.100.7' });
      customer = { id, email: reg.email, session };
      const p = await productWith(shop, 40, 2_350, 2);
      for (const method of ['qr-bill', 'sandbox']) {
        await addToCart(shop.db, id, p.id, 2, id);
        const order = await createOrder(shop, { userId: id, paymentMethod: method });
        orderCodes.push(order.code);
        if (method === 'qr-bill') {
          const started = await startPayment(shop, order.id, { userId: id, role: 'Customer' }, 'http://localhost:3000');
          invoiceUrl = 'invoiceUrl' in started ? started.invoiceUrl : '';
        }
      }
      orderCodes = orderCodes.sort();
    } finally {
      await shop.close();
    }
    photo = path.join(dataDir, 'media', 'products', 'move-test', '400.jpg');
    fs.mkdirSync(path.dirname(photo), { recursive: true });
    fs.writeFileSync(photo, Buffer.from('a photo stays where it is'));
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await target?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every table row for row into the empty PostgreSQL database and prints the counts', async () => {
    // the target from DATABASE_URL, as the README shows: no URL (and no password) on the command line
    const { stdout } = await run('node', ['--import', 'tsx', 'scripts/migrate-to-postgres.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: target.url, SESSION_SECRET: '', S3_BUCKET: '' },
    });
    moveOutput = stdout;
    expect(stdout).toMatch(/^orders\s+2\s+2$/m);
    expect(stdout).toMatch(/^users\s+1\s+1$/m);
    expect(stdout).toMatch(/^refresh_tokens\s+1\s+1$/m);
    expect(stdout).toMatch(/^products\s+72\s+72$/m);
    expect(stdout).toMatch(/every count matches/);
    expect(stdout).toContain('photo file(s) stay in');

    // same contents, table by table (checksums of the rows as JSON, in UTC)
    const opened = await openDatabase({ dataDir });
    const source: Db = opened.db;
    const pgClient = new pg.Client({ connectionString: target.url });
    await pgClient.connect();
    try {
      await source.execute(sql`SET TimeZone = 'UTC'`);
      await pgClient.query(`SET TimeZone = 'UTC'`);
      const tables = resultRows<{ name: string }>(await source.execute(sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`)).map(
        (r) => r.name,
      );
      expect(tables.length).toBeGreaterThan(20);
      const fromPglite = await checksums(async (text) => resultRows(await source.execute(sql.raw(text))), tables);
      const fromPostgres = await checksums(async (text) => (await pgClient.query(text)).rows, tables);
      expect(Object.fromEntries(fromPostgres)).toEqual(Object.fromEntries(fromPglite));
      // sequences continue where PGlite's were: the next cart line id follows the copied ones
      const [seq] = (await pgClient.query<{ n: string }>(`SELECT last_value::text AS n FROM pg_sequences WHERE sequencename LIKE 'cart_items%'`)).rows;
      const [maxId] = (await pgClient.query<{ n: string | null }>(`SELECT max(id)::text AS n FROM cart_items`)).rows;
      if (maxId.n !== null) expect(Number(seq.n)).toBeGreaterThanOrEqual(Number(maxId.n));
    } finally {
      await pgClient.end();
      await opened.close();
    }
  });

  it('DATABASE_URL=… npm start runs the same shop: sessions, orders, the invoice and the photo are there', async () => {
    app = await startApp(await freePort(), {
      DATABASE_URL: target.url,
      DATA_DIR: dataDir,
      SESSION_SECRET: undefined,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    });
    const h = { accestoken: customer.session.accesToken };
    // the access token signed before the move (secret in DATA_DIR/secrets.json) still works
    const me = await fetch(`${app.url}/api/user/getUser?userID=${customer.id}`, { headers: h });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { lastName: string }).lastName).toBe("O'Brien-Müller");
    const orders = (await (await fetch(`${app.url}/api/order/list?userID=${customer.id}`, { headers: h })).json()) as { orders: { code: string }[] };
    expect(orders.orders.map((o) => o.code).sort()).toEqual(orderCodes);
    const invoice = await fetch(`${app.url}${new URL(invoiceUrl, 'http://localhost').pathname}${new URL(invoiceUrl, 'http://localhost').search}`, {
      headers: h,
    });
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await invoice.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // the refresh token stored in PGlite rotates on PostgreSQL
    const refreshed = await fetch(`${app.url}/api/token/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: customer.session.refreshToken }),
    });
    expect(refreshed.status).toBe(200);
    expect(fs.readFileSync(photo, 'utf8')).toBe('a photo stays where it is');
    expect(moveOutput).toContain(`DATA_DIR=${dataDir}`);
  });

  it('refuses to move into a database that is not empty, and changes nothing there', async () => {
    const before = new pg.Client({ connectionString: target.url });
    await before.connect();
    const count = async () => Number((await before.query<{ n: string }>('SELECT count(*) AS n FROM orders')).rows[0].n);
    try {
      const ordersBefore = await count();
      const failed = await run('node', ['--import', 'tsx', 'scripts/migrate-to-postgres.ts', target.url], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      }).then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toMatch(/already holds \d+ table\(s\): the move needs an empty database/);
      expect(await count()).toBe(ordersBefore);
    } finally {
      await before.end();
    }
  });

  it('with S3_BUCKET set, copies the photo files to the bucket under the same keys', async () => {
    const bucketDir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-move-'));
    const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: bucketDir, configureBuckets: [{ name: 'shop-photos', configs: [] }] });
    const { port } = await s3.run();
    const second = await createTestDatabase(process.env.TEST_DATABASE_URL!);
    try {
      const endpoint = `http://127.0.0.1:${port}`;
      const keys = { S3_BUCKET: 'shop-photos', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
      const { stdout } = await run('node', ['--import', 'tsx', 'scripts/migrate-to-postgres.ts', second.url], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...keys },
      });
      expect(stdout).toMatch(/1 photo file\(s\) copied from .* to the bucket shop-photos/);
      const aws = new AwsClient({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', service: 's3', region: 'us-east-1' });
      const object = await aws.fetch(`${endpoint}/shop-photos/products/move-test/400.jpg`);
      expect(object.status).toBe(200);
      expect(await object.text()).toBe('a photo stays where it is');
    } finally {
      await second.drop();
      await s3.close();
      fs.rmSync(bucketDir, { recursive: true, force: true });
    }
  });
});
