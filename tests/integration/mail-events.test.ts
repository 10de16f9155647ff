/**
 * Mails made from domain events (core/events, core/mail/handlers.ts): the mail is queued in the
 * emitter's transaction, so a rolled-back change leaves no outbox row (a rolled-back savepoint
 * drops its own mail only), and it is delivered through SMTP after the commit; an Arabic mail's
 * HTML part is written right to left on the one frame.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, users } from '../../core/db/index.ts';
import { emit } from '../../core/events/index.ts';
import { customerWithPassword } from '../helpers/accounts.ts';
import { decodeQp } from '../helpers/smtp.ts';
import { useTestSuite } from '../helpers/suite.ts';

describe('mails from domain events', () => {
  const t = useTestSuite({ catalogue: null, smtp: true });
  const rowsTo = (email: string) => t.shop.db.select().from(outbox).where(eq(outbox.to, email));

  it('an event emitted in a rolled-back transaction leaves no outbox row and sends nothing', async () => {
    const u = await customerWithPassword(t.shop, 'de');
    const sentBefore = t.smtp.mails.length;
    await expect(
      t.shop.db.transaction(async (tx) => {
        await emit(tx, { type: 'account.passwordChanged', userId: u.id });
        expect(await tx.select().from(outbox).where(eq(outbox.to, u.email))).toHaveLength(1);
        throw new Error('the change fails after the event');
      }),
    ).rejects.toThrow('the change fails after the event');
    expect(await rowsTo(u.email)).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(t.smtp.mails.length).toBe(sentBefore);
  });

  it('a rolled-back savepoint drops its own mail; the transaction around it commits and delivers the rest', async () => {
    const u = await customerWithPassword(t.shop, 'fr');
    const v = await customerWithPassword(t.shop, 'it');
    const before = t.smtp.mails.length;
    await t.shop.db.transaction(async (tx) => {
      await emit(tx, { type: 'account.passwordChanged', userId: u.id });
      await tx
        .transaction(async (sp) => {
          await emit(sp, { type: 'account.passwordChanged', userId: v.id });
          throw new Error('savepoint undone');
        })
        .catch(() => undefined);
    });
    expect(await rowsTo(v.email)).toEqual([]);
    const [row] = await rowsTo(u.email);
    expect(row.subject).toBe('Votre mot de passe a été modifié');
    const mails = (await t.smtp.waitFor(before + 1)).slice(before);
    expect(mails.some((m) => m.to.includes(u.email))).toBe(true);
    expect(mails.some((m) => m.to.includes(v.email))).toBe(false);
    const [sent] = await rowsTo(u.email);
    expect(sent.status).toBe('sent');
  });

  it("an Arabic account's mail has its HTML part right to left, in Arabic, beside the text part", async () => {
    const u = await customerWithPassword(t.shop, 'ar');
    const before = t.smtp.mails.length;
    await t.shop.db.transaction((tx) => emit(tx, { type: 'account.passwordChanged', userId: u.id }));
    const [row] = await rowsTo(u.email);
    expect(row.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(row.html).toContain('<body dir="rtl"');
    expect(row.text).toContain('/forgot');
    const [user] = await t.shop.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, u.id));
    expect(row.text).toContain(user.firstName);
    await t.smtp.waitFor(before + 1);
    const mail = t.smtp.mails.find((m) => m.to.includes(u.email))!;
    expect(decodeQp(mail.raw)).toContain('Content-Type: text/html');
  });

  it('an event emitted on a handle the shop did not open is refused', async () => {
    await expect(emit({}, { type: 'account.passwordChanged', userId: 'x' })).rejects.toThrow(/without an event bus/);
  });
});
