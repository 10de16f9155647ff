/**
 * The "Your password was changed" e-mail (SECURITY.md, first review, finding 10): sent through SMTP
 * in the user's language after a password change and after a reset.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changePassword, requestPasswordReset, resetPassword } from '../../core/accounts/index.ts';
import { outbox } from '../../core/db/schema/mail.ts';
import { setRateLimits } from '../../core/rate-limit/limiter.ts';
import { GOOD_PASSWORD, customerWithPassword } from '../helpers/accounts.ts';
import { linkIn } from '../helpers/smtp.ts';
import { useTestSuite } from '../helpers/suite.ts';

describe('"Your password was changed" e-mail, in the user\'s language', () => {
  const t = useTestSuite({ catalogue: null, smtp: true }, ({ shop }) =>
    setRateLimits(shop, { forgot: { ip: 1000, account: 1000, duration: 3600 }, reset: { ip: 1000, account: 1000, duration: 3600 } }),
  );

  it('after a password change and after a reset, sent through SMTP', async () => {
    const u = await customerWithPassword(t.shop, 'de');
    await changePassword(t.shop, u.id, { currentPassword: GOOD_PASSWORD, newPassword: 'Neues-Passwort-2026!' });
    const [first] = await t.smtp.waitFor(1);
    expect(first.to).toEqual([u.email]);
    expect(first.raw).toContain('http://shop.test/forgot');
    const changed = await t.shop.db.select().from(outbox).where(eq(outbox.to, u.email));
    expect(changed.map((m) => m.subject)).toEqual(['Ihr Passwort wurde geändert']);

    const v = await customerWithPassword(t.shop, 'fr');
    await requestPasswordReset(t.shop, v.email, { origin: 'http://shop.test', lang: 'fr', ip: '127.0.0.1' });
    const mails = await t.smtp.waitFor(2);
    const link = linkIn(mails[1].raw, 'reset')!;
    await resetPassword(t.shop, { token: link.split('/reset/')[1], password: 'Nouveau-Passe-2026!' }, { ip: '127.0.0.1' });
    await t.smtp.waitFor(3);
    const subjects = (await t.shop.db.select().from(outbox).where(eq(outbox.to, v.email))).map((m) => m.subject).sort();
    expect(subjects).toEqual(['Réinitialiser votre mot de passe', 'Votre mot de passe a été modifié'].sort());
  });
});
