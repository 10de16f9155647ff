/**
 * Roles above Customer are confirmed against the database on every request (issue 12,
 * finding 10): an access token carries the role for 15 minutes, and a demoted admin must lose
 * admin rights at once, not when the token expires. Customers are not looked up (nothing to
 * lose), so the common request costs no query.
 */
import { eq } from 'drizzle-orm';
import type { Shop } from '../shop.ts';
import type { AuthUser } from './auth.ts';
import { users } from './schema.ts';

/**
 * The caller with the role the database has now.
 * @returns `auth` itself for customers; for other roles the stored role, or null when the
 *   account no longer exists.
 */
export async function withCurrentRole(shop: Pick<Shop, 'db'>, auth: AuthUser): Promise<AuthUser | null> {
  if (auth.role === 'Customer') return auth;
  const [row] = await shop.db.select({ role: users.role }).from(users).where(eq(users.id, auth.userId));
  if (!row) return null;
  return row.role === auth.role ? auth : { userId: auth.userId, role: row.role };
}
