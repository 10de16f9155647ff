/**
 * What every mail handler (./handlers.ts) does with the mail it made: queue it in the outbox
 * inside the event's transaction, and hand it to SMTP after the commit, the mails of one
 * transaction in one delivery. Without `SMTP_URL` the mail stays in the outbox.
 */
import type { Db } from '../db/index.ts';
import type { EventContext } from '../events/index.ts';
import type { Shop } from '../shop-type.ts';
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
