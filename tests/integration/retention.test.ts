/**
 * Retention purges (core/accounts/retention.ts), run directly with a chosen "now" as the scheduled
 * jobs will run them: old mail bodies emptied and old mails deleted (pending ones never), refresh
 * tokens of ended sessions deleted, expired or spent link tokens and stale two-factor set-ups
 * deleted; what is still needed stays.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, refreshTokens } from '../../core/db/schema/accounts.ts';
import { twoFactor } from '../../core/db/schema/accounts-two-factor.ts';
import { outbox } from '../../core/db/schema/mail.ts';
import { purgeExpiredTokens, purgeOldSessions, purgeOutboxBodies } from '../../core/accounts/retention.ts';
import type { Shop } from '../../core/shop.ts';
import { createCustomer } from '../helpers/customers.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
beforeAll(async () => {
  ({ shop } = await openTestSuite({ catalogue: null }));
}, 60_000);
afterAll(() => shop.close());

const DAY = 86_400_000;
const now = new Date('2027-06-01T03:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY);

describe('retention purges', () => {
  it('outbox: bodies of done mails after 30 days, rows after a year; pending mails and recent ones stay', async () => {
    const mail = (id: string, days: number, status: 'sent' | 'pending' | 'outbox_only') => ({
      id,
      to: 'zoë.d’arc@example.ch',
      subject: 'Ihre Bestellung',
      text: 'Guten Tag Zoë, …',
      html: '<p>Guten Tag Zoë</p>',
      attachments: [{ filename: 'Rechnung.pdf', contentType: 'application/pdf', contentBase64: 'JVBERi0=' }],
      status,
      createdAt: ago(days),
    });
    await shop.db
      .insert(outbox)
      .values([mail('recent', 5, 'sent'), mail('old', 40, 'outbox_only'), mail('ancient', 400, 'sent'), mail('stuck', 40, 'pending')]);
    expect(await purgeOutboxBodies(shop.db, now)).toBe('outbox: 1 bodies emptied, 1 mails deleted');
    const rows = Object.fromEntries((await shop.db.select().from(outbox)).map((r) => [r.id, r]));
    expect(rows.ancient).toBeUndefined();
    expect(rows.old).toMatchObject({ text: '', html: null, attachments: [], subject: 'Ihre Bestellung' });
    expect(rows.recent.text).toContain('Zoë');
    expect(rows.stuck.text).toContain('Zoë');
    expect(await purgeOutboxBodies(shop.db, now)).toBe('outbox: 0 bodies emptied, 0 mails deleted');
  });

  it('sessions: refresh tokens past their expiry or revoked over a day ago', async () => {
    const c = await createCustomer(shop);
    const token = (id: string, expiresAt: Date, revokedAt: Date | null = null) => ({
      id,
      userId: c.id,
      familyId: 'f',
      tokenHash: randomUUID(),
      expiresAt,
      revokedAt,
    });
    await shop.db
      .insert(refreshTokens)
      .values([token('live', ago(-10)), token('expired', ago(1)), token('revoked-old', ago(-10), ago(2)), token('revoked-now', ago(-10), ago(0.1))]);
    expect(await purgeOldSessions(shop.db, now)).toBe('sessions: 2 refresh tokens deleted');
    const left = (await shop.db.select({ id: refreshTokens.id }).from(refreshTokens).where(eq(refreshTokens.userId, c.id))).map((r) => r.id).sort();
    expect(left).toEqual(['live', 'revoked-now']);
  });

  it('tokens: expired or spent link tokens and two-factor set-ups unconfirmed for a day', async () => {
    const c = await createCustomer(shop);
    const d = await createCustomer(shop);
    const link = (tokenHash: string, expiresAt: Date, usedAt: Date | null = null) => ({
      tokenHash,
      userId: c.id,
      purpose: 'reset' as const,
      expiresAt,
      usedAt,
    });
    await shop.db
      .insert(emailTokens)
      .values([link('valid', ago(-1)), link('expired', ago(1)), link('used-long-ago', ago(-1), ago(3)), link('used-now', ago(-1), ago(0.1))]);
    await shop.db.insert(twoFactor).values([
      { userId: c.id, secretEnc: 'x', createdAt: ago(2) },
      { userId: d.id, secretEnc: 'y', createdAt: ago(2), confirmedAt: ago(2) },
    ]);
    expect(await purgeExpiredTokens(shop.db, now)).toBe('tokens: 2 link tokens and 1 unconfirmed two-factor set-ups deleted');
    expect((await shop.db.select({ h: emailTokens.tokenHash }).from(emailTokens).where(eq(emailTokens.userId, c.id))).map((r) => r.h).sort()).toEqual([
      'used-now',
      'valid',
    ]);
    expect((await shop.db.select().from(twoFactor)).map((r) => r.userId)).toEqual([d.id]);
  });
});
