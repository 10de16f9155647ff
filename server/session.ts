/**
 * The web UI's session: resolves the signed-in user from the HttpOnly `access_token` cookie.
 *
 * Interim version (checkout branch): reads and verifies the access-token cookie only; an invalid
 * or expired token counts as signed out. The accounts module (issue 4) replaces this file with
 * the full session (refresh-token rotation, cookies set on the response through `c`).
 */
import type { Context } from 'hono';
import { authenticate, type AuthUser } from '../core/accounts/auth.ts';
import type { Shop } from '../core/shop.ts';

export async function webSession(shop: Shop, c: Context): Promise<AuthUser | null> {
  try {
    return await authenticate(shop, c.req.raw);
  } catch {
    return null;
  }
}
