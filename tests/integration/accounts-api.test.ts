/**
 * Accounts through the JSON API, on PGlite or PostgreSQL (TEST_DATABASE_URL): mails go
 * to an in-process SMTP server and links are read from the received messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { issueAccessToken } from '../../core/accounts/auth.ts';
import { refreshTokens, users } from '../../core/db/schema/accounts.ts';
import { products } from '../../core/db/schema/catalogue.ts';
import { newAnonymousCartId } from '../../core/cart/service.ts';
import { outbox } from '../../core/db/schema/mail.ts';
import { setRateLimits } from '../../core/rate-limit/limiter.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { GOOD_PASSWORD, registration, roleUsers, userWithRole, type TestUser } from '../helpers/accounts.ts';
import { linkIn, startSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { cartsToMerge } from '../helpers/customers.ts';
import { beforeAllMake, openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  // generous limits for the suite (every call comes from the same in-process "IP"); the rate
  // limit tests at the end set small ones
  ({ shop, api } = await openTestSuite({ env: { SMTP_URL: smtp.url }, wideRateLimits: true }));
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});

/** No answer ever carries a password hash. */
function expectNoHash(body: unknown) {
  const s = JSON.stringify(body);
  expect(s).not.toMatch(/argon2/);
  expect(s).not.toMatch(/password_?hash/i);
}

const token = (link: string) => link.split('/').pop()!;

describe('registration with e-mail confirmation', () => {
  it('sends the confirmation mail through SMTP; the link confirms the account once; login is refused before', async () => {
    const reg = registration();
    const before = smtp.mails.length;
    const r = await api.post('/user/addClient', reg);
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ message: 'A confirmation email was sent, please verify' });

    const mails = await smtp.waitFor(before + 1);
    const mail = mails[mails.length - 1];
    expect(mail.to).toEqual([reg.email]);
    expect(mail.raw).toMatch(/multipart\/alternative/);
    expect(mail.raw).toMatch(/text\/html/);
    const link = linkIn(mail.raw, 'confirm');
    expect(link).toMatch(/^http:\/\/shop\.test\/confirm\/[A-Za-z0-9_-]{43}$/);
    const [row] = await shop.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.to, reg.email));
    expect(row.status).toBe('sent');

    const refused = await api.post('/user/login', { email: reg.email, password: GOOD_PASSWORD });
    expect(refused.status).toBe(401);
    // the same answer as a wrong password: an unconfirmed account never tells which password is right
    expect(refused.body.message).toBe('Wrong e-mail or password');

    const confirmed = await api.post('/user/confirm', { token: token(link!) });
    expect(confirmed.status).toBe(200);
    const again = await api.post('/user/confirm', { token: token(link!) });
    expect(again.status).toBe(400);

    const ok = await api.post('/user/login', { email: reg.email, password: GOOD_PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ role: 'Customer', message: 'Log in successfully' });
    expect(typeof ok.body.accesToken).toBe('string');
    expect(typeof ok.body.refreshToken).toBe('string');
    expect(typeof ok.body.userId).toBe('string');
    expectNoHash(ok.body);
  });

  it('stores the token hashed, never the clear token', async () => {
    const reg = registration();
    const before = smtp.mails.length;
    await api.post('/user/addClient', reg);
    const link = linkIn((await smtp.waitFor(before + 1))[before].raw, 'confirm')!;
    const rows = await shop.db.execute(sql`select token_hash from email_tokens`);
    const hashes = (rows as unknown as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash);
    expect(hashes).not.toContain(token(link));
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  });

  it('refuses anyone under 18 with a clear message', async () => {
    const d = new Date();
    const dob = `${d.getUTCFullYear() - 17}-01-01`;
    const r = await api.post('/user/addClient', registration({ dateOfBirth: dob }));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('You must be at least 18 years old to register');
    expect(r.body.fields.dateOfBirth).toMatch(/18/);
  });

  it("answers the specification's field messages, a Swiss postcode, and the password policy", async () => {
    const r = await api.post('/user/addClient', registration({ firstName: '', email: 'not-an-email' }));
    expect(r.status).toBe(400);
    expect(r.body.fields.firstName).toBe('The field is required');
    expect(r.body.fields.email).toBe('The email is invalid');
    const pc = await api.post('/user/addClient', registration({ address: { street: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin' } }));
    expect(pc.status).toBe(400);
    expect(pc.body.fields['address.postalCode']).toMatch(/4-digit/);
    const short = await api.post('/user/addClient', registration({ password: 'short' }));
    expect(short.status).toBe(400);
    expect(short.body.fields.password).toMatch(/at least 10/);
    const common = await api.post('/user/addClient', registration({ password: 'qwertyuiop' }));
    expect(common.status).toBe(400);
    expect(common.body.fields.password).toMatch(/too common/);
  });

  it('gives the same answer for a taken address and mails its owner instead; a new confirmation link can be requested', async () => {
    const reg = registration();
    let before = smtp.mails.length;
    await api.post('/user/addClient', reg);
    await smtp.waitFor(before + 1);
    before = smtp.mails.length;
    const r = await api.post('/user/addClient', { ...reg, password: 'Another-Password-77' });
    expect(r.status).toBe(201);
    expect(r.body.message).toBe('A confirmation email was sent, please verify');
    await smtp.waitFor(before + 1);
    before = smtp.mails.length;
    const again = await api.post('/user/resend-confirmation', { email: reg.email });
    expect(again.status).toBe(200);
    const link = linkIn((await smtp.waitFor(before + 1))[before].raw, 'confirm')!;
    expect((await api.post('/user/confirm', { token: token(link) })).status).toBe(200);
    // an address never confirmed starts afresh: the newest registration's password is the account's
    expect((await api.post('/user/login', { email: reg.email, password: 'Another-Password-77' })).status).toBe(200);
    expect((await api.post('/user/login', { email: reg.email, password: GOOD_PASSWORD })).status).toBe(401);
  });

  it('refuses an expired confirmation link', async () => {
    const reg = registration();
    const before = smtp.mails.length;
    await api.post('/user/addClient', reg);
    const link = linkIn((await smtp.waitFor(before + 1))[before].raw, 'confirm')!;
    await shop.db.execute(sql`update email_tokens set expires_at = now() - interval '1 minute' where used_at is null`);
    const r = await api.post('/user/confirm', { token: token(link) });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/invalid|expired/i);
  });
});

describe('login', () => {
  it('answers the same for an unknown e-mail and a wrong password', async () => {
    const u = await userWithRole(shop, api, 'Customer');
    const wrong = await api.post('/user/login', { email: u.email, password: 'Wrong-Password-123' });
    const unknown = await api.post('/user/login', { email: 'nobody.here@example.ch', password: 'Wrong-Password-123' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });
});

describe('tokens', () => {
  it('answers 417 for an expired access token; refresh rotates; reusing a spent refresh token revokes the family', async () => {
    const u = await userWithRole(shop, api, 'Customer');
    const expired = await issueAccessToken(shop, { userId: u.userId, role: 'Customer' }, -5);
    const r417 = await api.get(`/user/getUser?userID=${u.userId}`, { accestoken: expired });
    expect(r417.status).toBe(417);

    const r1 = await api.post('/token/refresh', { refreshToken: u.refreshToken });
    expect(r1.status).toBe(200);
    expect(r1.body.refreshToken).not.toBe(u.refreshToken);
    const ok = await api.get(`/user/getUser?userID=${u.userId}`, { accestoken: r1.body.accesToken });
    expect(ok.status).toBe(200);

    const reuse = await api.post('/token/refresh', { refreshToken: u.refreshToken });
    expect(reuse.status).toBe(401);
    // the whole family is gone, including the token issued by the rotation
    const after = await api.post('/token/refresh', { refreshToken: r1.body.refreshToken });
    expect(after.status).toBe(401);
    // another login (another family) is unaffected
    const other = await api.post('/user/login', { email: u.email, password: GOOD_PASSWORD });
    expect((await api.post('/token/refresh', { refreshToken: other.body.refreshToken })).status).toBe(200);
  });

  it('accepts Authorization: Bearer and refuses a forged token', async () => {
    const u = await userWithRole(shop, api, 'Customer');
    expect((await api.get(`/user/getUser?userID=${u.userId}`, { authorization: `Bearer ${u.accesToken}` })).status).toBe(200);
    const forged = u.accesToken.slice(0, -3) + (u.accesToken.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await api.get(`/user/getUser?userID=${u.userId}`, { accestoken: forged })).status).toBe(401);
  });

  it('logout revokes the session', async () => {
    const u = await userWithRole(shop, api, 'Customer');
    expect((await api.post('/user/logout', { refreshToken: u.refreshToken })).status).toBe(200);
    expect((await api.post('/token/refresh', { refreshToken: u.refreshToken })).status).toBe(401);
  });
});

describe('user data belongs to its user', () => {
  let a: TestUser;
  let b: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    a = await userWithRole(shop, api, 'Customer');
    b = await userWithRole(shop, api, 'Customer');
    admin = await userWithRole(shop, api, 'Admin');
  });

  it('getUser: own data without a hash; 403 for another user; any for an admin; 401 anonymous', async () => {
    const own = await api.get(`/user/getUser?userID=${a.userId}`, a.h);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ _id: a.userId, email: a.email, role: 'Customer', address: { postalCode: '8001', country: 'CH' } });
    expect(Object.keys(own.body)).not.toContain('password');
    expectNoHash(own.body);
    expect((await api.get(`/user/getUser?userID=${b.userId}`, a.h)).status).toBe(403);
    const byAdmin = await api.get(`/user/getUser?userID=${b.userId}`, admin.h);
    expect(byAdmin.status).toBe(200);
    expectNoHash(byAdmin.body);
    expect((await api.get(`/user/getUser?userID=${a.userId}`)).status).toBe(401);
  });

  it("updateProfile and changePassword refuse another user's id", async () => {
    const profile = { firstName: 'Eve', lastName: 'X', phone: '+41 79 000 00 00', address: { street: 'Weg 1', postalCode: '3000', city: 'Bern' } };
    expect((await api.post('/user/updateProfile', { ...profile, userID: b.userId }, a.h)).status).toBe(403);
    expect((await api.post('/user/changePassword', { userID: b.userId, currentPassword: GOOD_PASSWORD, newPassword: 'Brand-New-Pass-99' }, a.h)).status).toBe(
      403,
    );
    const mine = await api.post('/user/updateProfile', { ...profile, userID: a.userId }, a.h);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ firstName: 'Eve', address: { city: 'Bern', postalCode: '3000' } });
    expectNoHash(mine.body);
    const [bRow] = await shop.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, b.userId));
    expect(bRow.firstName).toBe('Ana');
  });

  it("cart calls need the owner's token for a registered user's cart", async () => {
    const [p] = await shop.db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.stock} > 5 and ${products.active}`)
      .limit(1);
    expect((await api.get(`/cart/carts?userID=${b.userId}`)).status).toBe(401);
    expect((await api.get(`/cart/carts?userID=${b.userId}`, a.h)).status).toBe(403);
    expect((await api.post('/cart/addProduct', { productID: p.id, userID: b.userId, count: 1 }, a.h)).status).toBe(403);
    expect((await api.post('/cart/delete', { productID: p.id, userID: b.userId }, a.h)).status).toBe(403);
    expect((await api.post('/cart/merge', { userID: b.userId, tempUserID: newAnonymousCartId() }, a.h)).status).toBe(403);
    // nor can anyone pull another user's cart into theirs as a "temporary" cart
    expect((await api.post('/cart/merge', { userID: a.userId, tempUserID: b.userId }, a.h)).status).toBe(403);
    expect((await api.post('/cart/addProduct', { productID: p.id, userID: b.userId, count: 1 }, b.h)).status).toBe(200);
    expect((await api.get(`/cart/carts?userID=${b.userId}`, b.h)).body.products).toHaveLength(1);
    expect((await api.get(`/cart/carts?userID=${b.userId}`, admin.h)).status).toBe(200);
    // an anonymous id is its own credential; a short one is refused
    expect((await api.get(`/cart/carts?userID=${newAnonymousCartId()}`)).status).toBe(200);
    expect((await api.get('/cart/carts?userID=short')).status).toBe(400);
  });

  it('cart/merge adds counts of the same product, capped by stock, and empties the anonymous cart', async () => {
    const u = await userWithRole(shop, api, 'Customer');
    const { p, q, anon } = await cartsToMerge(shop, u.userId, { stock: 4, anonymous: [3, 1], own: [2, 1] });
    const r = await api.post('/cart/merge', { userID: u.userId, tempUserID: anon }, u.h);
    expect(r.status).toBe(200);
    const counts = Object.fromEntries(r.body.cart.products.map((e: { count: number; product_data: { _id: string } }) => [e.product_data._id, e.count]));
    expect(counts[p.id]).toBe(4);
    expect(counts[q.id]).toBe(2);
    expect((await api.get(`/cart/carts?userID=${anon}`)).body.products).toHaveLength(0);
    expect((await api.post('/cart/merge', { userID: u.userId, tempUserID: anon })).status).toBe(401);
  });
});

describe('admin calls', () => {
  const people = beforeAllMake(() => roleUsers(shop, api));
  const calls = (target: string) => [
    (h?: Record<string, string>) => api.get('/user/list', h),
    (h?: Record<string, string>) => api.post('/user/setRole', { userID: target, role: 'Influencer' }, h),
    (h?: Record<string, string>) => api.post('/email/send', { recipient: 'test@example.ch', subject: 'Test', content: 'Hello <b>' }, h),
  ];

  it('are refused for anonymous (401), Customer and Influencer (403), allowed for Admin', async () => {
    for (const call of calls(people.customer.userId)) {
      expect((await call()).status).toBe(401);
      expect((await call(people.customer.h)).status).toBe(403);
      expect((await call(people.influencer.h)).status).toBe(403);
      const ok = await call(people.admin.h);
      expect(ok.status).toBe(200);
      expectNoHash(ok.body);
    }
    const list = await api.get('/user/list', people.admin.h);
    expect(list.body.users.length).toBeGreaterThan(2);
  });

  it('email/send goes through SMTP to one recipient, escaped in HTML', async () => {
    const before = smtp.mails.length;
    const r = await api.post('/email/send', { recipient: 'someone@example.ch', subject: 'Check', content: 'Line <script>' }, people.admin.h);
    expect(r.status).toBe(200);
    const mail = (await smtp.waitFor(before + 1))[before];
    expect(mail.to).toEqual(['someone@example.ch']);
    expect(mail.raw).toContain('&lt;script&gt;');
  });
});

describe('forgot and reset by e-mail', () => {
  it('same answer for unknown addresses; the reset link sets a new password once and ends every session', async () => {
    const u = await userWithRole(shop, api, 'Customer');
    const unknown = await api.post('/user/forgot', { email: 'nobody.at.all@example.ch' });
    const before = smtp.mails.length;
    const known = await api.post('/user/forgot', { email: u.email });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const mails = await smtp.waitFor(before + 1);
    expect(smtp.mails.length).toBe(before + 1);
    const link = linkIn(mails[before].raw, 'reset')!;
    expect(link).toMatch(/\/reset\//);

    const weak = await api.post('/user/confirm-forgot', { token: token(link), password: 'password123' });
    expect(weak.status).toBe(400);
    const r = await api.post('/user/confirm-forgot', { token: token(link), password: 'Fresh-Cohiba-Pass-1' });
    expect(r.status).toBe(200);
    expect((await api.post('/user/confirm-forgot', { token: token(link), password: 'Another-Cohiba-2' })).status).toBe(400);
    expect((await api.post('/token/refresh', { refreshToken: u.refreshToken })).status).toBe(401);
    expect((await api.post('/user/login', { email: u.email, password: GOOD_PASSWORD })).status).toBe(401);
    expect((await api.post('/user/login', { email: u.email, password: 'Fresh-Cohiba-Pass-1' })).status).toBe(200);
  });

  it('a reset link expires after 1 hour', async () => {
    const u = await userWithRole(shop, api, 'Customer');
    const before = smtp.mails.length;
    await api.post('/user/forgot', { email: u.email });
    const link = linkIn((await smtp.waitFor(before + 1))[before].raw, 'reset')!;
    await shop.db.execute(sql`update email_tokens set expires_at = now() - interval '1 second' where purpose = 'reset' and used_at is null`);
    expect((await api.post('/user/confirm-forgot', { token: token(link), password: 'Fresh-Cohiba-Pass-1' })).status).toBe(400);
  });

  it('changing the password asks the current one and signs out the other sessions', async () => {
    const u = await userWithRole(shop, api, 'Customer');
    const second = await api.post('/user/login', { email: u.email, password: GOOD_PASSWORD });
    const wrong = await api.post('/user/changePassword', { userID: u.userId, currentPassword: 'Not-The-Password-1', newPassword: 'Brand-New-Pass-99' }, u.h);
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.currentPassword).toBeTruthy();
    const ok = await api.post(
      '/user/changePassword',
      { userID: u.userId, currentPassword: GOOD_PASSWORD, newPassword: 'Brand-New-Pass-99', refreshToken: u.refreshToken },
      u.h,
    );
    expect(ok.status).toBe(200);
    expect((await api.post('/token/refresh', { refreshToken: second.body.refreshToken })).status).toBe(401);
    expect((await api.post('/token/refresh', { refreshToken: u.refreshToken })).status).toBe(200);
    const revoked = await shop.db.select().from(refreshTokens).where(eq(refreshTokens.userId, u.userId));
    expect(revoked.some((t) => t.revokedAt)).toBe(true);
  });
});

describe('rate limits', () => {
  it('answer 429 on login, per account and per IP', async () => {
    await setRateLimits(shop, { login: { ip: 6, account: 3, duration: 60 } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.post('/user/login', { email: 'victim@example.ch', password: 'Wrong-Password-1' })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await api.post('/user/login', { email: 'victim@example.ch', password: 'Wrong-Password-1' });
    expect(limited.body.message).toMatch(/Too many attempts/);
    // the IP counter is shared across accounts
    const more: number[] = [];
    for (let i = 0; i < 3; i++) more.push((await api.post('/user/login', { email: `other${i}@example.ch`, password: 'Wrong-Password-1' })).status);
    expect(more).toContain(429);
  });

  it('answer 429 on registration, forgot and confirm-forgot', async () => {
    await setRateLimits(shop, {
      register: { ip: 1, account: 1, duration: 60 },
      forgot: { ip: 1, account: 1, duration: 60 },
      reset: { ip: 1, account: 1, duration: 60 },
    });
    await api.post('/user/addClient', registration());
    expect((await api.post('/user/addClient', registration())).status).toBe(429);
    await api.post('/user/forgot', { email: 'x1@example.ch' });
    expect((await api.post('/user/forgot', { email: 'x2@example.ch' })).status).toBe(429);
    await api.post('/user/confirm-forgot', { token: 'a'.repeat(43), password: 'Fresh-Cohiba-Pass-1' });
    expect((await api.post('/user/confirm-forgot', { token: 'a'.repeat(43), password: 'Fresh-Cohiba-Pass-1' })).status).toBe(429);
  });
});

describe('OpenAPI', () => {
  it('documents every accounts call', async () => {
    const doc = (await api.get('/openapi.json')).body;
    for (const p of [
      '/user/addClient',
      '/user/confirm',
      '/user/forgot',
      '/user/confirm-forgot',
      '/user/login',
      '/user/getUser',
      '/token/refresh',
      '/cart/merge',
      '/email/send',
    ])
      expect(Object.keys(doc.paths)).toContain(p);
  });
});
