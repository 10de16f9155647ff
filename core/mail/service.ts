/**
 * Outgoing mail (docs/architecture.md: nodemailer). Every mail is first stored in
 * the outbox table, inside the caller's transaction when there is one; delivery happens after
 * commit and is retried (the `mail-outbox` job, core/jobs), so a mail is never lost when the SMTP server is down. Without
 * `SMTP_URL` mails stay in the outbox (`outbox_only`), readable by admins.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/index.ts';
import type { Shop } from '../shop-type.ts';
import { siteBrand } from '../config/browser.ts';
import { getSettings } from '../config/index.ts';
import { outbox, type StoredAttachment } from '../db/index.ts';
import { scrubLinks } from '../redact.ts';
import { expireLinks } from './expire.ts';

/** A mail to send. `html` is optional; `text` is always sent as the plain-text part. */
export type MailMessage = { to: string; subject: string; text: string; html?: string; attachments?: StoredAttachment[] };

/** Attempts before a mail is marked `failed` (it stays in the outbox for admins). */
const MAX_ATTEMPTS = 8;

/**
 * Stores a mail in the outbox, inside the transaction that causes the mail; {@link deliverOutbox}
 * sends it after the commit. The mail handlers (./queue.ts queueForEvent) do both.
 * @returns the outbox id.
 */
export async function queueMail(db: Db, mail: MailMessage, smtpConfigured: boolean): Promise<string> {
  const id = randomUUID();
  await db.insert(outbox).values({
    id,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    attachments: mail.attachments ?? [],
    status: smtpConfigured ? 'pending' : 'outbox_only',
  });
  return id;
}

const transports = new WeakMap<Shop, Transporter>();
function transportFor(shop: Shop): Transporter | null {
  if (!shop.env.SMTP_URL) return null;
  let t = transports.get(shop);
  if (!t) {
    t = nodemailer.createTransport(shop.env.SMTP_URL);
    transports.set(shop, t);
  }
  return t;
}

/** How long a claimed mail stays reserved for the process sending it, seconds. */
const DELIVERY_LEASE_S = 120;

/**
 * Claims up to 50 pending mails (oldest first) for this process: one statement that skips rows
 * another process holds (`FOR UPDATE SKIP LOCKED`) or has leased, and sets the lease, so every mail
 * is handed to exactly one process at a time.
 * @param ids only these mails; default every pending mail.
 */
async function claimPending(db: Db, ids?: string[]): Promise<Array<typeof outbox.$inferSelect>> {
  const free = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'pending'),
        lt(outbox.attempts, MAX_ATTEMPTS),
        or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, sql`now()`)),
        ids?.length ? inArray(outbox.id, ids) : undefined,
      ),
    )
    .orderBy(asc(outbox.createdAt))
    .limit(50)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(outbox)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${DELIVERY_LEASE_S})` })
    .where(inArray(outbox.id, free))
    .returning();
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * Sends pending outbox mails through SMTP (no-op without `SMTP_URL`). A failure is recorded and
 * retried on the next call, up to {@link MAX_ATTEMPTS}, with its body as queued; a sent mail's
 * confirmation and reset link tokens are blanked in the outbox at once (core/mail/expire.ts).
 * @param ids only these mails (e.g. the ones just queued); default every pending mail.
 * @returns how many were sent.
 */
export async function deliverOutbox(shop: Shop, ids?: string[]): Promise<number> {
  const transport = transportFor(shop);
  if (!transport) return 0;
  const settings = await getSettings(shop.db);
  const pending = await claimPending(shop.db, ids);
  let sent = 0;
  for (const m of pending) {
    try {
      await transport.sendMail({
        // the site's name as the sender's display name (the admin's brand), the shop's address
        from: { name: siteBrand(settings).name, address: settings.email },
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? undefined,
        attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') })),
      });
      await shop.db
        .update(outbox)
        // a sent mail needs its link no more: the stored copy keeps the mail, not a working token
        .set({
          status: 'sent',
          sentAt: new Date(),
          attempts: m.attempts + 1,
          lastError: null,
          lockedUntil: null,
          text: expireLinks(m.text),
          html: m.html === null ? null : expireLinks(m.html),
        })
        .where(eq(outbox.id, m.id));
      sent++;
    } catch (e) {
      const attempts = m.attempts + 1;
      await shop.db
        .update(outbox)
        .set({
          attempts,
          lastError: String((e as Error).message ?? e).slice(0, 500),
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          lockedUntil: null,
        })
        .where(eq(outbox.id, m.id));
      shop.log.warn({ err: e, mailId: m.id }, 'mail delivery failed; will retry');
    }
  }
  return sent;
}

/**
 * Days a mail kept without SMTP (`outbox_only`) stays worth sending: once `SMTP_URL` is set, the
 * `mail-outbox` job sends the younger ones (docs/operations.md, "E-mail"). Older ones stay in the outbox for
 * the admin: an order or shipping mail of last month would mislead more than it helps.
 */
export const OUTBOX_RELEASE_DAYS = 7;

/**
 * Hands the mails kept while no SMTP server was configured to delivery, now that one is: every
 * `outbox_only` mail younger than {@link OUTBOX_RELEASE_DAYS} days becomes `pending`, except mails
 * whose sign-in links were already blanked (core/mail/expire.ts): such a link cannot work any
 * more, and the customer asks for a new one. Idempotent; call only with `SMTP_URL` set.
 * @param now the current time (tests pass another).
 * @returns how many mails were handed to delivery.
 */
export async function releaseOutboxOnly(db: Db, now: Date = new Date()): Promise<number> {
  const since = new Date(now.getTime() - OUTBOX_RELEASE_DAYS * 86_400_000);
  const rows = await db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, lastError: null, lockedUntil: null })
    .where(and(eq(outbox.status, 'outbox_only'), gte(outbox.createdAt, since), sql`${outbox.text} !~ ${'/(reset|confirm|setup)/\\[expired\\]'}`))
    .returning({ id: outbox.id });
  return rows.length;
}

/** An outbox row as the admin outbox page shows it. */
export type OutboxEntry = typeof outbox.$inferSelect;

/**
 * The newest mails of the outbox, for admins, with every confirmation and reset link token
 * replaced by `[redacted]` (with or without SMTP).
 * @param page 1-based; `pageSize` rows per page.
 * @returns the rows (attachments reduced to their names) and the total count.
 */
export async function listOutbox(db: Db, page = 1, pageSize = 20): Promise<{ rows: OutboxEntry[]; total: number }> {
  const [{ n }] = await db.select({ n: count() }).from(outbox);
  const rows = await db
    .select()
    .from(outbox)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(pageSize)
    .offset((Math.max(1, page) - 1) * pageSize);
  // link tokens are hidden from admins, also without SMTP: an admin must not be able to confirm
  // an address that is not theirs or reset someone's password. Without SMTP the links reach the
  // person running a local trial through the server log (outside production; accounts/registration.ts).
  const hide = (t: string | null) => (t === null ? t : scrubLinks(t));
  return {
    rows: rows.map((r) => ({ ...r, text: hide(r.text) ?? '', html: hide(r.html), attachments: r.attachments.map((a) => ({ ...a, contentBase64: '' })) })),
    total: n,
  };
}

/**
 * Queues a mail outside any other transaction and tries to send it at once.
 * @returns the outbox id.
 */
export async function sendMail(shop: Shop, mail: MailMessage): Promise<string> {
  const id = await queueMail(shop.db, mail, Boolean(shop.env.SMTP_URL));
  await deliverOutbox(shop, [id]);
  return id;
}
