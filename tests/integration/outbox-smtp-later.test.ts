/**
 * Mails kept while `SMTP_URL` was unset (the README's default) are sent once the shop starts
 * with SMTP, on the same database (a PGlite data directory, or a PostgreSQL database of its
 * own): the scheduler's first round hands the outbox-only mails of the last 7 days to delivery
 * and the in-process SMTP server receives them; older ones, and mails whose link was already
 * blanked, stay in the outbox for the admin.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { registerUser } from '../../core/accounts/registration.ts';
import { outbox } from '../../core/db/schema/mail.ts';
import { startJobScheduler } from '../../core/jobs/runner.ts';
import { OUTBOX_RELEASE_DAYS } from '../../core/mail/service.ts';
import { registration } from '../helpers/accounts.ts';
import { createTestDatabase, createTestShop, onPostgres, seededDataDir, seededTemplate } from '../helpers/shop.ts';
import { linkIn, startSmtp } from '../helpers/smtp.ts';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** The environment of one database that two shop starts share. */
async function sharedDatabase(): Promise<Record<string, string>> {
  if (onPostgres) {
    const created = await createTestDatabase(process.env.TEST_DATABASE_URL!, { template: seededTemplate('none') });
    cleanups.push(created.drop);
    return { DATABASE_URL: created.url };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-later-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const dataDir = path.join(dir, 'data');
  await seededDataDir(dataDir, 'none');
  return { DATA_DIR: dataDir };
}

it('a mail stored without SMTP is delivered to the SMTP server once the shop starts with SMTP_URL set', async () => {
  const env = await sharedDatabase();
  const reg = registration();

  // first start: no SMTP_URL, as the README's quick start runs
  const before = await createTestShop({ catalogue: null, env });
  await registerUser(before, reg, { origin: 'http://shop.test', lang: 'de', ip: '10.0.0.3' });
  const old = { id: randomUUID(), to: 'old@example.ch', subject: 'Old news', text: 'From last month', status: 'outbox_only' as const };
  const stale = {
    id: randomUUID(),
    to: 'stale@example.ch',
    subject: 'Bitte bestätigen',
    text: 'http://shop.test/confirm/[expired]',
    status: 'outbox_only' as const,
  };
  await before.db.insert(outbox).values([
    { ...old, createdAt: new Date(Date.now() - (OUTBOX_RELEASE_DAYS + 1) * 86_400_000) },
    { ...stale, createdAt: new Date(Date.now() - 2 * 86_400_000) },
  ]);
  const [kept] = await before.db.select().from(outbox).where(eq(outbox.to, reg.email));
  expect(kept.status).toBe('outbox_only');
  await before.close();

  // the owner sets SMTP_URL and starts the shop again: the scheduler's first round sends it
  const smtp = await startSmtp();
  cleanups.push(() => smtp.close());
  const after = await createTestShop({ catalogue: null, env: { ...env, SMTP_URL: smtp.url } });
  cleanups.push(() => after.close());
  const stop = startJobScheduler(after);
  try {
    const [mail] = await smtp.waitFor(1);
    expect(mail.to).toEqual([reg.email]);
    expect(linkIn(mail.raw, 'confirm')).toMatch(/^http:\/\/shop\.test\/confirm\/[A-Za-z0-9_-]{20,}$/);
  } finally {
    await stop();
  }
  const rows = await after.db.select({ to: outbox.to, status: outbox.status }).from(outbox);
  const status = Object.fromEntries(rows.map((r) => [r.to, r.status]));
  expect(status[reg.email]).toBe('sent');
  expect(status[old.to]).toBe('outbox_only');
  expect(status[stale.to]).toBe('outbox_only');
  expect(smtp.mails).toHaveLength(1);
}, 60_000);
