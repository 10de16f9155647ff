/**
 * The mail outbox (issue 4, item 2) on a real database: a mail is stored in the transaction that
 * causes it, kept as `outbox_only` without SMTP, and never lost when the SMTP server is down: it
 * stays `pending` with its error and is delivered by a later round once the server is back.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { registerUser } from '../../core/accounts/service.ts';
import { outbox } from '../../core/mail/schema.ts';
import { deliverOutbox, listOutbox, sendMail } from '../../core/mail/service.ts';
import type { Shop } from '../../core/shop.ts';
import { registration } from '../helpers/accounts.ts';
import { createTestShop } from '../helpers/shop.ts';
import { linkIn, startSmtp } from '../helpers/smtp.ts';

const shops: Shop[] = [];
afterAll(async () => {
  for (const s of shops) await s.close();
});
const meta = { origin: 'http://shop.test', lang: 'fr', ip: '10.0.0.1' };

describe('mail outbox', () => {
  it('without SMTP_URL keeps every mail in the outbox, with the link in its text part, in the user\'s language', async () => {
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
});
