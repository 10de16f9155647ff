/**
 * Two-factor log-in as plain form posts (no scripts, or a tap before they load), through the
 * whole HTTP application on a real database: the password step answers the code step with a
 * short-lived signed token in a hidden field and no password anywhere in the page; the code step
 * posts the token with a TOTP code or a recovery code; an expired, forged, spent or outdated
 * token (password changed) is refused with a clear message and the password form comes back; a
 * secret this installation cannot decrypt (another SESSION_SECRET) is named as such and points
 * to the recovery codes.
 */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { adminCreateUser } from '../../core/accounts/admin.ts';
import { issueCodeStepToken } from '../../core/accounts/code-step.ts';
import { hashPassword } from '../../core/accounts/password.ts';
import { confirmTwoFactor, sealSecret, startTwoFactor } from '../../core/accounts/two-factor.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { twoFactor } from '../../core/db/schema/accounts-two-factor.ts';
import { GOOD_PASSWORD, registration } from '../helpers/accounts.ts';
import { useTestSuite } from '../helpers/suite.ts';

const t = useTestSuite({ catalogue: null, http: true, wideRateLimits: true });

/** A verified admin with two-factor log-in on (set up with a code of a minute ago, so the current one is unused). */
async function adminWithTwoFactor(): Promise<{ id: string; email: string; secret: string; recoveryCodes: string[] }> {
  const reg = registration();
  const { id } = await adminCreateUser(t.shop.db, { ...reg, role: 'Admin' });
  const { secret } = await startTwoFactor(t.shop, id);
  const at = new Date(Date.now() - 60_000);
  const { recoveryCodes } = await confirmTwoFactor(t.shop, id, await generate({ secret, epoch: Math.floor(at.getTime() / 1000) }), at);
  return { id, email: reg.email, secret, recoveryCodes };
}

/** Seals the admin's secret under another installation's session secret (a restore onto a new machine). */
const sealUnderAnotherSecret = (a: { id: string; secret: string }) =>
  t.shop.db
    .update(twoFactor)
    .set({ secretEnc: sealSecret('a-session-secret-of-another-installation', a.secret) })
    .where(eq(twoFactor.userId, a.id));

const accessCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('access_token=') && !c.startsWith('access_token=;'))
    ?.split(';')[0];
const tokenIn = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1];

/** The password step as a plain form post; returns the page and the code step's token. */
async function passwordStep(email: string): Promise<{ res: Response; html: string; token: string }> {
  const res = await t.http.postForm('/login?redirectTo=%2Fadmin%2Fhome', { email, password: GOOD_PASSWORD, redirectTo: '/admin/home' });
  const html = await res.text();
  return { res, html, token: tokenIn(html) ?? '' };
}

const codeStep = (token: string, otp: string) =>
  t.http.postForm('/login?redirectTo=%2Fadmin%2Fhome', { intent: 'code', token, otp, redirectTo: '/admin/home' });

describe('two-factor log-in without scripts', () => {
  it('the password step answers a token field and a code field, never the password; token + code sign in', async () => {
    const a = await adminWithTwoFactor();
    const { res, html, token } = await passwordStep(a.email);
    expect(res.status).toBe(401);
    expect(accessCookie(res)).toBeUndefined();
    expect(token.split('.')).toHaveLength(3); // a compact JWT
    expect(html).toContain('name="otp"');
    expect(html).toContain('name="intent" value="code"');
    expect(html).not.toContain('name="password"');
    expect(html).not.toContain(GOOD_PASSWORD);
    expect(html).toContain(`Logging in as ${a.email}.`);

    const ok = await codeStep(token, await generate({ secret: a.secret }));
    expect(ok.status).toBe(200);
    const cookie = accessCookie(ok);
    expect(cookie).toBeTruthy();
    expect((await t.http.fetch('/admin/home', { cookie: cookie! })).status).toBe(200);

    // the token is spent with the log-in: posting it again asks for e-mail and password again
    const replay = await codeStep(token, await generate({ secret: a.secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    expect(replay.status).toBe(401);
    expect(accessCookie(replay)).toBeUndefined();
    const replayHtml = await replay.text();
    expect(replayHtml).toContain('This log-in step has expired: please enter your e-mail and password again.');
    expect(replayHtml).toContain('name="password"');
  });

  it('a wrong code keeps the code step (same token) with the field message; a recovery code then signs in', async () => {
    const a = await adminWithTwoFactor();
    const { token } = await passwordStep(a.email);
    const wrong = await codeStep(token, '000000');
    expect(wrong.status).toBe(401);
    const html = await wrong.text();
    expect(html).toContain('The code is wrong or has expired');
    expect(tokenIn(html)).toBe(token);
    expect(html).not.toContain('The field is required');

    const ok = await codeStep(token, a.recoveryCodes[0].toLowerCase().replace(/-/g, ' '));
    expect(ok.status).toBe(200);
    expect(accessCookie(ok)).toBeTruthy();
  });

  it('refuses an expired, a forged and an outdated token (password changed) with a clear message', async () => {
    const a = await adminWithTwoFactor();
    const code = await generate({ secret: a.secret });
    const expired = await issueCodeStepToken(t.shop, a.id, -10);
    const { token } = await passwordStep(a.email);
    const [head, body, sig] = token.split('.');
    const forged = [head, body, `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`].join('.');
    const otherUser = [
      head,
      Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), sub: 'x' })).toString('base64url'),
      sig,
    ].join('.');
    for (const [what, bad] of [
      ['expired', expired],
      ['forged signature', forged],
      ['altered subject', otherUser],
      ['no token', ''],
    ]) {
      const res = await codeStep(bad, code);
      expect(res.status, what).toBe(401);
      expect(accessCookie(res), what).toBeUndefined();
      const html = await res.text();
      expect(html, what).toContain('This log-in step has expired: please enter your e-mail and password again.');
      expect(html, what).toContain('name="password"');
    }
    // a password change kills the token
    await t.shop.db
      .update(users)
      .set({ passwordHash: await hashPassword('Another-Password-2026') })
      .where(eq(users.id, a.id));
    const outdated = await codeStep(token, code);
    expect(outdated.status).toBe(401);
    expect(await outdated.text()).toContain('This log-in step has expired');
  });

  it('a secret sealed under another SESSION_SECRET is named as unreadable; a recovery code still signs in', async () => {
    const a = await adminWithTwoFactor();
    await sealUnderAnotherSecret(a);
    const message =
      'This installation cannot read your authenticator set-up (the secret key changed). Use a recovery code, then set up the authenticator again.';
    const { token } = await passwordStep(a.email);
    const refused = await codeStep(token, await generate({ secret: a.secret }));
    expect(refused.status).toBe(401);
    const html = (await refused.text()).replace(/&#x27;|&#39;/g, "'");
    expect(html).toContain(message);
    expect(html).not.toContain('The code is wrong or has expired');
    expect(tokenIn(html)).toBe(token);

    // the JSON API says the same
    const api = await t.api.post('/user/login', { email: a.email, password: GOOD_PASSWORD, otp: await generate({ secret: a.secret }) });
    expect(api.status).toBe(401);
    expect(api.body.message).toBe(message);

    const ok = await codeStep(token, a.recoveryCodes[1]);
    expect(ok.status).toBe(200);
    expect(accessCookie(ok)).toBeTruthy();
  });

  it('after a recovery code, the profile names the unreadable set-up and sets the authenticator up again', async () => {
    const a = await adminWithTwoFactor();
    await sealUnderAnotherSecret(a);
    const { token } = await passwordStep(a.email);
    const cookie = accessCookie(await codeStep(token, a.recoveryCodes[0]))!;
    const profile = await (await t.http.fetch('/profile', { cookie })).text();
    expect(profile).toContain('data-testid="two-factor-unreadable"');
    expect(profile).toContain('Set up the authenticator again');
    // the new set-up replaces the unreadable one; its first code turns it on with new recovery codes
    const started = await t.http.postForm('/profile', { intent: 'twoFactorStart', currentPassword: GOOD_PASSWORD }, cookie);
    expect(started.status).toBe(200);
    const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(await started.text())![1].replace(/ /g, '');
    expect(secret).not.toBe(a.secret);
    const on = await t.http.postForm('/profile', { intent: 'twoFactorConfirm', otp: await generate({ secret }) }, cookie);
    expect(on.status).toBe(200);
    expect(await on.text()).toContain('recovery-codes');
    // and the next log-in takes a code of the new secret
    const next = await passwordStep(a.email);
    const signedIn = await codeStep(next.token, await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    expect(accessCookie(signedIn)).toBeTruthy();
  });
});
