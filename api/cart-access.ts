/**
 * Who may touch which cart (docs/api.md, "What the server does not trust"): a registered user's
 * cart needs that user's token (or an admin's), anything else is 403; an anonymous cart id is
 * its own credential and must carry >= 128 bits (22+ characters of `[A-Za-z0-9_-]`).
 */
import type { Context } from 'hono';
import { findUser } from '../core/accounts/index.ts';
import { ANON_ID_PATTERN } from '../core/cart/index.ts';
import { DomainError } from '../core/errors.ts';
import { requireSelfOrAdmin } from './auth.ts';
import type { ApiEnv } from './types.ts';

/** The cart key to use for `userID`, and the owning user's id when it is a registered user. */
export type CartOwner = { cartKey: string; userId: string | null };

/**
 * Resolves `userID` from a request to a cart the caller may use.
 * @throws {DomainError} 400 malformed id; 401 a user's cart without a token; 403 someone else's cart.
 */
export async function resolveCartOwner(c: Context<ApiEnv>, userID: string): Promise<CartOwner> {
  const shop = c.get('shop');
  const user = await findUser(shop.db, userID);
  if (user) {
    await requireSelfOrAdmin(c, user.id);
    return { cartKey: user.id, userId: user.id };
  }
  if (!ANON_ID_PATTERN.test(userID))
    throw new DomainError('invalid', 'userID must be a user id or an anonymous cart id of 22 to 64 characters [A-Za-z0-9_-]', {
      key: 'badCartId',
      fields: { userID: { key: 'badCartId' } },
    });
  return { cartKey: userID, userId: null };
}
