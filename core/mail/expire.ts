/**
 * Outbox bodies with sign-in links do not stay forever: a mail handed to SMTP loses its
 * password-reset and confirmation link tokens at once ({@link expireLinks}, core/mail/service.ts);
 * one kept without SMTP (`outbox_only`, where the link reaches the person running a trial) loses
 * them after {@link LINK_BODY_TTL_HOURS}: the tokens in its text and HTML are replaced by
 * `[expired]`. Run by the `mail-link-expiry` job (core/jobs).
 */
import { sql } from 'drizzle-orm';
import { resultRows, type Db } from '../db/index.ts';

/** How long a stored mail keeps its link tokens, hours (the confirmation link's lifetime). */
const LINK_BODY_TTL_HOURS = 24;

/** A confirmation or reset link's token in a mail body (what {@link expireLinkBodies} blanks, in SQL). */
const LINK_TOKEN = /\/(reset|confirm)\/[^/?#\s"'<>[]+/g;

/**
 * A mail body with its confirmation and reset link tokens replaced by `[expired]`, as
 * {@link expireLinkBodies} leaves it: the delivery writes a sent mail back this way at once, so
 * that the outbox (and any backup of it) never holds a working link of a mail already sent.
 */
export function expireLinks(body: string): string {
  return body.replace(LINK_TOKEN, '/$1/[expired]');
}

/**
 * Blanks the link tokens of older mails.
 * @param now the current time (tests pass a later one).
 * @returns the number of mails changed.
 */
export async function expireLinkBodies(db: Db, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - LINK_BODY_TTL_HOURS * 3600_000);
  const pattern = `/(reset|confirm)/[^/?#[:space:]"'<>\\[]+`;
  const res = await db.execute(sql`
    update mail_outbox
       set text = regexp_replace(text, ${pattern}, '/\\1/[expired]', 'g'),
           html = case when html is null then null else regexp_replace(html, ${pattern}, '/\\1/[expired]', 'g') end
     where created_at < ${before.toISOString()}::timestamptz
       and status <> 'pending'
       and text ~ ${pattern}
    returning id`);
  return resultRows(res).length;
}
