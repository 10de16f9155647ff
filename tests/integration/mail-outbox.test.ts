/**
 * The mail outbox on a real database: a mail is stored in the transaction that
 * causes it, kept as `outbox_only` without SMTP (shown to admins with link tokens hidden), and never lost when the SMTP server is down: it
 * stays `pending` with its error and is delivered by a later round once the server is back.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { confirmEmail, registerUser, requestPasswordReset } from '../../core/accounts/registration.ts';
import { outbox } from '../../core/db/schema/mail.ts';
import { deliverOutbox, listOutbox, queueMail, sendMail } from '../../core/mail/service.ts';
import type { Shop } from '../../core/shop.ts';
import { registration } from '../helpers/accounts.ts';
import { createTestHttp, userWithCookie } from '../helpers/http.ts';
import { createTestDatabase, createTestShop } from '../helpers/shop.ts';
import { linkIn, startSmtp } from '../helpers/smtp.ts';

const shops: Shop[] = [];
afterAll(async () => {
  for (const s of shops) await s.close();
});
const meta = { origin: 'http://shop.test', lang: 'fr' as const, ip: '10.0.0.1' };

/** The outbox rows to `to` once `n` of them are marked sent (delivery finishes after the SMTP server has the mail). */
async function sentMailsTo(shop: Shop, to: string, n: number) {
  for (let i = 0; i < 500; i++) {
    const rows = await shop.db.select().from(outbox).where(eq(outbox.to, to));
    if (rows.filter((r) => r.status === 'sent').length >= n) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`fewer than ${n} mails to ${to} marked sent`);
}

describe('mail outbox', () => {
  it("without SMTP_URL keeps every mail in the outbox, with the link in its text part, in the user's language", async () => {
    const shop = await createTestShop({ catalogue: null });
    shops.push(shop);
    const reg = registration();
    await registerUser(shop, reg, meta);
    const [m] = await shop.db.select().from(outbox).where(eq(outbox.to, reg.email));
    expect(m.status).toBe('outbox_only');
    expect(m.subject).toBe('Veuillez confirmer votre adresse e-mail');
    expect(linkIn(m.text, 'confirm')).toMatch(/^http:\/\/shop\.test\/confirm\//);
    expect(m.html).toContain('<a href="http://shop.test/confirm/');
    expect(await deliverOutbox(shop)).toBe(0);
    const listed = await listOutbox(shop.db);
    expect(listed.total).toBe(1);
    expect(listed.rows[0].to).toBe(reg.email);
  });

  it('without SMTP_URL (the default) shows admins the outbox with every link token hidden, on the page and in its data request', async () => {
    const shop = await createTestShop({ catalogue: null });
    shops.push(shop);
    expect(shop.env.SMTP_URL).toBeUndefined();
    const reg = { ...registration(), firstName: 'Zoë-Anaïs', lastName: "D'Aubigné" };
    await registerUser(shop, reg, meta);
    await requestPasswordReset(shop, reg.email, meta); // not confirmed yet; a reset link all the same
    const stored = await shop.db.select().from(outbox).where(eq(outbox.to, reg.email));
    expect(stored.map((m) => m.status)).toEqual(['outbox_only', 'outbox_only']);
    const tokens = stored
      .flatMap((m) => [linkIn(m.text, 'confirm'), linkIn(m.text, 'reset')])
      .filter((l) => l !== null)
      .map((l) => l!.split('/').at(-1)!);
    expect(tokens).toHaveLength(2);

    const listed = await listOutbox(shop.db);
    expect(listed.rows.map((r) => r.to)).toEqual([reg.email, reg.email]);
    for (const row of listed.rows) {
      expect(row.text).toMatch(/http:\/\/shop\.test\/(confirm|reset)\/\[redacted\]/);
      for (const token of tokens) {
        expect(row.text).not.toContain(token);
        expect(row.html ?? '').not.toContain(token);
      }
    }

    const http = await createTestHttp(shop);
    const { cookie } = await userWithCookie(shop, 'Admin');
    for (const path of ['/admin/outbox', '/admin/outbox.data?_routes=routes%2Fadmin%2Foutbox']) {
      const res = await http.fetch(path, { cookie });
      const body = await res.text();
      expect(res.status, path).toBe(200);
      expect(body, path).toContain(reg.email);
      expect(body, path).toContain('/confirm/[redacted]');
      expect(body, path).toContain('/reset/[redacted]');
      for (const token of tokens) expect(body, path).not.toContain(token);
    }
  });

  it('blanks the confirmation and reset link tokens of a mail in the outbox once it is sent; the link sent still works', async () => {
    const smtp = await startSmtp();
    const shop = await createTestShop({ catalogue: null, env: { SMTP_URL: smtp.url } });
    shops.push(shop);
    try {
      const reg = registration();
      await registerUser(shop, reg, meta);
      const [confirmMail] = await smtp.waitFor(1);
      const sentLink = linkIn(confirmMail.raw, 'confirm')!;
      expect(sentLink).toMatch(/\/confirm\/[A-Za-z0-9_-]{20,}$/);
      const [stored] = await sentMailsTo(shop, reg.email, 1);
      expect(stored.text).toContain('http://shop.test/confirm/[expired]');
      expect(stored.html).toContain('http://shop.test/confirm/[expired]');
      const token = sentLink.split('/').at(-1)!;
      expect(`${stored.text} ${stored.html}`).not.toContain(token);
      expect(stored.subject).toBe('Veuillez confirmer votre adresse e-mail');
      // the customer's link still confirms the address: only the stored copy lost it
      expect(await confirmEmail(shop, token, meta)).toMatchObject({ email: reg.email.toLowerCase() });

      await requestPasswordReset(shop, reg.email, meta);
      const resetMail = (await smtp.waitFor(2))[1];
      const resetToken = linkIn(resetMail.raw, 'reset')!.split('/').at(-1)!;
      const rows = await sentMailsTo(shop, reg.email, 2);
      for (const r of rows) {
        expect(`${r.text} ${r.html}`).not.toContain(resetToken);
        expect(r.text).toMatch(/\/(confirm|reset)\/\[expired\]/);
      }
    } finally {
      await smtp.close();
    }
  });

  it('keeps a mail pending while the SMTP server is down and delivers it once the server is back', async () => {
    // find a free port, then leave it closed
    const probe = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false });
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const port = (probe.server.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));

    const shop = await createTestShop({ catalogue: null, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    shops.push(shop);
    const id = await sendMail(shop, { to: 'someone@example.ch', subject: 'Hello', text: 'Body' });
    const [down] = await shop.db.select().from(outbox).where(eq(outbox.id, id));
    expect(down.status).toBe('pending');
    expect(down.attempts).toBe(1);
    expect(down.lastError).toBeTruthy();

    const smtp = await startSmtp(port);
    try {
      expect(await deliverOutbox(shop)).toBe(1);
      const mails = await smtp.waitFor(1);
      expect(mails[0].to).toEqual(['someone@example.ch']);
      const [up] = await shop.db.select().from(outbox).where(eq(outbox.id, id));
      expect(up.status).toBe('sent');
      expect(up.attempts).toBe(2);
      expect(await deliverOutbox(shop)).toBe(0);
    } finally {
      await smtp.close();
    }
  });

  it('two app processes delivering at once send every mail exactly once (claimed with a lease)', async () => {
    const smtp = await startSmtp(0);
    try {
      const env = { SMTP_URL: smtp.url };
      // on PostgreSQL: two shops (two connection pools, as two processes) on one database
      let shared: Awaited<ReturnType<typeof createTestDatabase>> | null = null;
      if (process.env.TEST_DATABASE_URL) shared = await createTestDatabase(process.env.TEST_DATABASE_URL);
      const a = await createTestShop({ catalogue: null, env: shared ? { ...env, DATABASE_URL: shared.url } : env });
      const b = shared ? await createTestShop({ catalogue: null, env: { ...env, DATABASE_URL: shared.url } }) : a;
      shops.push(...new Set([b, a]));
      for (let i = 0; i < 20; i++) await queueMail(a.db, { to: `n${i}@example.ch`, subject: `Mail ${i}`, text: 'Body' }, true);
      const [x, y] = await Promise.all([deliverOutbox(a), deliverOutbox(b)]);
      expect(x + y).toBe(20);
      const mails = await smtp.waitFor(20);
      await new Promise((r) => setTimeout(r, 200)); // a duplicate would arrive now
      expect(smtp.mails.length).toBe(20);
      expect(new Set(mails.map((m) => m.to[0])).size).toBe(20);
      const rows = await a.db.select().from(outbox);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.lockedUntil === null)).toBe(true);
      if (shared) {
        await a.close();
        await b.close();
        shops.splice(shops.indexOf(a), 1);
        shops.splice(shops.indexOf(b), 1);
        await shared.drop();
      }
    } finally {
      await smtp.close();
    }
  });
});
