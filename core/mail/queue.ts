/**
 * What every mail handler (./handlers.ts) does with the mail it made: queue it in the outbox
 * inside the event's transaction, and hand it to SMTP after the commit, the mails of one
 * transaction in one delivery. Without `SMTP_URL` the mail stays in the outbox.
 */
import { publicOrigin } from '../config/browser.ts';
import type { Db } from '../db/index.ts';
import type { EventContext } from '../events/index.ts';
import type { Locale } from '../i18n/browser.ts';
import type { Shop } from '../shop-type.ts';
import { shopForMail } from './compose.ts';
import { escapeHtml, MAIL_COLOURS, mailLayout } from './layout.ts';
import { deliverOutbox, queueMail, type MailMessage } from './service.ts';

/** The outbox ids queued in one transaction (by its event scope), delivered together after its commit. */
const queuedIn = new WeakMap<object, string[]>();

async function deliver(shop: Shop, ids: string[]): Promise<void> {
  await deliverOutbox(shop, ids).catch((err: unknown) => shop.log.warn({ err }, 'mail delivery failed; the outbox job retries'));
}

/**
 * Queues `mail` in the event's transaction; after the commit it is delivered with the other
 * mails of that transaction, or, with `opts.background`, after the caller has answered (a
 * self-service link request: neither SMTP nor the account's existence shows in its timing).
 * @returns the outbox id.
 */
export async function queueForEvent(shop: Shop, ctx: EventContext<Db>, mail: MailMessage, opts: { background?: boolean } = {}): Promise<string> {
  const id = await queueMail(ctx.tx, mail, Boolean(shop.env.SMTP_URL));
  if (!shop.env.SMTP_URL) return id;
  if (opts.background) {
    ctx.afterCommit(() => void setImmediate(() => void deliver(shop, [id])));
    return id;
  }
  let ids = queuedIn.get(ctx.scope);
  if (!ids) {
    const list: string[] = [];
    queuedIn.set(ctx.scope, list);
    ctx.afterCommit(() => deliver(shop, list));
    ids = list;
  }
  ids.push(id);
  return id;
}

/** Plain text as HTML: escaped, every web address a link, line breaks kept. */
function linkedHtml(text: string): string {
  return escapeHtml(text)
    .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" style="color:${MAIL_COLOURS.brand};word-break:break-all">${url}</a>`)
    .replace(/\n/g, '<br>');
}

/**
 * Gives a mail written as plain text its HTML part on the one frame ({@link mailLayout}) in
 * `lang`, with its direction: each paragraph of the text (a blank line apart) a paragraph, web
 * addresses as links. The text part stays as it is.
 * @param settings the brand and company of the frame; env the shop's public origin (the logo's address).
 */
export function withHtml(lang: Locale, mail: MailMessage, settings: Parameters<typeof shopForMail>[0], env: Shop['env']): MailMessage {
  const frame = shopForMail(settings, publicOrigin(env));
  const body = mail.text
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 14px">${linkedHtml(p)}</p>`)
    .join('\n');
  return { ...mail, html: mailLayout(lang, { title: mail.subject, brand: frame.brand, origin: frame.origin, body }) };
}
