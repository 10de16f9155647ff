/**
 * First run without `ADMIN_EMAIL` (docs/api.md, "Running the shop day to day"): while no admin
 * account exists, each start prints `Create the first admin account: <PUBLIC_URL>/setup/<token>`.
 * The link is single use and valid 24 hours; only its SHA-256 is stored (`setup_tokens`). Opening
 * it shows a form (name, e-mail, password under the usual rules) that creates the first Admin.
 * Once any admin exists every setup link answers 404, so a leaked old log line is worthless.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { publicOrigin } from '../config/browser.ts';
import type { Shop } from '../shop-type.ts';
import { parseInput as parse } from '../validation.ts';
import { ensureAdmin } from './admin.ts';
import { assertPasswordPolicy } from './password.ts';
import { users, setupTokens } from '../db/index.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';
import { Email, Password } from './validation.ts';
import { recordAudit } from '../audit/index.ts';

/** How long a setup link works: 24 hours, in milliseconds. */
export const SETUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** The log line's text before the link. */
export const SETUP_LINK_MESSAGE = 'Create the first admin account:';

/** Whether any account has the Admin role. */
async function adminExists(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'Admin')).limit(1);
  return Boolean(row);
}

/**
 * Issues a setup link when the shop has no admin and `ADMIN_EMAIL` is not set (with it, the
 * server creates that admin itself: core/accounts/bootstrap.ts). Every start prints a new link
 * (only its hash is stored, so an older one cannot be shown again); the unused older links are
 * deleted in the same transaction, so one link works at a time, the one printed last, instead of
 * one more for each restart while the start-up log (the journal) keeps them all.
 * @returns the link (`<PUBLIC_URL>/setup/<token>`), or null when none is needed.
 */
export async function issueSetupLink(shop: Shop, now = new Date()): Promise<string | null> {
  if (shop.env.ADMIN_EMAIL || (await adminExists(shop.db))) return null;
  const token = newOpaqueToken();
  await shop.db.transaction(async (tx) => {
    // processes starting at once issue one after the other: the last one's link is the valid one
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop:setup-link'))`);
    await tx.delete(setupTokens).where(isNull(setupTokens.usedAt));
    await tx.insert(setupTokens).values({ tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + SETUP_LINK_TTL_MS), createdAt: now });
  });
  return `${publicOrigin(shop.env)}/setup/${token}`;
}

/** Whether `token` opens the setup page: unused, not expired, and no admin exists yet. */
export async function setupLinkUsable(db: Db, token: string, now = new Date()): Promise<boolean> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) return false;
  if (await adminExists(db)) return false;
  const [row] = await db
    .select({ h: setupTokens.tokenHash })
    .from(setupTokens)
    .where(and(eq(setupTokens.tokenHash, hashToken(token)), isNull(setupTokens.usedAt), gt(setupTokens.expiresAt, now)))
    .limit(1);
  return Boolean(row);
}

/** The setup form: the first admin's name, e-mail and password. */
const SetupInput = z.object({
  firstName: z.string().trim().min(1, { error: 'fieldRequired' }).max(100),
  lastName: z.string().trim().min(1, { error: 'fieldRequired' }).max(100),
  email: Email,
  password: Password,
});

const gone = () => new DomainError('not_found', 'This setup link is invalid, has expired or was already used', { key: 'notFound' });

/**
 * Creates the first admin with a setup link, spending the link. Concurrent calls are serialised
 * (a transaction-level advisory lock), so two tabs never create two first admins. An existing
 * account with the e-mail becomes that admin (ensureAdmin), with the new password.
 * @returns the new admin's id (the caller signs them in).
 * @throws {DomainError} `not_found` (404) for an unknown, expired or used link or once an admin
 *   exists; `invalid` (400) for bad fields or a password breaking the rules (field named).
 */
export async function createFirstAdmin(shop: Shop, token: string, input: unknown, now = new Date()): Promise<{ userId: string }> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) throw gone();
  const data = parse(SetupInput, input);
  assertPasswordPolicy(data.password);
  return shop.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop:first-admin'))`);
    if (await adminExists(tx)) throw gone();
    const [spent] = await tx
      .update(setupTokens)
      .set({ usedAt: now })
      .where(and(eq(setupTokens.tokenHash, hashToken(token)), isNull(setupTokens.usedAt), gt(setupTokens.expiresAt, now)))
      .returning({ h: setupTokens.tokenHash });
    if (!spent) throw gone();
    const { userId } = await ensureAdmin(tx, data.email, data.password);
    await tx.update(users).set({ firstName: data.firstName, lastName: data.lastName, updatedAt: now }).where(eq(users.id, userId));
    await recordAudit(tx, { actor: `admin:${userId}`, action: 'user.create', entity: 'user', entityId: userId, after: { role: 'Admin', via: 'setup link' } });
    return { userId };
  });
}
