/**
 * The web UI's session: resolves the signed-in user from the HttpOnly `access_token` cookie.
 * An expired or invalid token means "not signed in" (refresh comes with the accounts module).
 */
import type { Context } from 'hono';
import { authenticate, type AuthUser } from '../core/accounts/auth.ts';
import { DomainError } from '../core/errors.ts';
import type { Shop } from '../core/shop.ts';

export async function webSession(shop: Shop, c: Context): Promise<AuthUser | null> {
  try {
    return await authenticate(shop, c.req.raw);
  } catch (e) {
    if (e instanceof DomainError) return null;
    throw e;
  }
}
