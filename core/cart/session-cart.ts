/**
 * The signed-in account and its cart in one statement (ADR 015): a page or the personal part of a
 * shared page (server/personal-part.ts) checks the session's account on every request (blocked,
 * erased, role changed: core/accounts/auth.ts `currentAccount`) and then reads the user's cart;
 * both are primary-key reads of the same key (a registered user's cart is keyed by the user id),
 * so one named prepared statement answers both and the request sends one statement instead of two.
 */
import { sql } from 'drizzle-orm';
import { accountCheckColumns, accountFromRow, type AccountCheckRow, type AuthUser } from '../accounts/index.ts';
import { users, products, cartBoxes, PreparedSql, cartItems, carts } from '../db/index.ts';
import type { Db } from '../db/index.ts';
import { productColumns } from './line-product.ts';
import { cartOfRows, type Cart, type CartReadRow } from './service.ts';

/**
 * The account's role and usability next to each line of its cart, in the cart's order (as
 * `getCart` reads it). No row: no such account; one row with a null count: no lines.
 */
const accountCartStatement = new PreparedSql<'userId', CartReadRow & AccountCheckRow>(
  'shop_account_and_cart',
  ['userId'],
  (v) => sql`
    select ${accountCheckColumns},
           ${carts.promoCode} as promo_code,
           exists (select 1 from ${cartBoxes} where ${cartBoxes.cartKey} = ${v.userId}) as has_boxes,
           ${cartItems.count} as count, ${productColumns}
      from ${users}
      left join ${carts} on ${carts.cartKey} = ${users.id}
      left join ${cartItems} on ${cartItems.cartKey} = ${carts.cartKey}
      left join ${products} on ${products.id} = ${cartItems.productId}
     where ${users.id} = ${v.userId}
     order by ${cartItems.addedAt}, ${cartItems.id}`,
);

/**
 * The account behind a verified access token as it is now, with its cart: what
 * `currentAccount` and `getCart(db, userId)` answer, in one statement (two with custom boxes).
 * @param claimed the user id (and session version) the token claims.
 * @returns null when the account is blocked, erased or gone (the session has ended); `'stale'`
 *   for a token of an older session version (core/accounts/auth.ts `accountFromRow`); else the
 *   caller with their effective role and their cart.
 */
export async function currentAccountWithCart(
  db: Db,
  claimed: Pick<AuthUser, 'userId' | 'sessionVersion'>,
): Promise<{ user: AuthUser; cart: Cart } | null | 'stale'> {
  const rows = await accountCartStatement.run(db, { userId: claimed.userId });
  const user = accountFromRow(claimed, rows[0]);
  if (user === null || user === 'stale') return user;
  return { user, cart: await cartOfRows(db, claimed.userId, rows) };
}
