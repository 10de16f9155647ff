/**
 * E-mail confirmation by button: opening a confirmation link (a GET, as mail scanners and link
 * previews do) shows a page with a button and spends nothing; pressing the button (a POST)
 * confirms the account once. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../core/db/schema/accounts.ts';
import { outbox } from '../../core/db/schema/mail.ts';
import { registration } from '../helpers/accounts.ts';
import { linkIn } from '../helpers/smtp.ts';
import { useTestSuite } from '../helpers/suite.ts';

const t = useTestSuite({ http: true, wideRateLimits: true });

/** Registers someone (names with an accent and an apostrophe) and returns the path of their confirmation link. */
async function registered(): Promise<{ email: string; path: string }> {
  const reg = registration({ firstName: 'Zoë', lastName: "O'Brien-Gassmann" });
  expect((await t.api.post('/user/addClient', reg)).status).toBe(201);
  const [mail] = await t.shop.db.select().from(outbox).where(eq(outbox.to, reg.email));
  const link = linkIn(mail.text, 'confirm')!;
  return { email: reg.email, path: new URL(link).pathname };
}
const verifiedAt = async (email: string) => (await t.shop.db.select({ v: users.emailVerifiedAt }).from(users).where(eq(users.email, email)))[0].v;

describe('/confirm/<token>', () => {
  it('a GET (twice, like a mail scanner and then the person) shows a button and confirms nothing', async () => {
    const { email, path } = await registered();
    for (const _ of [1, 2]) {
      const res = await t.http.fetch(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('Confirm your e-mail address to activate your account.');
      expect(html).toMatch(/<button[^>]*name="intent"[^>]*value="confirm"|<button[^>]*value="confirm"[^>]*name="intent"/);
      expect(html).toContain('method="post"');
    }
    // the data request React Router makes on client navigation is a GET too
    expect((await t.http.fetch(`${path}.data`)).status).toBe(200);
    expect(await verifiedAt(email)).toBeNull();
  });

  it('the button (a POST) confirms the account once and signs in; the link is spent afterwards', async () => {
    const { email, path } = await registered();
    const res = await t.http.postForm(path, { intent: 'confirm' });
    // signed in (the session cookies of a log-in) and sent on: to the home page for a
    // registration that did not start at checkout
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('access_token='))).toBe(true);
    expect(await verifiedAt(email)).not.toBeNull();
    const again = await t.http.postForm(path, { intent: 'confirm' });
    expect(await again.text()).toContain('This link is invalid, has expired or was already used');
    const page = await (await t.http.fetch(path)).text();
    expect(page).toContain('This link is invalid, has expired or was already used');
    expect(page).not.toContain('value="confirm"');
  });

  it('a wrong link shows the resend form, in the visitor language', async () => {
    const page = await (await t.http.fetch('/confirm/not-a-valid-token-but-long-enough-0000', { headers: { 'accept-language': 'de' } })).text();
    expect(page).toContain('Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.');
    expect(page).toContain('name="email"');
    expect(page).not.toContain('value="confirm"');
  });
});
