/**
 * "Buy now" on a product page: what a shopper expects from the button is to pay for the quantity
 * they chose, not to add it once more to whatever the cart already holds.
 */
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { getCart, setCartCount, type Cart } from './service.ts';

/** Where "buy now" sends the shopper: the checkout (address, payment method, pay). */
export const BUY_NOW_PATH = '/payment';

/**
 * Buy now: the cart's line of `productId` is set to `count` (created when absent, replaced when
 * present), so tapping the button twice, or after an "add to cart", still checks out exactly the
 * chosen quantity. The cart's other lines stay (the shopper's cart is not thrown away; the
 * checkout shows them). The caller then sends the shopper to {@link BUY_NOW_PATH}. An anonymous
 * shopper is asked to log in there; the log-in merges carts by adding counts
 * (core/cart `mergeCarts`), so a line the account's cart already held adds up then.
 * @param count the quantity chosen on the product page, integer 1 to 999.
 * @param userId set when the cart belongs to a registered user.
 * @param opts.atLeast a product card's "buy now" (one unit, no quantity field): a line already
 *   holding `count` or more is left as it is, so the quantity chosen before is not lowered.
 * @returns the cart after the change.
 * @throws {DomainError} `not_found` for an unknown or unlisted product; `conflict` when `count`
 *   exceeds the stock or a release's limit (or the release is not open yet); `invalid` for a bad count.
 */
export async function buyNow(
  db: Db,
  cartKey: string,
  productId: string,
  count: number,
  userId: string | null = null,
  opts: { atLeast?: boolean } = {},
): Promise<Cart> {
  // 0 would remove the line (setCartCount's meaning of 0): refused here
  if (!Number.isInteger(count) || count < 1 || count > 999)
    throw new DomainError('invalid', 'Count must be a whole number from 1 to 999', { fields: { count: { key: 'countRange', params: { min: 1, max: 999 } } } });
  if (opts.atLeast) {
    const cart = await getCart(db, cartKey);
    if ((cart.lines.find((l) => l.product.id === productId && !l.box)?.count ?? 0) >= count) return cart;
  }
  return setCartCount(db, cartKey, productId, count, userId);
}
