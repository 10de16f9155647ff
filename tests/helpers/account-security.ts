/**
 * What the account-security test files share (admin two-factor policy, sessions ending at once,
 * registration squatting, the two-factor code budget): a suite with HTTP and SMTP whose log-in,
 * password, registration, confirmation and reset limits never trip, verified admins, two-factor
 * set-up with a code of a minute ago, the session cookies of a web log-in and the mails received.
 *
 * A file opens the suite and takes the helpers in one line:
 *
 * ```ts
 * const t = useAccountSuite();
 * const { admin, withTwoFactor } = t;
 * it('…', async () => expect((await t.api.post('/user/login', { email: (await admin()).email })).status).toBe(401));
 * ```
 */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import sharp from 'sharp';
import { adminCreateUser } from '../../core/accounts/admin.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE, cookieName } from '../../core/accounts/cookies.ts';
import { confirmTwoFactor, startTwoFactor } from '../../core/accounts/two-factor.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { setRateLimits } from '../../core/rate-limit/limiter.ts';
import { acceptReturn, requestReturn } from '../../core/returns/service.ts';
import type { Shop } from '../../core/shop.ts';
import { registration } from './accounts.ts';
import { type TestCustomer } from './customers.ts';
import { paidShippedOrder } from './payments.ts';
import { decodeQp, type TestSmtp } from './smtp.ts';
import { beforeAllOpen, openTestSuite } from './suite.ts';

/** Limits these files never reach (the limits themselves are tested with their real values). */
const WIDE = { ip: 10_000, account: 10_000, duration: 900 };

/**
 * A test suite with the HTTP application and an SMTP server, its log-in, password, registration,
 * confirmation and reset limits lifted (the two-factor code budget is left as it is).
 * @returns the suite; close it with `shop.close()` in `afterAll`.
 */
export async function openAccountSuite() {
  const suite = await openTestSuite({ http: true, smtp: true });
  await setRateLimits(suite.shop, { login: WIDE, password: WIDE, register: WIDE, confirm: WIDE, forgot: WIDE });
  return suite;
}

/** The API's token header for `token` (the contract spells it `accestoken`). */
export const bearer = (token: string) => ({ accestoken: token });
/** A minute ago: a two-factor code of then is valid now and leaves the current code unused. */
export const MINUTE_AGO = () => new Date(Date.now() - 60_000);
/** The TOTP code of `secret` at `at`. */
export const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/**
 * The helpers bound to the open suite `get` returns (read when a helper runs, not before).
 * `smtp` is needed only by `mailsTo` and `waitForMails`.
 */
export function accountHelpers(get: () => { shop: Shop; smtp?: TestSmtp }) {
  const accessName = () => cookieName(ACCESS_COOKIE, get().shop.env);
  const refreshName = () => cookieName(REFRESH_COOKIE, get().shop.env);

  /** A verified admin with the test password (locale as given). */
  async function admin(locale = 'en'): Promise<{ id: string; email: string }> {
    const { shop } = get();
    const reg = registration();
    const { id } = await adminCreateUser(shop.db, { ...reg, role: 'Admin' });
    await shop.db.update(users).set({ locale }).where(eq(users.id, id));
    return { id, email: reg.email };
  }

  /** Turns two-factor log-in on with a code of a minute ago (the current code stays unused). */
  async function withTwoFactor(userId: string): Promise<{ secret: string; recoveryCodes: string[] }> {
    const { shop } = get();
    const { secret } = await startTwoFactor(shop, userId);
    const at = MINUTE_AGO();
    const { recoveryCodes } = await confirmTwoFactor(shop, userId, await codeAt(secret, at), at);
    return { secret, recoveryCodes };
  }

  /** The mails the SMTP server received so far to `to` whose decoded text contains `text`. */
  const mailsTo = (to: string, text: string) => get().smtp!.mails.filter((m) => m.to.includes(to) && decodeQp(m.raw).includes(text));

  /** Waits (polling) until `n` mails to `to` contain `text`; throws after 10 s. */
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
    const { shop } = get();
    const o = await paidShippedOrder(shop, bob, 3, 'admin:test');
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
    const { refund } = await acceptReturn(shop, r.id, { restock: false }, 'admin:test');
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

  return { accessName, refreshName, admin, withTwoFactor, mailsTo, waitForMails, sessionCookie, bobWithDocuments };
}

/**
 * `openAccountSuite()` for the tests of the enclosing file or `describe` block (opened in
 * `beforeAll`, closed in `afterAll`), with the helpers of {@link accountHelpers} bound to it.
 * @returns the suite (its fields filled once `beforeAll` ran) and the helpers (usable in tests).
 */
export function useAccountSuite() {
  const suite = beforeAllOpen(openAccountSuite, 60_000);
  return Object.assign(
    suite,
    accountHelpers(() => suite),
  );
}
