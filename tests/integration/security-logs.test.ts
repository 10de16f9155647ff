/**
 * Reset and confirmation tokens never reach the logs or admins' eyes, outbox
 * bodies lose their link tokens after a day, and failed SQL is logged without its parameters.
 */
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../core/db/schema/mail.ts';
import { expireLinkBodies } from '../../core/mail/expire.ts';
import { listOutbox } from '../../core/mail/service.ts';
import { loggerOptions } from '../../core/redact.ts';
import type { Shop } from '../../core/shop.ts';
import { createHttpApp } from '../../server/app.ts';
import { createCustomer } from '../helpers/customers.ts';
import { loadBuild } from '../helpers/http.ts';
import { openTestSuite } from '../helpers/suite.ts';

/** A logger with the shop's options whose lines are kept in `lines`. */
function captureLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString('utf8'));
      cb();
    },
  });
  return { log: pino(loggerOptions('info'), stream), lines };
}

let shop: Shop;
let app: ReturnType<typeof createHttpApp>;
let captured: ReturnType<typeof captureLogger>;

beforeAll(async () => {
  ({ shop } = await openTestSuite({ catalogue: null, env: { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.ch' } }));
  captured = captureLogger();
  shop.log = captured.log;
  app = createHttpApp(shop, { build: await loadBuild() });
}, 60_000);
afterAll(() => shop.close());

const forgot = (email: string) =>
  app.request('https://shop.example.ch/api/user/forgot', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });

describe('tokens in logs', () => {
  it('request logs show /reset/[redacted], and the no-SMTP line carries no link in production', async () => {
    const c = await createCustomer(shop);
    expect((await forgot(c.email)).status).toBe(200);
    const [mail] = await shop.db.select().from(outbox).where(eq(outbox.to, c.email));
    const token = /\/reset\/([^\s"<>]+)/.exec(mail.text)![1];
    await app.request(`https://shop.example.ch/reset/${token}`);
    await app.request(`https://shop.example.ch/confirm/${token}.data`);
    const log = captured.lines.join('');
    expect(log).not.toContain(token);
    expect(log).toContain('/reset/[redacted]');
    expect(log).toContain('/confirm/[redacted]');
  });

  it('a failed SQL statement is logged without its parameters', async () => {
    const secret = 'argon2id$secret-hash-of-someone';
    const err = await shop.db.execute(sql`select ${secret}::int`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeTruthy();
    shop.log.error({ err }, 'query failed');
    shop.log.info({ user: { email: 'a@example.ch', passwordHash: secret }, token: 'abc', link: 'https://x/reset/abc' }, 'object with secrets');
    const log = captured.lines.join('');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('https://x/reset/abc');
    expect(log).toContain('query failed');
  });
});

describe('the outbox', () => {
  it('admins see link tokens hidden when SMTP is configured, and stored bodies lose them after a day', async () => {
    const c = await createCustomer(shop);
    await forgot(c.email);
    const [mail] = await shop.db.select().from(outbox).where(eq(outbox.to, c.email));
    const token = /\/reset\/([^\s"<>]+)/.exec(mail.text)![1];
    // with SMTP configured (mails really go out) admins never see link tokens
    const { rows } = await listOutbox(shop.db, 1, 100);
    const shown = rows.find((r) => r.id === mail.id)!;
    expect(shown.text).not.toContain(token);
    expect(shown.html ?? '').not.toContain(token);
    expect(shown.text).toContain('/reset/[redacted]');

    expect(await expireLinkBodies(shop.db, new Date())).toBe(0);
    await expireLinkBodies(shop.db, new Date(Date.now() + 25 * 3600_000));
    const [after] = await shop.db.select().from(outbox).where(eq(outbox.id, mail.id));
    expect(after.text).not.toContain(token);
    expect(after.html ?? '').not.toContain(token);
    expect(after.text).toContain('/reset/[expired]');
  });
});
