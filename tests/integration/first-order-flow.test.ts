/**
 * A new customer's first order in one flow, through the whole HTTP application on a real
 * database: checkout tells an anonymous visitor why an account is needed and offers to create
 * one; registration keeps `redirectTo` (same-site paths only) and the anonymous cart; the
 * confirmation link signs the customer in (session cookies as the log-in sets them) and lands on
 * the saved page with the cart, also on another device; the link works once and never signs in
 * an account with two-factor log-in (code step instead). The admin marks an address confirmed or
 * sends a new link (audited; refused to a non-admin).
 */
import { describe, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import { generate } from 'otplib';
import { registerUser, resendConfirmation } from '../../core/accounts/registration.ts';
import { confirmTwoFactor, startTwoFactor } from '../../core/accounts/two-factor.ts';
import { auditLog } from '../../core/db/schema/audit.ts';
import { emailTokens, users } from '../../core/db/schema/accounts.ts';
import { products } from '../../core/db/schema/catalogue.ts';
import { outbox } from '../../core/db/schema/mail.ts';
import { getCart, newAnonymousCartId } from '../../core/cart/service.ts';
import { registration, GOOD_PASSWORD } from '../helpers/accounts.ts';
import { roleCookies } from '../helpers/http.ts';
import { linkIn } from '../helpers/smtp.ts';
import { useTestSuite } from '../helpers/suite.ts';

const t = useTestSuite({ http: true, wideRateLimits: true }, async ({ shop }) => roleCookies(shop));
const meta = { origin: 'http://shop.test', lang: 'en' as const, ip: '10.0.0.7' };

/** The form fields of /register for a registration payload. */
function registerForm(reg: ReturnType<typeof registration>, extra: Record<string, string> = {}): Record<string, string> {
  return {
    firstName: reg.firstName,
    lastName: reg.lastName,
    email: reg.email,
    phone: reg.phone,
    password: GOOD_PASSWORD,
    passwordConfirm: GOOD_PASSWORD,
    dateOfBirth: reg.dateOfBirth,
    street: reg.address.street,
    postalCode: reg.address.postalCode,
    city: reg.address.city,
    country: 'CH',
    ...extra,
  };
}

/** The token of the newest confirmation mail to `email` (the shop runs without SMTP: the outbox keeps it). */
async function confirmToken(email: string): Promise<string> {
  const mails = await t.shop.db.select().from(outbox).where(eq(outbox.to, email));
  const link = mails
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((m) => linkIn(m.text, 'confirm'))
    .find(Boolean);
  if (!link) throw new Error(`no confirmation mail to ${email}`);
  return link.split('/').at(-1)!;
}

const accessCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('access_token=') && !c.startsWith('access_token=;'))
    ?.split(';')[0];

async function productInStock(): Promise<{ id: string; name: string }> {
  const [p] = await t.shop.db.select({ id: products.id, name: products.name }).from(products).where(gt(products.stock, 5)).limit(1);
  return p;
}

describe('checkout for an anonymous visitor', () => {
  it('the cart page and the log-in page reached from checkout say why an account is needed and offer to create one, keeping redirectTo', async () => {
    const cart = `cart_id=${newAnonymousCartId()}`;
    const p = await productInStock();
    expect((await t.http.postForm('/shopcart', { intent: 'add', productId: p.id, count: '1' }, cart)).status).toBe(302);
    for (const path of ['/shopcart', '/login?redirectTo=%2Fpayment']) {
      const html = await (await t.http.fetch(path, { cookie: cart })).text();
      expect(html, path).toContain('data-testid="checkout-account"');
      expect(html, path).toContain('An order needs a customer account');
      expect(html, path).toContain('href="/register?redirectTo=%2Fpayment"');
    }
    // a plain log-in page has no such box
    expect(await (await t.http.fetch('/login', { cookie: cart })).text()).not.toContain('data-testid="checkout-account"');
    // the registration form reached from there keeps the redirect in a hidden field
    const form = await (await t.http.fetch('/register?redirectTo=%2Fpayment', { cookie: cart })).text();
    expect(form).toMatch(/name="redirectTo" value="\/payment"/);
  });

  it('register with redirectTo and a cart, confirm on another device: signed in, on /payment, with the cart', async () => {
    const phone = `cart_id=${newAnonymousCartId()}`;
    const p = await productInStock();
    await t.http.postForm('/shopcart', { intent: 'add', productId: p.id, count: '2' }, phone);
    const reg = registration();
    const registered = await t.http.postForm('/register?redirectTo=%2Fpayment', registerForm(reg, { redirectTo: '/payment' }), phone);
    expect(registered.status).toBe(200);
    expect(await registered.text()).toContain('it signs you in and takes you back to your order, with your cart');
    const token = await confirmToken(reg.email);

    // the link is opened on a laptop with a cart of its own (empty): GET shows the button, spends nothing
    const laptop = `cart_id=${newAnonymousCartId()}`;
    expect(await (await t.http.fetch(`/confirm/${token}`, { cookie: laptop })).text()).toContain('data-testid="confirm-email"');
    const confirmed = await t.http.postForm(`/confirm/${token}`, { intent: 'confirm' }, laptop);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe('/payment');
    const session = accessCookie(confirmed);
    expect(session).toBeTruthy();
    expect(confirmed.headers.getSetCookie().some((c) => c.startsWith('refresh_token=') && c.includes('HttpOnly'))).toBe(true);

    const [u] = await t.shop.db.select().from(users).where(eq(users.email, reg.email));
    expect(u.emailVerifiedAt).not.toBeNull();
    const cart = await getCart(t.shop.db, u.id);
    expect(cart.lines.map((l) => [l.product.id, l.count])).toEqual([[p.id, 2]]);
    const pay = await t.http.fetch('/payment', { cookie: session!, redirect: 'manual' });
    expect(pay.status).toBe(200);
    expect(await pay.text()).toContain(p.name);

    // the link works once: a second press neither signs in nor confirms again
    const again = await t.http.postForm(`/confirm/${token}`, { intent: 'confirm' }, laptop);
    expect(again.status).toBe(400);
    expect(accessCookie(again)).toBeUndefined();
    expect(await again.text()).toContain('This link is invalid, has expired or was already used.');
  });

  it('keeps only same-site redirects with the link (an absolute or protocol-relative one is dropped)', async () => {
    for (const evil of ['//evil.example/payment', 'https://evil.example/', '/\\evil.example']) {
      const reg = registration();
      await registerUser(t.shop, reg, meta, { redirectTo: evil });
      const [row] = await t.shop.db
        .select({ redirectTo: emailTokens.redirectTo })
        .from(emailTokens)
        .innerJoin(users, eq(users.id, emailTokens.userId))
        .where(eq(users.email, reg.email));
      expect(row.redirectTo, evil).toBeNull();
      const res = await t.http.postForm(`/confirm/${await confirmToken(reg.email)}`, { intent: 'confirm' });
      expect(res.status, evil).toBe(302);
      expect(res.headers.get('location'), evil).toBe('/');
    }
  });

  it('a resent link continues to the same page; once one link is used, the other cannot sign in', async () => {
    const reg = registration();
    await registerUser(t.shop, reg, meta, { redirectTo: '/payment' });
    const first = await confirmToken(reg.email);
    await resendConfirmation(t.shop, reg.email, meta);
    await new Promise((r) => setTimeout(r, 50)); // the resend mail is queued after the answer
    const second = await confirmToken(reg.email);
    expect(second).not.toBe(first);
    const used = await t.http.postForm(`/confirm/${second}`, { intent: 'confirm' });
    expect(used.headers.get('location')).toBe('/payment');
    const stale = await t.http.postForm(`/confirm/${first}`, { intent: 'confirm' });
    expect(stale.status).toBe(400);
    expect(accessCookie(stale)).toBeUndefined();
  });

  it('a link of an account with two-factor log-in confirms and asks for the code instead of signing in', async () => {
    const reg = registration();
    const { userId } = await registerUser(t.shop, reg, meta, { redirectTo: '/admin/home' });
    await t.shop.db.update(users).set({ role: 'Admin' }).where(eq(users.id, userId!));
    const { secret } = await startTwoFactor(t.shop, userId!);
    const at = new Date(Date.now() - 60_000);
    await confirmTwoFactor(t.shop, userId!, await generate({ secret, epoch: Math.floor(at.getTime() / 1000) }), at);

    const res = await t.http.postForm(`/confirm/${await confirmToken(reg.email)}`, { intent: 'confirm' });
    expect(res.status).toBe(200);
    expect(accessCookie(res)).toBeUndefined();
    const html = await res.text();
    expect(html).toContain('Your account uses two-factor log-in');
    expect(html).toContain('name="otp"');
    const codeStep = /name="token" value="([^"]+)"/.exec(html)![1];
    const done = await t.http.postForm('/login?redirectTo=%2Fadmin%2Fhome', {
      intent: 'code',
      token: codeStep,
      otp: await generate({ secret }),
      redirectTo: '/admin/home',
    });
    expect(done.status).toBe(200);
    expect(accessCookie(done)).toBeTruthy();
  });
});

describe('admin: unconfirmed e-mail addresses', () => {
  it('marks an address confirmed and resends the link, audited, with a message; not offered once confirmed', async () => {
    const reg = registration();
    const { userId } = await registerUser(t.shop, reg, meta, { redirectTo: '/payment' });
    const page = `/admin/user/details?id=${userId}`;
    const before = await (await t.http.fetch(page, { cookie: t.admin })).text();
    expect(before).toContain('data-testid="unconfirmed-email"');
    expect(before).toContain('name="intent" value="confirmEmail"');
    expect(before).toContain('name="intent" value="resendConfirm"');

    const resent = await t.http.postForm(page, { intent: 'resendConfirm' }, t.admin);
    expect(resent.status).toBe(200);
    expect(await resent.text()).toContain(`A new confirmation link was sent to ${reg.email}.`);
    const mails = await t.shop.db.select().from(outbox).where(eq(outbox.to, reg.email));
    expect(mails).toHaveLength(2);
    const tokens = await t.shop.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, userId!), eq(emailTokens.purpose, 'confirm')));
    expect(tokens.map((r) => r.redirectTo)).toEqual(['/payment', '/payment']);

    const marked = await t.http.postForm(page, { intent: 'confirmEmail' }, t.admin);
    expect(marked.status).toBe(200);
    expect(await marked.text()).toContain(`The e-mail address ${reg.email} is marked confirmed`);
    const [u] = await t.shop.db.select().from(users).where(eq(users.id, userId!));
    expect(u.emailVerifiedAt).not.toBeNull();
    const audit = await t.shop.db.select().from(auditLog).where(eq(auditLog.entityId, userId!));
    expect(audit.map((a) => a.action).sort()).toEqual(['user.confirmEmail', 'user.confirmMail']);
    expect(audit.every((a) => a.actor.startsWith('admin:'))).toBe(true);
    // the open links are spent: none of them signs in later
    const open = await t.shop.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, userId!), eq(emailTokens.purpose, 'confirm')));
    expect(open.every((r) => r.usedAt !== null)).toBe(true);

    const after = await (await t.http.fetch(page, { cookie: t.admin })).text();
    expect(after).not.toContain('data-testid="unconfirmed-email"');
    expect(after).not.toContain('name="intent" value="confirmEmail"');
    expect(after).not.toContain('name="intent" value="resendConfirm"');
    const twice = await t.http.postForm(page, { intent: 'confirmEmail' }, t.admin);
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain('This e-mail address is confirmed already.');
  });

  it('refuses both actions to a customer', async () => {
    const { userId } = await registerUser(t.shop, registration(), meta);
    for (const intent of ['confirmEmail', 'resendConfirm']) {
      const res = await t.http.postForm(`/admin/user/details?id=${userId}`, { intent }, t.customer);
      expect(res.status, intent).toBe(403);
    }
    const [u] = await t.shop.db.select().from(users).where(eq(users.id, userId!));
    expect(u.emailVerifiedAt).toBeNull();
    expect(await t.shop.db.select().from(auditLog).where(eq(auditLog.entityId, userId!))).toHaveLength(0);
  });
});
