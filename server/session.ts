/**
 * The web UI's session: resolves the signed-in user from the HttpOnly session cookies, refreshing
 * them when the access token has expired (sets new cookies on the response through `c`).
 *
 * Placeholder until the accounts module (issue 4): nobody is signed in.
 */
import type { Context } from 'hono';
import type { AuthUser } from '../core/accounts/auth.ts';
import type { Shop } from '../core/shop.ts';

export async function webSession(_shop: Shop, _c: Context): Promise<AuthUser | null> {
  return null;
}
