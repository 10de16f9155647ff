/**
 * Forgot password and resend confirmation do the same work for known and unknown addresses
 * (SECURITY.md, first review, finding 10, and the second review's resend-confirmation timing): the
 * same answer, as many SQL statements, and no wait for the mail server. The shop here mails through
 * an SMTP server that never answers, so it is opened by hand rather than with the suite helper.
 */
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, emailTokens } from '../../core/db/schema/accounts.ts';
import { adminCreateUser, requestPasswordReset, resendConfirmation } from '../../core/accounts/index.ts';
import { getSettings } from '../../core/config/service.ts';
import { queryCount } from '../../core/db/client.ts';
import { outbox } from '../../core/db/schema/mail.ts';
import { setRateLimits } from '../../core/rate-limit/limiter.ts';
import type { Shop } from '../../core/shop.ts';
import { customerWithPassword, registration } from '../helpers/accounts.ts';
import { createTestShop } from '../helpers/shop.ts';

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
