/**
 * The account mails, made from the accounts module's events (core/events) in the account's
 * language: the confirmation link, the reset link, "an account exists" for a taken address,
 * "your password was changed", the admins' notice of an admin's second factor, and the warning of
 * repeated wrong two-factor codes. Texts `mail:<kind>.*` (./templates.ts).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { publicOrigin, siteBrand } from '../config/browser.ts';
import { getSettings } from '../config/index.ts';
import { outbox, users, type Db } from '../db/index.ts';
import type { EventBus, EventContext, EventOf, RequestedBy } from '../events/index.ts';
import { storedLocale } from '../i18n/browser.ts';
import type { Shop } from '../shop-type.ts';
import { queueForEvent } from './queue.ts';
import { renderLinkMail, type LinkMailKind } from './templates.ts';

type Recipient = { email: string; firstName: string; locale: string };

async function recipient(tx: Db, userId: string): Promise<Recipient | undefined> {
  const [u] = await tx.select({ email: users.email, firstName: users.firstName, locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  return u;
}

const base = (origin: string) => origin.replace(/\/+$/, '');

/**
 * Queues the `kind` link mail to `to`. Without `SMTP_URL` the mail stays in the outbox and, after
 * the commit, its link is written to the log outside production, so that whoever runs a local
 * trial can still confirm an account or reset a password (never in a production log).
 */
async function linkMail(
  shop: Shop,
  ctx: EventContext<Db>,
  kind: LinkMailKind,
  to: Recipient,
  link: string,
  opts: { background?: boolean; params?: Record<string, string | number> } = {},
): Promise<void> {
  const settings = await getSettings(ctx.tx);
  // the site's brand at the top of the frame, as on every other mail
  const frame = { brand: siteBrand(settings), origin: publicOrigin(shop.env) };
  const mail = renderLinkMail(kind, storedLocale(to.locale), {
    to: to.email,
    name: to.firstName,
    shop: settings.companyName,
    link,
    params: opts.params,
    ...frame,
  });
  const id = await queueForEvent(shop, ctx, mail, { background: opts.background });
  if (shop.env.SMTP_URL) return;
  ctx.afterCommit(() => {
    if (shop.env.NODE_ENV === 'production') shop.log.info({ mailId: id, kind }, `mail kept in the outbox (no SMTP_URL): ${kind} link`);
    else shop.log.info({ mailId: id, kind }, `mail kept in the outbox (no SMTP_URL): ${kind} link for ${to.email}: ${link}`);
  });
}

/**
 * A link request by the account's owner or an admin (`confirm` or `reset`). For an address without
 * an account that wants the link (`userId` null) the same work is done without effect: the
 * account read, the settings read, the mail rendered, and a write that changes nothing in place of
 * the outbox row.
 */
async function requestedLink(
  shop: Shop,
  ctx: EventContext<Db>,
  kind: 'confirm' | 'reset',
  e: { userId: string | null; token: string; origin: string; by: RequestedBy },
): Promise<void> {
  const link = `${base(e.origin)}/${kind}/${e.token}`;
  // the same read for an address without an account (an id no row has), as for one with
  const to = await recipient(ctx.tx, e.userId ?? '');
  if (to) return linkMail(shop, ctx, kind, to, link, { background: e.by === 'customer' });
  const settings = await getSettings(ctx.tx);
  renderLinkMail(kind, storedLocale(null), { to: 'nobody@invalid', name: '', shop: settings.companyName, link });
  await ctx.tx
    .update(outbox)
    .set({ status: sql`${outbox.status}` })
    .where(sql`false`);
}

/** Every admin (not blocked, not erased) hears of an admin's second factor added or removed; a customer's change mails nobody. */
async function twoFactorChanged(shop: Shop, ctx: EventContext<Db>, e: EventOf<'account.twoFactorChanged'>): Promise<void> {
  const [who] = await ctx.tx.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, e.userId)).limit(1);
  if (who?.role !== 'Admin') return;
  const admins = await ctx.tx
    .select({ email: users.email, firstName: users.firstName, locale: users.locale })
    .from(users)
    .where(and(eq(users.role, 'Admin'), isNull(users.blockedAt), isNull(users.anonymisedAt)));
  const link = `${publicOrigin(shop.env)}/admin/user/details?id=${encodeURIComponent(e.userId)}`;
  for (const a of admins) await linkMail(shop, ctx, e.enabled ? 'adminTwoFactorOn' : 'adminTwoFactorOff', a, link, { params: { email: who.email } });
}

/** Registers the account mails' handlers on `bus`. */
export function registerAccountMails(shop: Shop, bus: EventBus<Db>): void {
  const to = async (ctx: EventContext<Db>, userId: string) => recipient(ctx.tx, userId);
  bus.on('account.registered', async (e, ctx) => {
    const u = await to(ctx, e.userId);
    if (u) await linkMail(shop, ctx, 'confirm', u, `${base(e.origin)}/confirm/${e.token}`);
  });
  bus.on('account.registrationOfTakenAddress', async (e, ctx) => {
    const u = await to(ctx, e.userId);
    if (u) await linkMail(shop, ctx, 'accountExists', u, `${base(e.origin)}/reset/${e.token}`);
  });
  bus.on('account.confirmationRequested', (e, ctx) => requestedLink(shop, ctx, 'confirm', e));
  bus.on('account.passwordResetRequested', (e, ctx) => requestedLink(shop, ctx, 'reset', e));
  bus.on('account.passwordChanged', async (e, ctx) => {
    const u = await to(ctx, e.userId);
    if (u) await linkMail(shop, ctx, 'passwordChanged', u, `${base(publicOrigin(shop.env))}/forgot`);
  });
  bus.on('account.twoFactorChanged', (e, ctx) => twoFactorChanged(shop, ctx, e));
  bus.on('account.twoFactorCodesFailed', async (e, ctx) => {
    const u = await to(ctx, e.userId);
    if (u) await linkMail(shop, ctx, 'wrongCodes', u, `${publicOrigin(shop.env)}/forgot`, { params: { count: e.count } });
  });
}
