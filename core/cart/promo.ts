/** Applying a promo code to a cart (api `cart/promo`, the /payment and /shopcart promo field). */
import { eq, sql } from 'drizzle-orm';
import { carts } from '../db/index.ts';
import { getCart, type Cart } from './service.ts';
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { evaluatePromo, normalizePromoCode, assertCustomerMayRedeem } from '../promos/index.ts';

/**
 * Applies a code to a cart after checking it against the cart's current subtotal; an empty code
 * removes the applied one.
 * @param userId set when the cart belongs to a registered user.
 * @returns the cart (with its promo code).
 * @throws {DomainError} `invalid` (400) with a clear message when the code does not apply
 *   (unknown, not yet valid, expired, used up, order below the minimum) or the cart is empty.
 */
export async function applyPromoCode(db: Db, cartKey: string, code: string, userId: string | null, now = new Date()): Promise<Cart> {
  const normalized = normalizePromoCode(code);
  if (normalized === '') {
    await db
      .update(carts)
      .set({ promoCode: null, updatedAt: sql`now()` })
      .where(eq(carts.cartKey, cartKey));
    return getCart(db, cartKey);
  }
  const cart = await getCart(db, cartKey);
  if (cart.lines.length === 0) throw new DomainError('invalid', 'Your cart is empty, please buy something', { key: 'cartEmpty' });
  const { promo } = await evaluatePromo(db, normalized, cart.subtotal, now);
  if (userId) await assertCustomerMayRedeem(db, promo, userId); // per-customer limit
  await db
    .insert(carts)
    .values({ cartKey, userId, promoCode: normalized })
    .onConflictDoUpdate({ target: carts.cartKey, set: { promoCode: normalized, updatedAt: sql`now()` } });
  return { ...cart, promoCode: normalized };
}
