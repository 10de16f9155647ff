/**
 * Wrong two-factor codes have a budget of their own per account, and the account is told
 * (SECURITY.md, third review, N12): the no-script log-in page says how long to wait and keeps its
 * code step open for a recovery code; 5 wrong codes from any address spend it (on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL).
 */
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { login } from '../../core/accounts/sessions.ts';
import { GOOD_PASSWORD } from '../helpers/accounts.ts';
import { useAccountSuite } from '../helpers/account-security.ts';

const t = useAccountSuite();
const { admin, withTwoFactor, mailsTo, waitForMails } = t;

describe('wrong two-factor codes', () => {
  it('the log-in page (no scripts) says how long to wait and keeps its code step open for a recovery code', async () => {
    const a = await admin();
    const { recoveryCodes } = await withTwoFactor(a.id);
    const step = await t.http.postForm('/login', { email: a.email, password: GOOD_PASSWORD });
    const token = /name="token" value="([^"]+)"/.exec(await step.text())![1];
    const code = (otp: string) => t.http.postForm('/login', { intent: 'code', token, otp });
    for (let i = 0; i < 5; i++) expect((await code('000000')).status).toBe(401);
    const waiting = await code('000000');
    expect(waiting.status).toBe(429);
    const html = await waiting.text();
    expect(html).toMatch(/Too many wrong codes for this account\. Wait 1[45] minutes, or log in with one of your recovery codes\./);
    expect(html).toContain('name="otp"');
    expect((await code(recoveryCodes[0])).status).toBe(200);
  });

  it('5 wrong codes per account (from any address) spend the budget: app codes wait, a recovery code works, the account is mailed once', async () => {
    const a = await admin();
    const { secret, recoveryCodes } = await withTwoFactor(a.id);
    const attempt = (otp: string, i: number) =>
      login(t.shop, { email: a.email, password: GOOD_PASSWORD, otp }, { ip: `198.51.100.${i}` }).then(
        () => 200,
        (e: { code: string; message: string }) => e,
      );
    for (let i = 0; i < 5; i++) expect(await attempt('000000', i)).toMatchObject({ code: 'unauthenticated' });
    const refused = await attempt('000000', 6);
    expect(refused).toMatchObject({ code: 'rate_limited' });
    expect((refused as { message: string }).message).toMatch(/^Too many wrong codes\. Wait 1[45] minutes, or log in with a recovery code\.$/);
    // even the right app code waits now (the budget is the account's, not the address')
    expect(await attempt(await generate({ secret }), 7)).toMatchObject({ code: 'rate_limited' });
    // the owner is not locked out: a recovery code still logs in
    expect(await attempt(recoveryCodes[0], 8)).toBe(200);
    const mails = await waitForMails(a.email, 'followed by 5 wrong two-factor codes');
    expect(mails[0]).toContain('/forgot');
    expect(mailsTo(a.email, 'wrong two-factor codes')).toHaveLength(1);

    // through the API: 429 with the wait in the answer
    const api429 = await t.api.post('/user/login', { email: a.email, password: GOOD_PASSWORD, otp: '123456' });
    expect(api429.status).toBe(429);
    expect(api429.body.message).toMatch(/Too many wrong codes/);
  });
});
