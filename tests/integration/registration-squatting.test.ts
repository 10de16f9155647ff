/**
 * Registration squatting (SECURITY.md, third review, N8): registering an unconfirmed address again
 * starts afresh (new password and data, the first confirmation link dead), and the log-in never
 * tells which password of an unconfirmed account is right (on PGlite and, with TEST_DATABASE_URL,
 * on PostgreSQL).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../core/db/schema/accounts.ts';
import { GOOD_PASSWORD, registration } from '../helpers/accounts.ts';
import { useAccountSuite } from '../helpers/account-security.ts';
import { linkIn } from '../helpers/smtp.ts';

const t = useAccountSuite();
const { waitForMails } = t;

describe('registration squatting', () => {
  it('registering an unconfirmed address again starts afresh: new password and data, the first link dead; the log-in answers alike for either password', async () => {
    const email = `victim.${Date.now()}@example.ch`;
    const first = await t.api.post('/user/addClient', registration({ email, firstName: 'Eve', password: 'Attacker-Pass-2026' }));
    const firstMail = (await waitForMails(email, '/confirm/'))[0];
    const second = await t.api.post('/user/addClient', registration({ email, firstName: 'Vera', password: 'Owner-Pass-2026!' }));
    // one answer for a new address and an existing unconfirmed one
    const fresh = await t.api.post('/user/addClient', registration());
    expect([first.status, second.status, fresh.status]).toEqual([201, 201, 201]);
    expect(second.body).toEqual(first.body);
    expect(fresh.body).toEqual(first.body);

    // before confirmation: neither password is told apart from a wrong one
    const tries = await Promise.all(
      ['Attacker-Pass-2026', 'Owner-Pass-2026!', 'Neither-Pass-2026'].map((password) => t.api.post('/user/login', { email, password })),
    );
    expect(tries.map((r) => r.status)).toEqual([401, 401, 401]);
    expect(new Set(tries.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(tries[0].body.message).toBe('Wrong e-mail or password');

    // the attacker's link no longer confirms; the owner's does, with the owner's password and name
    const mails = await waitForMails(email, '/confirm/', 2);
    const token = (raw: string) => linkIn(raw, 'confirm')!.split('/confirm/')[1];
    const attackerToken = token(firstMail);
    const ownerToken = token(mails.find((m) => !m.includes(attackerToken))!);
    expect((await t.api.post('/user/confirm', { token: attackerToken })).status).toBe(400);
    expect((await t.api.post('/user/confirm', { token: ownerToken })).status).toBe(200);
    expect((await t.api.post('/user/login', { email, password: 'Attacker-Pass-2026' })).status).toBe(401);
    const owner = await t.api.post('/user/login', { email, password: 'Owner-Pass-2026!' });
    expect(owner.status).toBe(200);
    const [row] = await t.shop.db.select({ firstName: users.firstName }).from(users).where(eq(users.email, email));
    expect(row.firstName).toBe('Vera');
  });

  it('the log-in page offers a new confirmation link on a refused log-in without saying why', async () => {
    const email = `unconfirmed.${Date.now()}@example.ch`;
    await t.api.post('/user/addClient', registration({ email }));
    for (const password of [GOOD_PASSWORD, 'Wrong-Password-2026']) {
      const page = await t.http.postForm('/login', { email, password });
      expect(page.status).toBe(401);
      const html = await page.text();
      expect(html).toContain('Wrong e-mail or password');
      expect(html).not.toContain('confirm your e-mail');
      expect(html).toContain('data-testid="resend-confirmation"');
    }
  });
});
