/**
 * Security checks (SECURITY.md "What is tested"): webhook timestamps, replays and
 * late cancellations; the origin check on /logout and /preferences; forgot-password doing the
 * same work for known and unknown addresses; log-in back-off per IP+account with a global cap;
 * `__Host-` cookies over HTTPS; https-only social links; the "password changed" e-mail; and
 * cookies of plain (no-JavaScript) form posts reaching the browser.
 */
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../core/db/schema/accounts.ts';
import { adminCreateUser, changePassword, login, requestPasswordReset, resendConfirmation, resetPassword } from '../../core/accounts/index.ts';
import { getSettings, updateSettings } from '../../core/config/service.ts';
import { queryCount } from '../../core/db/client.ts';
import { emailTokens } from '../../core/db/schema/accounts.ts';
import { outbox } from '../../core/db/schema/mail.ts';
import { orders, orderEvents } from '../../core/db/schema/orders.ts';
import { payments } from '../../core/db/schema/payments.ts';
import { signPayload } from '../../core/payments/signature.ts';
import { setRateLimits } from '../../core/rate-limit/limiter.ts';
import { DomainError } from '../../core/errors.ts';
import type { Shop } from '../../core/shop.ts';
import type { HttpApp } from '../../server/app.ts';
import { GOOD_PASSWORD, registration } from '../helpers/accounts.ts';
import { customerWithCart } from '../helpers/customers.ts';
import { userWithCookie } from '../helpers/http.ts';
import { createTestShop } from '../helpers/shop.ts';
import { linkIn } from '../helpers/smtp.ts';
import { settingsForm } from '../helpers/settings.ts';
import { useHttpShop, useTestSuite } from '../helpers/suite.ts';

type App = HttpApp;
const formPost = (app: App, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  app.request(url, { method: 'POST', body: new URLSearchParams(fields), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
const cookieNamed = (res: Response, name: string) => res.headers.getSetCookie().filter((c) => c.startsWith(`${name}=`));

/** A verified customer with a known password (GOOD_PASSWORD) and a locale. */
async function customerWithPassword(shop: Shop, locale = 'en') {
  const reg = registration();
  const { id } = await adminCreateUser(shop.db, { ...reg, role: 'Customer' });
  await shop.db.update(users).set({ locale, emailVerifiedAt: new Date() }).where(eq(users.id, id));
  return { id, email: reg.email };
}

describe('webhooks: timestamps, replays and a late "canceled"', () => {
  const t = useTestSuite({ datatrans: true });
  const webhook = (raw: string, signature: string) =>
    t.api.raw('/payment/webhook/datatrans', { method: 'POST', headers: { 'content-type': 'application/json', 'Datatrans-Signature': signature }, body: raw });
  async function orderWithAttempt(index: number) {
    const { c } = await customerWithCart(t.shop, { stock: 10, basePrice: 5000, index });
    const created = await t.api.post('/order/create', { userID: c.id, paymentMethod: 'datatrans' }, c.headers);
    expect(created.status).toBe(201);
    const start = async () =>
      /\/v1\/start\/(\d+)$/.exec((await t.api.post('/payment/start', { orderID: created.body.order._id }, c.headers)).body.redirectUrl)![1];
    return { orderId: created.body.order._id as string, start };
  }
  const statusOf = async (id: string) => (await t.shop.db.select().from(orders).where(eq(orders.id, id)))[0];

  it('refuses a correctly signed webhook whose timestamp is older than 5 minutes (a replay), changing nothing', async () => {
    const { orderId, start } = await orderWithAttempt(40);
    const tx = await start();
    const { raw } = t.datatrans.webhookFor(tx, 'settled');
    const old = await webhook(raw, signPayload(t.datatrans.signKey, raw, Date.now() - 6 * 60 * 1000));
    expect(old.status).toBe(400);
    expect(old.body.message).toMatch(/too old/);
    expect((await statusOf(orderId)).status).toBe('pending_payment');
    expect(await t.shop.db.select().from(payments).where(eq(payments.providerRef, tx))).toEqual([]);
  });

  it('answers the same signed message twice as a duplicate: a replayed "canceled" does nothing the second time', async () => {
    const { orderId, start } = await orderWithAttempt(41);
    const tx = await start();
    const canceled = t.datatrans.webhookFor(tx, 'canceled');
    expect((await webhook(canceled.raw, canceled.signature)).status).toBe(200);
    const again = await webhook(canceled.raw, canceled.signature);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ received: true, duplicate: true });
    expect((await statusOf(orderId)).status).toBe('cancelled');
  });

  it('a late "canceled" of the first attempt does not cancel the order a second attempt pays', async () => {
    const { orderId, start } = await orderWithAttempt(42);
    const first = await start();
    const second = await start();
    const late = t.datatrans.webhookFor(first, 'canceled');
    expect((await webhook(late.raw, late.signature)).status).toBe(200);
    expect((await statusOf(orderId)).status).toBe('pending_payment');
    const paid = t.datatrans.webhookFor(second, 'settled');
    expect((await webhook(paid.raw, paid.signature)).status).toBe(200);
    expect((await statusOf(orderId)).status).toBe('paid');
    // a "canceled" of the first attempt arriving after the payment is only noted
    const later = t.datatrans.webhookFor(first, 'canceled');
    expect((await webhook(later.raw, later.signature.replace(/t=\d+/, `t=${Date.now() + 5}`))).status).toBe(401); // re-timed without re-signing: forged
    const resigned = { raw: later.raw, signature: signPayload(t.datatrans.signKey, later.raw, Date.now() + 10) };
    expect((await webhook(resigned.raw, resigned.signature)).status).toBe(200);
    expect((await statusOf(orderId)).status).toBe('paid');
    const notes = await t.shop.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(notes.some((n) => /older transaction .* ignored/.test(n.note ?? ''))).toBe(true);
    expect(notes.some((n) => /already paid/.test(n.note ?? ''))).toBe(true);
    // the latest attempt's own failure still cancels an unpaid order
    const other = await orderWithAttempt(43);
    const only = await other.start();
    const failed = t.datatrans.webhookFor(only, 'failed');
    expect((await webhook(failed.raw, failed.signature)).status).toBe(200);
    expect((await statusOf(other.orderId)).status).toBe('cancelled');
  });
});

describe('plain form posts (no JavaScript): origin check and cookies', () => {
  const t = useHttpShop({ catalogue: null });

  it("refuses cross-site posts to /logout and /preferences with 403, in the visitor's language", async () => {
    const { cookie } = await userWithCookie(t.shop, 'Customer');
    for (const path of ['/logout', '/preferences', '/login']) {
      const evil = await formPost(t.app, `http://shop.test${path}`, { theme: 'dark' }, { origin: 'https://evil.example', cookie });
      expect(evil.status, path).toBe(403);
      expect(
        evil.headers.getSetCookie().filter((c) => !c.startsWith('cart_id=')),
        path,
      ).toEqual([]);
      const noOrigin = await formPost(t.app, `http://shop.test${path}`, { theme: 'dark' }, { 'sec-fetch-site': 'cross-site', cookie });
      expect(noOrigin.status, path).toBe(403);
      expect((await formPost(t.app, `http://shop.test${path}`, {}, { origin: 'null', cookie })).status, path).toBe(403);
    }
    const de = await formPost(t.app, 'http://shop.test/preferences', { theme: 'dark' }, { origin: 'https://evil.example', cookie: 'lang=de' });
    expect(await de.text()).toMatch(/anderen Website/);
  });

  it('same-origin forms and old clients without Origin still work, and set or clear their cookies', async () => {
    const prefs = await formPost(t.app, 'http://shop.test/preferences', { theme: 'dark', returnTo: '/contact' }, { origin: 'http://shop.test' });
    expect(prefs.status).toBe(302);
    expect(cookieNamed(prefs, 'theme')[0]).toMatch(/^theme=dark;/);
    const bare = await formPost(t.app, 'http://shop.test/preferences', { lang: 'fr' });
    expect(bare.status).toBe(302);
    expect(cookieNamed(bare, 'lang')[0]).toMatch(/^lang=fr;/);
    const { cookie } = await userWithCookie(t.shop, 'Customer');
    const out = await formPost(t.app, 'http://shop.test/logout', {}, { origin: 'http://shop.test', 'sec-fetch-site': 'same-origin', cookie });
    expect(out.status).toBe(302);
    expect(cookieNamed(out, 'access_token')).toEqual([expect.stringMatching(/^access_token=;.*Max-Age=0/)]);
    expect(cookieNamed(out, 'cart_id')).toHaveLength(1);
  });

  it('a plain form login by a visitor with a stale session cookie ends with the new session cookies (bug: cleared after being set)', async () => {
    await setRateLimits(t.shop, { login: { ip: 1000, pair: 1000, account: 1000, duration: 900 } });
    const u = await customerWithPassword(t.shop);
    const res = await formPost(
      t.app,
      'http://shop.test/login',
      { email: u.email, password: GOOD_PASSWORD, redirectTo: '/' },
      { origin: 'http://shop.test', cookie: `access_token=expired.or.forged; refresh_token=${'x'.repeat(43)}` },
    );
    expect(res.status).toBe(200);
    // browsers apply Set-Cookie in order: the last one of each name must be the new session
    const access = cookieNamed(res, 'access_token');
    const refresh = cookieNamed(res, 'refresh_token');
    expect(access.at(-1)).toMatch(/^access_token=ey[^;]+;.*Max-Age=900/);
    expect(refresh.at(-1)).toMatch(/^refresh_token=[^;]{20,};/);
    expect(access).toHaveLength(1);
    expect(refresh).toHaveLength(1);
  });
});

describe('__Host- cookies over HTTPS', () => {
  const t = useHttpShop({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.ch', PAYMENT_SANDBOX: 'off' } }, ({ shop }) =>
    setRateLimits(shop, { login: { ip: 1000, pair: 1000, account: 1000, duration: 900 } }),
  );

  it('names the session and cart cookies __Host-… (Secure, Path=/, no Domain), and reads only those names', async () => {
    const home = await t.app.request('https://shop.example.ch/');
    const cart = home.headers.getSetCookie().find((c) => c.startsWith('__Host-cart_id='));
    expect(cart).toMatch(/; Path=\/;/);
    expect(cart).toMatch(/Secure/);
    expect(cart).not.toMatch(/Domain=/i);
    expect(home.headers.getSetCookie().some((c) => c.startsWith('cart_id='))).toBe(false);

    const u = await customerWithPassword(t.shop);
    const res = await formPost(
      t.app,
      'https://shop.example.ch/login',
      { email: u.email, password: GOOD_PASSWORD, redirectTo: '/' },
      { origin: 'https://shop.example.ch' },
    );
    const set = res.headers.getSetCookie();
    const access = set.find((c) => c.startsWith('__Host-access_token='))!;
    expect(access).toMatch(/Secure/);
    expect(set.find((c) => c.startsWith('__Host-refresh_token='))).toMatch(/HttpOnly/);
    expect(set.some((c) => /^(access|refresh)_token=/.test(c))).toBe(false);

    const token = /^__Host-access_token=([^;]+)/.exec(access)![1];
    expect((await t.app.request('https://shop.example.ch/profile', { headers: { cookie: `__Host-access_token=${token}` } })).status).toBe(200);
    // a plain-named cookie (e.g. planted by a sibling sub-domain) is not a session
    expect((await t.app.request('https://shop.example.ch/profile', { headers: { cookie: `access_token=${token}` } })).status).toBe(302);
    // the JSON API takes the token from its headers only, never from the page cookie (a sibling
    // origin could post to it with the visitor's cookie)
    expect(
      (await t.app.request(`https://shop.example.ch/api/user/getUser?userID=${u.id}`, { headers: { cookie: `__Host-access_token=${token}` } })).status,
    ).toBe(401);
    expect((await t.app.request(`https://shop.example.ch/api/user/getUser?userID=${u.id}`, { headers: { accestoken: token } })).status).toBe(200);

    const out = await formPost(t.app, 'https://shop.example.ch/logout', {}, { origin: 'https://shop.example.ch', cookie: `__Host-access_token=${token}` });
    expect(out.headers.getSetCookie().find((c) => c.startsWith('__Host-access_token='))).toMatch(/Max-Age=0/);
    expect(out.headers.getSetCookie().find((c) => c.startsWith('__Host-cart_id='))).toMatch(/Secure/);
  });
});

describe('log-in back-off per IP and account, with a global cap per account', () => {
  const t = useTestSuite({ catalogue: null });
  const attempt = (email: string, password: string, ip: string) =>
    login(t.shop, { email, password }, { ip }).then(
      () => 200,
      (e: unknown) => (e instanceof DomainError ? (({ unauthenticated: 401, rate_limited: 429 } as Record<string, number>)[e.code] ?? 400) : 500),
    );

  it('a guesser at one address is stopped after 10 tries; the owner still logs in from theirs', async () => {
    const u = await customerWithPassword(t.shop);
    const guesses: number[] = [];
    for (let i = 0; i < 12; i++) guesses.push(await attempt(u.email, 'Wrong-password-123', '203.0.113.7'));
    expect(guesses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(guesses.slice(10)).toEqual([429, 429]);
    expect(await attempt(u.email, GOOD_PASSWORD, '198.51.100.4')).toBe(200);
    // the guesser's address stays limited for this account even after the owner's success
    expect(await attempt(u.email, GOOD_PASSWORD, '203.0.113.7')).toBe(429);
  });

  it('distributed guessing hits the per-account cap on failures', async () => {
    await setRateLimits(t.shop, { login: { ip: 1000, pair: 10, account: 5, duration: 900, accountDuration: 3600 } });
    const u = await customerWithPassword(t.shop);
    for (let i = 0; i < 5; i++) expect(await attempt(u.email, 'Wrong-password-123', `192.0.2.${i + 1}`)).toBe(401);
    expect(await attempt(u.email, 'Wrong-password-123', '192.0.2.99')).toBe(429);
    // successes do not count against the cap
    const v = await customerWithPassword(t.shop);
    for (let i = 0; i < 7; i++) expect(await attempt(v.email, GOOD_PASSWORD, '192.0.2.50')).toBe(200);
  });
});

describe('forgot password and resend confirmation do the same work for known and unknown addresses', () => {
  let shop: Shop;
  let hung: net.Server;
  const sockets = new Set<net.Socket>();
  beforeAll(async () => {
    // an SMTP server that accepts connections and never answers: a request waiting for the mail would hang
    hung = net.createServer((s) => {
      sockets.add(s);
      s.on('error', () => undefined);
    });
    await new Promise<void>((r) => hung.listen(0, '127.0.0.1', r));
    const port = (hung.address() as net.AddressInfo).port;
    shop = await createTestShop({ catalogue: null, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    await setRateLimits(shop, { forgot: { ip: 1000, account: 1000, duration: 3600 } });
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => hung.close(r));
    await new Promise((r) => setTimeout(r, 200)); // let the failed delivery settle before closing the database
    await shop.close();
  });
  const meta = { origin: 'http://shop.test', lang: 'en' as const, ip: '127.0.0.1' };

  it('answers the same text without waiting for the mail server, and sends as many SQL statements either way', async () => {
    const u = await customerWithPassword(shop);
    await getSettings(shop.db); // warm: the first read may seed the settings row
    await requestPasswordReset(shop, 'warm-up@example.ch', meta);
    let before = queryCount();
    const unknown = await requestPasswordReset(shop, 'nobody-here@example.ch', meta);
    const unknownStatements = queryCount() - before;
    before = queryCount();
    const known = await requestPasswordReset(shop, u.email, meta); // would hang on the silent SMTP server before the fix
    const knownStatements = queryCount() - before;
    expect(known).toEqual(unknown);
    expect(knownStatements).toBe(unknownStatements);
    expect(await shop.db.select().from(outbox).where(eq(outbox.to, u.email))).toHaveLength(1);
    expect(await shop.db.select().from(emailTokens).where(eq(emailTokens.userId, u.id))).toHaveLength(1);
  });

  it('resend confirmation: the same answer and as many SQL statements for an unconfirmed, a confirmed and an unknown address, without waiting for the mail server', async () => {
    const reg = registration();
    const { id: unconfirmedId } = await adminCreateUser(shop.db, { ...reg, role: 'Customer' });
    await shop.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unconfirmedId));
    const confirmed = await customerWithPassword(shop);
    await resendConfirmation(shop, 'warm-up@example.ch', meta);
    const statements = async (address: string) => {
      const before = queryCount();
      const answer = await resendConfirmation(shop, address, meta); // would hang on the silent SMTP server before the fix
      return { answer, statements: queryCount() - before };
    };
    const unknown = await statements('nobody-at-all@example.ch');
    const verified = await statements(confirmed.email);
    const unverified = await statements(reg.email);
    expect(unverified.answer).toEqual(unknown.answer);
    expect(verified.answer).toEqual(unknown.answer);
    expect(unverified.statements).toBe(unknown.statements);
    expect(verified.statements).toBe(unknown.statements);
    // only the unconfirmed account got a link
    expect(await shop.db.select().from(emailTokens).where(eq(emailTokens.userId, unconfirmedId))).toHaveLength(1);
    expect(await shop.db.select().from(outbox).where(eq(outbox.to, reg.email))).toHaveLength(1);
    expect(await shop.db.select().from(outbox).where(eq(outbox.to, confirmed.email))).toHaveLength(0);
  });
});

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

describe('social links in the settings', () => {
  const t = useHttpShop({ catalogue: null });

  it('accepts only https URLs (or nothing), with a translated field message', async () => {
    const admin = await userWithCookie(t.shop, 'Admin');
    const s = await getSettings(t.shop.db);
    const form = (links: Record<string, string>) => ({ ...settingsForm(s), ...links });
    for (const bad of ['javascript:alert(1)', 'http://t.me/casa', '@casadeltabaco', '//evil.example/x', 'https://user:pw@evil.example/']) {
      const res = await formPost(t.app, 'http://shop.test/admin/settings', form({ telegram: bad }), {
        origin: 'http://shop.test',
        cookie: `${admin.cookie}; lang=de`,
      });
      expect(res.status, bad).toBe(400);
      expect(await res.text(), bad).toContain('Geben Sie eine https://-Adresse ein');
    }
    expect((await getSettings(t.shop.db)).telegram).toBe(s.telegram);
    const ok = await formPost(t.app, 'http://shop.test/admin/settings', form({ telegram: 'https://t.me/casa_new', instagram: '' }), {
      origin: 'http://shop.test',
      cookie: admin.cookie,
    });
    expect(ok.status).toBe(200);
    expect(await getSettings(t.shop.db)).toMatchObject({ telegram: 'https://t.me/casa_new', instagram: '' });
    await expect(updateSettings(t.shop.db, { facebook: 'javascript:alert(1)' })).rejects.toThrow(/https/);
  });
});
