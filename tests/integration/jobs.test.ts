/**
 * Scheduled jobs and the shop's own order mails (docs/api.md, "Running the shop day to day") on a
 * real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and a real in-process SMTP server:
 * the new-order mail to the shop, the payment reminder 2 days before a bank-transfer reservation
 * lapses, the expiry with its mail, low-stock alerts per product, the outbox as a job, exactly
 * once across two runners, and `npm run jobs -- --now` as a child process.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart } from '../../core/cart/service.ts';
import { adjustStock } from '../../core/catalogue/manage.ts';
import { products } from '../../core/db/schema/catalogue.ts';
import { getSettings, updateSettings } from '../../core/config/service.ts';
import { DomainError } from '../../core/errors.ts';
import { JOB_LOCK_NAMESPACE, JOBS, onJobRun, runJob, runJobs, type JobRunEvent } from '../../core/jobs/runner.ts';
import { setLowStockThreshold } from '../../core/jobs/low-stock.ts';
import { outbox } from '../../core/db/schema/mail.ts';
import { queueMail } from '../../core/mail/service.ts';
import { orders } from '../../core/db/schema/orders.ts';
import { createOrder, type OrderWithLines } from '../../core/orders/index.ts';
import { importCamt054 } from '../../core/payments/camt054.ts';
import { rappenToDecimalString } from '../../core/pricing/money.ts';
import { openShop, type Shop } from '../../core/shop.ts';
import { camt054 } from '../helpers/camt054.ts';
import { createCustomer, productWith, stockOf, type TestCustomer } from '../helpers/customers.ts';
import { onPostgres, seededDataDir } from '../helpers/shop.ts';
import type { TestSmtp } from '../helpers/smtp.ts';
import { openTestSuite } from '../helpers/suite.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const SHOP_ADDRESS = 'info@casadeltabaco.ch';

let smtp: TestSmtp;
let shop: Shop;

beforeAll(async () => {
  ({ shop, smtp } = await openTestSuite({ smtp: true }));
});
// closing the shop closes its SMTP server too
afterAll(() => shop?.close());

const job = (name: string) => JOBS.find((j) => j.name === name)!;

/** A customer's order of `count` units of a catalogue product (index into the active products), as at `now`. */
async function order(opts: { product: string; count?: number; now?: Date; locale?: string; method?: 'qr-bill' | 'sandbox' }) {
  const c = await createCustomer(shop, { locale: opts.locale ?? 'de' });
  await addToCart(shop.db, c.id, opts.product, opts.count ?? 1, c.id);
  const o = await createOrder(shop, { userId: c.id, paymentMethod: opts.method ?? 'qr-bill', now: opts.now });
  return { c, o };
}

async function mailsTo(to: string) {
  return shop.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(outbox.createdAt);
}

const received = (to: string) => smtp.mails.filter((m) => m.to.includes(to));

async function pay(o: OrderWithLines, ref: string) {
  const s = await importCamt054(shop, camt054([{ acctSvcrRef: ref, amount: rappenToDecimalString(o.total), reference: o.paymentReference! }]));
  expect(s.paidOrders).toEqual([o.code]);
}

describe('the new-order mail to the shop', () => {
  it('mails the shop every new order, whatever the payment method: code, line items, total, method and the admin link, in German', async () => {
    const p = await productWith(shop, 50, 2450, 0);
    const bank = await order({ product: p.id, count: 2 });
    const card = await order({ product: p.id, method: 'sandbox' });
    const mails = await mailsTo(SHOP_ADDRESS);
    const forBank = mails.filter((m) => m.subject.includes(bank.o.code));
    const forCard = mails.filter((m) => m.subject.includes(card.o.code));
    expect(forBank).toHaveLength(1);
    expect(forCard).toHaveLength(1);
    expect(forBank[0].subject).toBe(`Neue Bestellung ${bank.o.code}: CHF ${rappenToDecimalString(bank.o.total)}`);
    const text = forBank[0].text;
    expect(text).toContain(`Bestellcode: ${bank.o.code}`);
    expect(text).toContain(`2 × ${p.name} (${p.sku}): CHF 49.00`);
    expect(text).toContain(`Total: CHF ${rappenToDecimalString(bank.o.total)}`);
    expect(text).toContain('Zahlungsart: Überweisung (QR-Rechnung)');
    expect(text).toContain(bank.c.email);
    expect(text).toContain(`http://shop.test/admin/order/details?id=${bank.o.id}`);
    expect(forCard[0].text).toContain('Zahlungsart: Testzahlung (Sandbox)');
    expect(forCard[0].text).toContain(`http://shop.test/admin/order/details?id=${card.o.id}`);
    // delivered through SMTP, not only stored
    expect(received(SHOP_ADDRESS).filter((m) => m.raw.includes(bank.o.code))).toHaveLength(1);
  });

  it("goes to the admin's order notification address, in the language the admin chose", async () => {
    await updateSettings(shop.db, { orderNotificationEmail: 'orders@casa.test', shopMailLocale: 'en' });
    try {
      const p = await productWith(shop, 50, 1000, 1);
      const { o } = await order({ product: p.id });
      const [m] = await mailsTo('orders@casa.test');
      expect(m.subject).toBe(`New order ${o.code}: CHF ${rappenToDecimalString(o.total)}`);
      expect(m.text).toContain('Payment method: Bank transfer (QR-bill)');
      expect((await mailsTo(SHOP_ADDRESS)).some((x) => x.subject.includes(o.code))).toBe(false);
      expect(received('orders@casa.test')).toHaveLength(1);
    } finally {
      await updateSettings(shop.db, { orderNotificationEmail: '', shopMailLocale: 'de' });
    }
  });

  it('refuses an order notification address that is not an e-mail address', async () => {
    await expect(updateSettings(shop.db, { orderNotificationEmail: 'not an address' })).rejects.toThrow();
    expect((await getSettings(shop.db)).orderNotificationEmail).toBe('');
  });
});

describe('payment reminder', () => {
  it('reminds a bank-transfer customer once, when 2 days of the reservation are left, in their language with the payment details and the QR-bill', async () => {
    const t0 = new Date();
    const p = await productWith(shop, 50, 3300, 2);
    const { c, o } = await order({ product: p.id, now: t0, locale: 'fr' });
    expect(o.expiresAt!.getTime() - t0.getTime()).toBe(5 * DAY);

    await runJobs(shop, { now: new Date(t0.getTime() + 2 * DAY), force: true, only: ['payment-reminder'] });
    expect((await mailsTo(c.email)).map((m) => m.subject)).toEqual([`Votre commande ${o.code} a été reçue`]);

    const at = new Date(t0.getTime() + 3 * DAY + HOUR);
    const [e] = await runJobs(shop, { now: at, force: true, only: ['payment-reminder'] });
    expect(e.outcome).toBe('ran');
    expect(e.summary).toMatch(/^[1-9]\d* payment reminder\(s\) queued$/);
    const mails = await mailsTo(c.email);
    expect(mails).toHaveLength(2);
    const r = mails[1];
    expect(r.subject).toBe(`Rappel : paiement de la commande ${o.code}`);
    expect(r.text).toContain(`CHF ${rappenToDecimalString(o.total)}`);
    expect(r.text).toContain('Compte (IBAN): CH44 3199 9123 0008 8901 2');
    expect(r.text).toContain(`Référence: ${o.paymentReference}`);
    expect(r.text).toContain(`http://shop.test/client/historydetails?id=${o.code}`);
    expect(r.attachments.map((a) => a.filename)).toEqual([`qr-bill-${o.code}.pdf`]);
    expect(received(c.email).map((m) => m.raw.includes(`qr-bill-${o.code}.pdf`))).toEqual([true, true]);

    // once: a later run, even as at a later time, sends nothing more
    await runJobs(shop, { now: new Date(at.getTime() + 12 * HOUR), force: true, only: ['payment-reminder'] });
    expect(await mailsTo(c.email)).toHaveLength(2);
  });

  it('does not remind a paid order, a card order or a reservation of 2 days or less', async () => {
    const t0 = new Date();
    const p = await productWith(shop, 50, 1500, 3);
    const paid = await order({ product: p.id, now: t0 });
    await pay(paid.o, `REM-PAID-${paid.o.code}`);
    const card = await order({ product: p.id, now: t0, method: 'sandbox' });
    await updateSettings(shop.db, { bankTransferExpiryDays: 2 });
    const short = await order({ product: p.id, now: t0 });
    await updateSettings(shop.db, { bankTransferExpiryDays: 5 });
    await runJobs(shop, { now: new Date(t0.getTime() + 3 * DAY + HOUR), force: true, only: ['payment-reminder'] });
    await runJobs(shop, { now: new Date(t0.getTime() + HOUR), force: true, only: ['payment-reminder'] });
    for (const x of [paid, card, short]) expect((await mailsTo(x.c.email)).filter((m) => /Erinnerung/.test(m.subject))).toEqual([]);
  });
});

describe('expiry', () => {
  it('expires a bank-transfer order when its reservation lapses, gives the stock back and mails the customer once', async () => {
    const t0 = new Date();
    const p = await productWith(shop, 20, 2000, 4);
    const { c, o } = await order({ product: p.id, count: 3, now: t0, locale: 'de' });
    expect(await stockOf(shop, p.id)).toBe(17);

    const [before] = await runJobs(shop, { now: new Date(t0.getTime() + 5 * DAY - HOUR), force: true, only: ['order-expiry'] });
    expect(before.outcome).toBe('ran');
    expect((await shop.db.select().from(orders).where(eq(orders.id, o.id)))[0].status).toBe('pending_payment');

    const at = new Date(t0.getTime() + 5 * DAY + 60_000);
    const [e] = await runJobs(shop, { now: at, force: true, only: ['order-expiry'] });
    expect(e.summary).toMatch(/^[1-9]\d* order\(s\) expired, [1-9]\d* expiry mail\(s\) queued$/);
    expect((await shop.db.select().from(orders).where(eq(orders.id, o.id)))[0].status).toBe('expired');
    expect(await stockOf(shop, p.id)).toBe(20);
    const mails = (await mailsTo(c.email)).filter((m) => m.subject === `Ihre Bestellung ${o.code} wurde storniert`);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`CHF ${rappenToDecimalString(o.total)}`);
    expect(received(c.email).some((m) => m.raw.includes('storniert'))).toBe(true);

    await runJobs(shop, { now: new Date(at.getTime() + HOUR), force: true, only: ['order-expiry'] });
    expect((await mailsTo(c.email)).filter((m) => m.subject.includes('storniert'))).toHaveLength(1);
  });

  it('mails the customer of an order that a page view expired before the job ran', async () => {
    const t0 = new Date(Date.now() - 6 * DAY);
    const p = await productWith(shop, 20, 2000, 5);
    const { c, o } = await order({ product: p.id, now: t0, locale: 'en' });
    // the lazy expiry (before orders are listed or shown) does it at once, with no mail
    const { expireDueOrders } = await import('../../core/orders/index.ts');
    await expireDueOrders(shop);
    expect((await mailsTo(c.email)).filter((m) => m.subject.includes('cancelled'))).toHaveLength(0);
    await runJobs(shop, { force: true, only: ['order-expiry'] });
    expect((await mailsTo(c.email)).map((m) => m.subject)).toContain(`Your order ${o.code} has been cancelled`);
  });
});

describe('low-stock alert', () => {
  const alertsFor = async (sku: string) => (await mailsTo(SHOP_ADDRESS)).filter((m) => m.subject.includes(`(${sku})`) && /Lagerbestand/.test(m.subject));

  it('alerts the shop once when a paid order takes a product to its threshold, again only after a restock', async () => {
    const p = await productWith(shop, 6, 1800, 6);
    const first = await order({ product: p.id, count: 2 });
    await runJobs(shop, { force: true, only: ['low-stock'] });
    expect(await alertsFor(p.sku)).toEqual([]); // unpaid: the reservation may still lapse

    await pay(first.o, `LOW-1-${first.o.code}`);
    await runJobs(shop, { force: true, only: ['low-stock'] });
    const [alert] = await alertsFor(p.sku);
    expect(alert.subject).toBe(`Tiefer Lagerbestand: ${p.name} (${p.sku})`);
    expect(alert.text).toContain(`noch 4 an Lager, Meldegrenze 5`);
    expect(alert.text).toContain(`http://shop.test/admin/product/add?id=${p.id}#stock`);
    expect(received(SHOP_ADDRESS).some((m) => m.raw.includes(p.sku) && m.raw.includes('Lagerbestand'))).toBe(true);

    await runJobs(shop, { force: true, only: ['low-stock'] });
    expect(await alertsFor(p.sku)).toHaveLength(1);

    await adjustStock(shop.db, p.id, 4, 'delivery', 'Lieferung', 'admin-test');
    const [rearm] = await runJobs(shop, { force: true, only: ['low-stock'] });
    expect(rearm.summary).toMatch(/[1-9]\d* restocked product\(s\) re-armed/);
    expect(await alertsFor(p.sku)).toHaveLength(1);

    // 8 on hand: a bank-transfer order may reserve half of it (core/orders/hoarding.ts)
    const second = await order({ product: p.id, count: 4 });
    await pay(second.o, `LOW-2-${second.o.code}`);
    await runJobs(shop, { force: true, only: ['low-stock'] });
    const alerts = await alertsFor(p.sku);
    expect(alerts).toHaveLength(2);
    expect(alerts[1].text).toContain('noch 4 an Lager');
  });

  it("follows the product's own threshold, which the admin sets (0 or more)", async () => {
    const p = await productWith(shop, 6, 1800, 7);
    expect((await shop.db.select({ t: products.lowStockThreshold }).from(products).where(eq(products.id, p.id)))[0].t).toBe(5);
    await setLowStockThreshold(shop.db, p.id, 2, 'admin-test');
    const { o } = await order({ product: p.id, count: 3 });
    await pay(o, `LOW-3-${o.code}`);
    await runJobs(shop, { force: true, only: ['low-stock'] });
    expect(await alertsFor(p.sku)).toEqual([]); // 3 left > 2

    await setLowStockThreshold(shop.db, p.id, 3, 'admin-test');
    await runJobs(shop, { force: true, only: ['low-stock'] });
    expect(await alertsFor(p.sku)).toHaveLength(1);

    for (const bad of [-1, 2.5, Number.NaN]) {
      const err = await setLowStockThreshold(shop.db, p.id, bad, 'admin-test').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).opts.fields).toHaveProperty('lowStockThreshold');
    }
  });

  it('says nothing about products that are low without a sale (imported or edited low)', async () => {
    const p = await productWith(shop, 1, 1800, 8);
    await runJobs(shop, { force: true, only: ['low-stock'] });
    expect(await alertsFor(p.sku)).toEqual([]);
  });
});

describe('the mail outbox as a job', () => {
  it('sends pending mails of the outbox and says how many', async () => {
    const to = `outbox-${randomBytes(4).toString('hex')}@example.ch`;
    await queueMail(shop.db, { to, subject: 'Gepäck für Zoë', text: 'Grüezi' }, true);
    expect(received(to)).toHaveLength(0);
    const [e] = await runJobs(shop, { force: true, only: ['mail-outbox'] });
    expect(e.summary).toMatch(/^[1-9]\d* mail\(s\) sent, 0 still pending$/);
    expect(received(to)).toHaveLength(1);
    expect((await mailsTo(to))[0].status).toBe('sent');
  });
});

describe('exactly once', () => {
  it('sends each reminder once when two runners race (two connections on PostgreSQL)', async () => {
    const t0 = new Date();
    const p = await productWith(shop, 200, 1200, 9);
    const placed: { c: TestCustomer; o: OrderWithLines }[] = [];
    for (let i = 0; i < 6; i++) placed.push(await order({ product: p.id, now: t0, locale: i % 2 ? 'it' : 'de' }));
    const other = onPostgres
      ? await openShop(
          {
            NODE_ENV: 'test',
            DATA_DIR: 'memory://',
            DATABASE_URL: shop.env.DATABASE_URL,
            SMTP_URL: smtp.url,
            SESSION_SECRET: shop.sessionSecret,
            LOG_LEVEL: 'silent',
            PUBLIC_URL: 'http://shop.test',
          },
          { catalogueFile: null, logger: pino({ level: 'silent' }) },
        )
      : shop;
    try {
      const at = new Date(t0.getTime() + 3 * DAY + 2 * HOUR);
      const [a, b] = await Promise.all([runJobs(shop, { now: at, force: true }), runJobs(other, { now: at, force: true })]);
      for (const x of [...a, ...b]) expect(x.outcome).not.toBe('failed');
      for (const { c, o } of placed) {
        const reminders = (await mailsTo(c.email)).filter((m) => m.subject.includes(o.code) && /Erinnerung|Promemoria/.test(m.subject));
        expect(reminders, c.email).toHaveLength(1);
        expect(received(c.email).filter((m) => /Erinnerung|Promemoria/.test(m.raw))).toHaveLength(1);
      }
    } finally {
      if (other !== shop) await other.close();
    }
  });

  it('skips a job that another runner holds, and runs it once it is free', async () => {
    const reminder = job('payment-reminder');
    if (onPostgres) {
      const client = new pg.Client({ connectionString: shop.env.DATABASE_URL });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1, hashtext($2))', [JOB_LOCK_NAMESPACE, reminder.name]);
        expect(await runJob(shop, reminder, { force: true })).toMatchObject({ outcome: 'skipped', summary: 'running in another process' });
        await client.query('select pg_advisory_unlock($1, hashtext($2))', [JOB_LOCK_NAMESPACE, reminder.name]);
      } finally {
        await client.end();
      }
    } else {
      // PGlite: one process per data directory, the guard is in-process
      const first = runJob(shop, reminder, { force: true });
      expect(await runJob(shop, reminder, { force: true })).toMatchObject({ outcome: 'skipped', summary: 'running in another process' });
      expect((await first).outcome).toBe('ran');
    }
    expect((await runJob(shop, reminder, { force: true })).outcome).toBe('ran');
  });

  it('runs a job on the schedule only when its interval has passed since any runner last ran it, and tells the listeners', async () => {
    const seen: JobRunEvent[] = [];
    const off = onJobRun((e) => seen.push(e));
    try {
      const outbox = job('mail-outbox');
      expect((await runJob(shop, outbox, { force: true })).outcome).toBe('ran');
      expect(await runJob(shop, outbox)).toMatchObject({ outcome: 'skipped', summary: 'not due yet' });
      expect(seen.map((e) => [e.name, e.outcome])).toEqual([
        ['mail-outbox', 'ran'],
        ['mail-outbox', 'skipped'],
      ]);
    } finally {
      off();
    }
  });
});

describe('npm run jobs', () => {
  const run = promisify(execFile);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-cli-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  async function jobsCommand(args: string[], env: Record<string, string>) {
    try {
      const r = await run(process.execPath, ['--import', 'tsx', 'scripts/jobs.ts', ...args], {
        env: { ...process.env, SMTP_URL: '', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://shop.test', ...env },
      });
      return { code: 0, stdout: r.stdout, stderr: r.stderr };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, stdout: err.stdout, stderr: err.stderr };
    }
  }

  it('runs every job once as at --now, prints one line per job and exits 0', { timeout: 180_000 }, async () => {
    const t0 = new Date('2026-12-25T09:00:00Z');
    let target: Shop = shop;
    let env: Record<string, string>;
    if (onPostgres) {
      env = { DATABASE_URL: shop.env.DATABASE_URL!, DATA_DIR: path.join(tmp, 'unused') };
    } else {
      // a file-backed PGlite of its own: the command opens it the way the server does
      env = { DATABASE_URL: '', DATA_DIR: path.join(tmp, 'data'), SESSION_SECRET: randomBytes(32).toString('hex') };
      await seededDataDir(env.DATA_DIR, 'catalogue');
      target = await openShop(
        { ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://shop.test' },
        { catalogueFile: 'data/catalogue.json', logger: pino({ level: 'silent' }) },
      );
    }
    const c = await createCustomer(target, { locale: 'de' });
    const [p] = await target.db.select().from(products).where(like(products.sku, 'AF-%')).limit(1);
    await target.db.update(products).set({ stock: 30 }).where(eq(products.id, p.id));
    await addToCart(target.db, c.id, p.id, 1, c.id);
    const o = await createOrder(target, { userId: c.id, paymentMethod: 'qr-bill', now: t0 });

    if (!onPostgres) {
      const refused = await jobsCommand([], env);
      expect(refused.code).toBe(3);
      expect(refused.stderr).toMatch(/in use by another process/);
      await target.close();
    }
    const r = await jobsCommand(['--now', '2026-12-28T10:00:00Z'], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.map((l) => l.split(/\s+/)[0])).toEqual(JOBS.map((j) => j.name));
    expect(r.stdout).toMatch(/payment-reminder\s+[1-9]\d* payment reminder\(s\) queued/);

    if (!onPostgres) target = await openShop({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { catalogueFile: null, logger: pino({ level: 'silent' }) });
    try {
      const reminders = await target.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, c.email), like(outbox.subject, 'Erinnerung%')));
      expect(reminders.map((m) => m.subject)).toEqual([`Erinnerung: Zahlung für Bestellung ${o.code}`]);
    } finally {
      if (target !== shop) await target.close();
    }

    const bad = await jobsCommand(['--now', 'tomorrow'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--now: expected a time like 2026-12-30T10:00:00Z/);
  });
});
