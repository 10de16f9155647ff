/**
 * The third security review's account findings, each as its attack and the refusal (on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL):
 * - "two-factor required for every admin": an admin without it is a Customer everywhere (the API's
 *   "this customer or an admin" calls, the order, invoice, credit-note and return-photo pages),
 *   may not change the policy, and sets it up only with the password asked again; turning it on
 *   or off mails every admin and ends the account's other sessions;
 * - an access token ends at once with its session: log-out, password change, two-factor set-up;
 * - registering an unconfirmed address again starts afresh, and the log-in never tells which
 *   password of an unconfirmed account is right;
 * - wrong two-factor codes have a budget of their own per account, and the account is told.
 */
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCreateUser } from '../../core/accounts/admin.ts';
import { eraseUser } from '../../core/accounts/privacy.ts';
import { recordAudit } from '../../core/audit/service.ts';
import { auditLog } from '../../core/db/schema/audit.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE, cookieName } from '../../core/accounts/cookies.ts';
import { login } from '../../core/accounts/sessions.ts';
import { confirmTwoFactor, setAdminTwoFactorRequired, startTwoFactor, twoFactorStatus } from '../../core/accounts/two-factor.ts';
import { addToCart } from '../../core/cart/service.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { shipOrder } from '../../core/orders/admin.ts';
import { createOrder } from '../../core/orders/service.ts';
import { setRateLimits } from '../../core/rate-limit/limiter.ts';
import { acceptReturn, requestReturn } from '../../core/returns/service.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { GOOD_PASSWORD, registration } from '../helpers/accounts.ts';
import { createCustomer, productWith, type TestCustomer } from '../helpers/customers.ts';
import type { TestHttp } from '../helpers/http.ts';
import { payInFull } from '../helpers/payments.ts';
import { decodeQp, linkIn, type TestSmtp } from '../helpers/smtp.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;
let http: TestHttp;
let smtp: TestSmtp;
const WIDE = { ip: 10_000, account: 10_000, duration: 900 };

beforeAll(async () => {
  ({ shop, api, http, smtp } = await openTestSuite({ http: true, smtp: true }));
  await setRateLimits(shop, { login: WIDE, password: WIDE, register: WIDE, confirm: WIDE, forgot: WIDE });
}, 60_000);
afterAll(() => shop?.close());

const accessName = () => cookieName(ACCESS_COOKIE, shop.env);
const refreshName = () => cookieName(REFRESH_COOKIE, shop.env);
const bearer = (token: string) => ({ accestoken: token });
const MINUTE_AGO = () => new Date(Date.now() - 60_000);
const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/** A verified admin with the test password (locale as given). */
async function admin(locale = 'en'): Promise<{ id: string; email: string }> {
  const reg = registration();
  const { id } = await adminCreateUser(shop.db, { ...reg, role: 'Admin' });
  await shop.db.update(users).set({ locale }).where(eq(users.id, id));
  return { id, email: reg.email };
}

/** Turns two-factor log-in on with a code of a minute ago (the current code stays unused). */
async function withTwoFactor(userId: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = await startTwoFactor(shop, userId);
  const at = MINUTE_AGO();
  const { recoveryCodes } = await confirmTwoFactor(shop, userId, await codeAt(secret, at), at);
  return { secret, recoveryCodes };
}

/** The mails the SMTP server received so far to `to` whose decoded text contains `text`. */
const mailsTo = (to: string, text: string) => smtp.mails.filter((m) => m.to.includes(to) && decodeQp(m.raw).includes(text));

/** Waits (polling) until `n` mails to `to` contain `text`. */
async function waitForMails(to: string, text: string, n = 1): Promise<string[]> {
  const end = Date.now() + 10_000;
  while (mailsTo(to, text).length < n) {
    if (Date.now() > end) throw new Error(`expected ${n} mail(s) to ${to} with "${text}", got ${mailsTo(to, text).length}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return mailsTo(to, text).map((m) => decodeQp(m.raw));
}

/** The access and refresh cookies a web log-in (or a refresh) set, as one Cookie header. */
function sessionCookie(res: Response): string {
  const set = res.headers.getSetCookie();
  const pick = (name: string) => set.find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`))?.split(';')[0];
  return [pick(accessName()), pick(refreshName())].filter(Boolean).join('; ');
}

/** Bob: a paid, shipped order with an accepted return (one photo), so invoice and credit note exist. */
async function bobWithDocuments(bob: TestCustomer) {
  const p = await productWith(shop, 40, 6_000, 3);
  await addToCart(shop.db, bob.id, p.id, 2, bob.id);
  const o = await createOrder(shop, { userId: bob.id, paymentMethod: 'qr-bill' });
  await payInFull(shop, o, 'qr-bill');
  await shipOrder(shop, o.id, { carrier: 'swiss-post', trackingNumber: '99.00.123456.78901234' }, 'admin:third-round-test');
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#6b3e1f' } })
    .jpeg()
    .toBuffer();
  const r = await requestReturn(shop, {
    orderId: o.id,
    userId: bob.id,
    reason: 'damaged',
    message: 'one box crushed',
    iban: 'CH93 0076 2011 6238 5295 7',
    photos: [{ bytes: photo }],
  });
  const { refund } = await acceptReturn(shop, r.id, { restock: false }, 'admin:third-round-test');
  return {
    order: o,
    urls: {
      history: `/client/historydetails?id=${o.code}`,
      invoice: `/client/invoice?id=${o.code}`,
      creditNote: `/client/creditnote?no=${encodeURIComponent(refund.creditNoteNumber!)}`,
      photo: `/client/returnphoto?r=${r.id}&p=${r.photos[0].id}`,
    },
  };
}

describe('two-factor required for every admin: an admin without it has no admin powers anywhere', () => {
  it('API calls for another customer, and the order, invoice, credit-note and return-photo pages, refuse such an admin; after set-up they answer', async () => {
    const careful = await admin();
    const { secret: carefulSecret } = await withTwoFactor(careful.id);
    const bob = await createCustomer(shop);
    const { order, urls } = await bobWithDocuments(bob);
    const ops = await admin();
    await setAdminTwoFactorRequired(shop.db, careful.id, true);
    try {
      const signedIn = await api.post('/user/login', { email: ops.email, password: GOOD_PASSWORD });
      expect(signedIn.status).toBe(200);
      const h = bearer(signedIn.body.accesToken);
      const calls = {
        list: () => api.get('/user/list', h),
        getUser: () => api.get(`/user/getUser?userID=${bob.id}`, h),
        orders: () => api.get(`/order/list?userID=${bob.id}`, h),
        order: () => api.get(`/order/get?id=${order.id}`, h),
        cart: () => api.get(`/cart/carts?userID=${bob.id}`, h),
        influencer: () => api.get(`/user/influencer?userID=${bob.id}`, h),
        updateProfile: () =>
          api.post(
            '/user/updateProfile',
            { userID: bob.id, firstName: 'Eve', lastName: 'Owned', phone: '+41 79 000 00 00', address: { street: 'Weg 1', postalCode: '3000', city: 'Bern' } },
            h,
          ),
      };
      const answers: Record<string, number> = {};
      for (const [name, call] of Object.entries(calls)) answers[name] = (await call()).status;
      // someone else's data: 403, or "not found" where an order's existence is not revealed
      expect(answers).toEqual({ list: 403, getUser: 403, orders: 403, order: 404, cart: 403, influencer: 403, updateProfile: 403 });
      expect((await api.get('/user/list', h)).body.message).toBe('Set up two-factor log-in on your profile first');
      // the same admin's own data still answers
      expect((await api.get(`/user/getUser?userID=${ops.id}`, h)).status).toBe(200);

      // the pages with the web session cookie, and the documents also with the token header
      const cookie = `${accessName()}=${signedIn.body.accesToken}`;
      for (const url of Object.values(urls)) expect([url, (await http.fetch(url, { cookie })).status]).toEqual([url, 404]);
      for (const url of [urls.invoice, urls.creditNote, urls.photo]) expect([url, (await http.fetch(url, { headers: h })).status]).toEqual([url, 404]);
      const home = await http.fetch('/admin/home', { cookie, redirect: 'manual' });
      expect(home.status).toBe(302);
      expect(home.headers.get('location')).toBe('/profile?twoFactor=required#two-factor');
      // and it may not turn the policy off
      expect((await http.postForm('/profile', { intent: 'twoFactorPolicy' }, cookie)).status).toBe(403);
      expect(await twoFactorStatus(shop.db, ops.id)).toMatchObject({ enabled: false });

      // an admin who meets the policy sees it all
      const good = await api.post('/user/login', { email: careful.email, password: GOOD_PASSWORD, otp: await generate({ secret: carefulSecret }) });
      expect(good.status).toBe(200);
      const gh = bearer(good.body.accesToken);
      expect((await api.get(`/user/getUser?userID=${bob.id}`, gh)).status).toBe(200);
      expect((await api.get(`/order/get?id=${order.id}`, gh)).status).toBe(200);
      const goodCookie = `${accessName()}=${good.body.accesToken}`;
      for (const url of Object.values(urls)) expect([url, (await http.fetch(url, { cookie: goodCookie })).status]).toEqual([url, 200]);
      for (const url of [urls.invoice, urls.creditNote, urls.photo]) expect([url, (await http.fetch(url, { headers: gh })).status]).toEqual([url, 200]);
    } finally {
      await setAdminTwoFactorRequired(shop.db, careful.id, false);
    }
  });

  it('a password-only session sets up two-factor log-in only with the password again; every admin is mailed in their language; other sessions end', async () => {
    const careful = await admin('de');
    await withTwoFactor(careful.id);
    const ops = await admin();
    await setAdminTwoFactorRequired(shop.db, careful.id, true);
    try {
      // two sessions of ops, password only: a web one (cookies) and an API one
      const web = await http.postForm('/login', { email: ops.email, password: GOOD_PASSWORD, redirectTo: '/profile' });
      const cookie = sessionCookie(web);
      expect(cookie).toContain(refreshName());
      const other = await api.post('/user/login', { email: ops.email, password: GOOD_PASSWORD });

      // no password, or a wrong one: no set-up starts
      for (const currentPassword of [undefined, 'Not-the-password-1']) {
        const refused = await http.postForm('/profile', { intent: 'twoFactorStart', ...(currentPassword && { currentPassword }) }, cookie);
        expect(refused.status).toBe(400);
        const html = await refused.text();
        expect(html).toContain('The current password is wrong');
        expect(html).not.toContain('data-testid="totp-secret"');
      }
      const started = await http.postForm('/profile', { intent: 'twoFactorStart', currentPassword: GOOD_PASSWORD }, cookie);
      expect(started.status).toBe(200);
      const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(await started.text())![1].replace(/ /g, '');
      const on = await http.postForm('/profile', { intent: 'twoFactorConfirm', otp: await generate({ secret }) }, cookie);
      expect(on.status).toBe(200);
      expect(await twoFactorStatus(shop.db, ops.id)).toMatchObject({ enabled: true });

      // every active admin is told, each in their language, with a link to the account
      const admins = await shop.db.select({ email: users.email, locale: users.locale, blockedAt: users.blockedAt }).from(users).where(eq(users.role, 'Admin'));
      for (const a of admins.filter((x) => !x.blockedAt)) {
        const [mail] = await waitForMails(a.email, `/admin/user/details?id=${ops.id}`);
        expect(mail).toContain(ops.email);
        if (a.email === careful.email) expect(mail).toContain('eingeschaltet');
        if (a.locale === 'en') expect(mail).toContain('Two-factor log-in was just turned on for the admin account');
      }
      // the other (password-only) session has ended: its access token and its refresh token
      expect((await api.get(`/user/getUser?userID=${ops.id}`, bearer(other.body.accesToken))).status).toBe(417);
      expect((await api.post('/token/refresh', { refreshToken: other.body.refreshToken })).status).toBe(401);
      // this one goes on (its access token is renewed from its refresh token) and now reaches the admin
      const home = await http.fetch('/admin/home', { cookie, redirect: 'manual' });
      expect(home.status).toBe(200);
    } finally {
      await setAdminTwoFactorRequired(shop.db, careful.id, false);
    }
  });

  it('turning two-factor log-in off asks for the password and a code, and mails every admin', async () => {
    const ops = await admin();
    const { recoveryCodes } = await withTwoFactor(ops.id);
    const witness = await admin();
    const signedIn = await api.post('/user/login', { email: ops.email, password: GOOD_PASSWORD, otp: recoveryCodes[0] });
    const cookie = `${accessName()}=${signedIn.body.accesToken}`;
    const wrong = await http.postForm('/profile', { intent: 'twoFactorDisable', otp: recoveryCodes[1], currentPassword: 'Not-the-password-1' }, cookie);
    expect(wrong.status).toBe(400);
    expect(await twoFactorStatus(shop.db, ops.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
    const off = await http.postForm('/profile', { intent: 'twoFactorDisable', otp: recoveryCodes[1], currentPassword: GOOD_PASSWORD }, cookie);
    expect(off.status).toBe(200);
    expect(await twoFactorStatus(shop.db, ops.id)).toMatchObject({ enabled: false });
    const [mail] = await waitForMails(witness.email, `/admin/user/details?id=${ops.id}`);
    expect(mail).toContain('Two-factor log-in was just turned off for the admin account');
  });
});

describe('an access token ends with its session at once', () => {
  it('log-out: the API token and the page cookie of the ended session are refused at once', async () => {
    const reg = registration();
    await adminCreateUser(shop.db, { ...reg, role: 'Customer' });
    const s = await api.post('/user/login', { email: reg.email, password: GOOD_PASSWORD });
    const me = `/user/getUser?userID=${s.body.userId}`;
    expect((await api.get(me, bearer(s.body.accesToken))).status).toBe(200);
    await api.post('/user/logout', { refreshToken: s.body.refreshToken });
    // "expired" (417): a client refreshes, and the ended session's refresh token is refused
    expect((await api.get(me, bearer(s.body.accesToken))).status).toBe(417);
    expect((await api.post('/token/refresh', { refreshToken: s.body.refreshToken })).status).toBe(401);

    const web = await http.postForm('/login', { email: reg.email, password: GOOD_PASSWORD, redirectTo: '/profile' });
    const cookie = sessionCookie(web);
    const access = cookie.split('; ').find((c) => c.startsWith(`${accessName()}=`))!;
    expect((await http.fetch('/profile', { cookie: access })).status).toBe(200);
    await http.postForm('/logout', {}, cookie);
    const after = await http.fetch('/profile', { cookie: access, redirect: 'manual' });
    expect(after.status).toBe(302);
    expect(after.headers.get('location')).toMatch(/^\/login/);
  });

  it('password change: every other session’s access token is refused at once; the changing session goes on', async () => {
    const reg = registration();
    await adminCreateUser(shop.db, { ...reg, role: 'Customer' });
    const mine = await api.post('/user/login', { email: reg.email, password: GOOD_PASSWORD });
    const theirs = await api.post('/user/login', { email: reg.email, password: GOOD_PASSWORD });
    const me = `/user/getUser?userID=${mine.body.userId}`;
    expect((await api.get(me, bearer(theirs.body.accesToken))).status).toBe(200);
    const changed = await api.post(
      '/user/changePassword',
      { userID: mine.body.userId, currentPassword: GOOD_PASSWORD, newPassword: 'Another-Robusto-2027', refreshToken: mine.body.refreshToken },
      bearer(mine.body.accesToken),
    );
    expect(changed.status).toBe(200);
    expect((await api.get(me, bearer(theirs.body.accesToken))).status).toBe(417);
    expect((await api.post('/token/refresh', { refreshToken: theirs.body.refreshToken })).status).toBe(401);
    // the session that changed it refreshes once and goes on
    const renewed = await api.post('/token/refresh', { refreshToken: mine.body.refreshToken });
    expect(renewed.status).toBe(200);
    expect((await api.get(me, bearer(renewed.body.accesToken))).status).toBe(200);
  });

  it('two-factor set-up: the sessions opened before it with the password alone are refused at once', async () => {
    const a = await admin();
    const before = await api.post('/user/login', { email: a.email, password: GOOD_PASSWORD });
    const me = `/user/getUser?userID=${a.id}`;
    expect((await api.get(me, bearer(before.body.accesToken))).status).toBe(200);
    const { secret } = await withTwoFactor(a.id);
    expect((await api.get(me, bearer(before.body.accesToken))).status).toBe(417);
    expect((await api.post('/token/refresh', { refreshToken: before.body.refreshToken })).status).toBe(401);
    const now = await api.post('/user/login', { email: a.email, password: GOOD_PASSWORD, otp: await generate({ secret }) });
    expect((await api.get(me, bearer(now.body.accesToken))).status).toBe(200);
  });
});

describe('registration squatting', () => {
  it('registering an unconfirmed address again starts afresh: new password and data, the first link dead; the log-in answers alike for either password', async () => {
    const email = `victim.${Date.now()}@example.ch`;
    const first = await api.post('/user/addClient', registration({ email, firstName: 'Eve', password: 'Attacker-Pass-2026' }));
    const firstMail = (await waitForMails(email, '/confirm/'))[0];
    const second = await api.post('/user/addClient', registration({ email, firstName: 'Vera', password: 'Owner-Pass-2026!' }));
    // one answer for a new address and an existing unconfirmed one
    const fresh = await api.post('/user/addClient', registration());
    expect([first.status, second.status, fresh.status]).toEqual([201, 201, 201]);
    expect(second.body).toEqual(first.body);
    expect(fresh.body).toEqual(first.body);

    // before confirmation: neither password is told apart from a wrong one
    const tries = await Promise.all(
      ['Attacker-Pass-2026', 'Owner-Pass-2026!', 'Neither-Pass-2026'].map((password) => api.post('/user/login', { email, password })),
    );
    expect(tries.map((r) => r.status)).toEqual([401, 401, 401]);
    expect(new Set(tries.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(tries[0].body.message).toBe('Wrong e-mail or password');

    // the attacker's link no longer confirms; the owner's does, with the owner's password and name
    const mails = await waitForMails(email, '/confirm/', 2);
    const token = (raw: string) => linkIn(raw, 'confirm')!.split('/confirm/')[1];
    const attackerToken = token(firstMail);
    const ownerToken = token(mails.find((m) => !m.includes(attackerToken))!);
    expect((await api.post('/user/confirm', { token: attackerToken })).status).toBe(400);
    expect((await api.post('/user/confirm', { token: ownerToken })).status).toBe(200);
    expect((await api.post('/user/login', { email, password: 'Attacker-Pass-2026' })).status).toBe(401);
    const owner = await api.post('/user/login', { email, password: 'Owner-Pass-2026!' });
    expect(owner.status).toBe(200);
    const [row] = await shop.db.select({ firstName: users.firstName }).from(users).where(eq(users.email, email));
    expect(row.firstName).toBe('Vera');
  });

  it('the log-in page offers a new confirmation link on a refused log-in without saying why', async () => {
    const email = `unconfirmed.${Date.now()}@example.ch`;
    await api.post('/user/addClient', registration({ email }));
    for (const password of [GOOD_PASSWORD, 'Wrong-Password-2026']) {
      const page = await http.postForm('/login', { email, password });
      expect(page.status).toBe(401);
      const html = await page.text();
      expect(html).toContain('Wrong e-mail or password');
      expect(html).not.toContain('confirm your e-mail');
      expect(html).toContain('data-testid="resend-confirmation"');
    }
  });
});

describe('wrong two-factor codes', () => {
  it('the log-in page (no scripts) says how long to wait and keeps its code step open for a recovery code', async () => {
    const a = await admin();
    const { recoveryCodes } = await withTwoFactor(a.id);
    const step = await http.postForm('/login', { email: a.email, password: GOOD_PASSWORD });
    const token = /name="token" value="([^"]+)"/.exec(await step.text())![1];
    const code = (otp: string) => http.postForm('/login', { intent: 'code', token, otp });
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
      login(shop, { email: a.email, password: GOOD_PASSWORD, otp }, { ip: `198.51.100.${i}` }).then(
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
    const api429 = await api.post('/user/login', { email: a.email, password: GOOD_PASSWORD, otp: '123456' });
    expect(api429.status).toBe(429);
    expect(api429.body.message).toMatch(/Too many wrong codes/);
  });
});

/** The database's refusal of `change` (drizzle wraps the driver's error as its `cause`), or `accepted`. */
const refusal = (change: PromiseLike<unknown>) =>
  Promise.resolve(change).then(
    () => 'accepted',
    (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
  );

describe('the audit log is append-only', () => {
  it('a plain UPDATE or DELETE of an entry is refused; the erasure still pseudonymises it', async () => {
    const c = await createCustomer(shop);
    await recordAudit(shop.db, { actor: 'admin:test', action: 'user.update', entity: 'user', entityId: c.id, after: { email: c.email, city: 'Zürich' } });
    const [entry] = await shop.db.select().from(auditLog).where(eq(auditLog.entityId, c.id));
    const byId = eq(auditLog.id, entry.id);

    expect(await refusal(shop.db.update(auditLog).set({ action: 'nothing.happened' }).where(byId))).toMatch(/append-only/);
    expect(
      await refusal(
        shop.db
          .update(auditLog)
          .set({ after: { email: 'x@example.ch' } })
          .where(byId),
      ),
    ).toMatch(/append-only/);
    expect(await refusal(shop.db.delete(auditLog).where(byId))).toMatch(/append-only/);
    // the erasure's setting opens before/after only, and only inside its own transaction
    const otherColumn = shop.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('shop.audit_erasure', 'on', true)`);
      await tx.update(auditLog).set({ actor: 'admin:someone-else' }).where(byId);
    });
    expect(await refusal(otherColumn)).toMatch(/append-only/);
    await shop.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('shop.audit_erasure', 'on', true)`);
    });
    expect(await refusal(shop.db.update(auditLog).set({ after: null }).where(byId))).toMatch(/append-only/);
    expect(await refusal(shop.db.delete(auditLog).where(byId))).toMatch(/append-only/);
    const [unchanged] = await shop.db.select().from(auditLog).where(byId);
    expect(unchanged).toEqual(entry);

    await eraseUser(shop, 'admin:test', c.id);
    const [scrubbed] = await shop.db.select().from(auditLog).where(byId);
    expect(JSON.stringify(scrubbed.after)).not.toContain(c.email);
    expect(scrubbed).toMatchObject({ id: entry.id, actor: entry.actor, action: entry.action, entityId: c.id, createdAt: entry.createdAt });
  });
});
