/**
 * First-run admin: with `ADMIN_EMAIL` and `ADMIN_PASSWORD` set, the server creates that admin at
 * start when no account has the address yet (an existing account is left untouched: use
 * `npm run admin:create` to promote or reset one).
 */
import { eq } from 'drizzle-orm';
import type { Shop } from '../shop-type.ts';
import { users } from '../db/index.ts';
import { ensureAdmin } from './admin.ts';

export async function bootstrapAdmin(shop: Shop): Promise<void> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = shop.env;
  if (!email || !password) return;
  const [existing] = await shop.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  if (existing) return;
  await ensureAdmin(shop.db, email, password, 'system');
  shop.log.info({ email }, 'admin account created from ADMIN_EMAIL');
}
