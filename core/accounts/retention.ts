/**
 * Retention purges (revFADP art. 6 para. 4: personal data is destroyed once it is no longer
 * needed for its purpose), each meant to run as a scheduled job. Each takes the database and the
 * current time and answers a one-line summary for the job log.
 *
 * - {@link purgeOutboxBodies}: a mail's text, HTML and attachments are needed to deliver it and
 *   to answer "did you send me…" for a while; after {@link OUTBOX_BODY_DAYS} days only the
 *   envelope (recipient, subject, status, dates) stays, and after {@link OUTBOX_ROW_DAYS} days
 *   the row goes. Mails still pending delivery are never touched.
 * - {@link purgeOldSessions}: refresh tokens of sessions past their absolute expiry, and revoked
 *   ones after a day (kept that long so a replayed token still revokes its family meanwhile).
 * - {@link purgeExpiredTokens}: confirmation and reset links past their expiry or used more than a
 *   day ago, and two-factor set-ups never confirmed within a day.
 */
import { and, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { emailTokens, refreshTokens, twoFactor, outbox } from '../db/index.ts';
import type { Db } from '../db/index.ts';

/** Days a mail keeps its body (text, HTML, attachments) after it was written. */
const OUTBOX_BODY_DAYS = 30;
/** Days a mail's row (envelope) is kept. */
const OUTBOX_ROW_DAYS = 365;
/** Hours a revoked or used token is kept before it is deleted. */
const SPENT_TOKEN_HOURS = 24;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);
const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000);

/** Mail states that are done (delivered, kept without SMTP, or given up). */
const DONE = ['sent', 'outbox_only', 'failed'] as const;

/**
 * Empties the bodies of done mails older than {@link OUTBOX_BODY_DAYS} days and deletes done
 * mails older than {@link OUTBOX_ROW_DAYS} days.
 * @param now the current time (tests pass a later one).
 * @returns e.g. `outbox: 12 bodies emptied, 3 mails deleted`.
 */
export async function purgeOutboxBodies(db: Db, now: Date): Promise<string> {
  const deleted = await db
    .delete(outbox)
    .where(and(inArray(outbox.status, [...DONE]), lt(outbox.createdAt, daysBefore(now, OUTBOX_ROW_DAYS))))
    .returning({ id: outbox.id });
  const emptied = await db
    .update(outbox)
    .set({ text: '', html: null, attachments: [] })
    .where(
      and(
        inArray(outbox.status, [...DONE]),
        lt(outbox.createdAt, daysBefore(now, OUTBOX_BODY_DAYS)),
        // not emptied yet
        or(isNotNull(outbox.html), ne(outbox.text, ''), sql`jsonb_array_length(${outbox.attachments}) > 0`),
      ),
    )
    .returning({ id: outbox.id });
  return `outbox: ${emptied.length} bodies emptied, ${deleted.length} mails deleted`;
}

/**
 * Deletes refresh tokens past their expiry (the session's absolute end) and revoked ones older
 * than a day.
 * @returns e.g. `sessions: 40 refresh tokens deleted`.
 */
export async function purgeOldSessions(db: Db, now: Date): Promise<string> {
  const rows = await db
    .delete(refreshTokens)
    .where(or(lt(refreshTokens.expiresAt, now), lt(refreshTokens.revokedAt, hoursBefore(now, SPENT_TOKEN_HOURS))))
    .returning({ id: refreshTokens.id });
  return `sessions: ${rows.length} refresh tokens deleted`;
}

/**
 * Deletes e-mail link tokens past their expiry or used more than a day ago, and two-factor
 * set-ups left unconfirmed for a day.
 * @returns e.g. `tokens: 7 link tokens and 1 unconfirmed two-factor set-up deleted`.
 */
export async function purgeExpiredTokens(db: Db, now: Date): Promise<string> {
  const links = await db
    .delete(emailTokens)
    .where(or(lt(emailTokens.expiresAt, now), lt(emailTokens.usedAt, hoursBefore(now, SPENT_TOKEN_HOURS))))
    .returning({ hash: emailTokens.tokenHash });
  const setups = await db
    .delete(twoFactor)
    .where(and(isNull(twoFactor.confirmedAt), lt(twoFactor.createdAt, hoursBefore(now, SPENT_TOKEN_HOURS))))
    .returning({ userId: twoFactor.userId });
  return `tokens: ${links.length} link tokens and ${setups.length} unconfirmed two-factor set-ups deleted`;
}
