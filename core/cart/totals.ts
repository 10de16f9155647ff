/**
 * Cart totals beyond the subtotal: promo discount and influencer bonus, in Rappen
 * (specification section 3, "Cart": promo.promoDiscount, bonus.bonus, order_price).
 *
 * Until promo codes exist (issue 5) both are 0.
 */
import type { Db } from '../db/client.ts';
import type { Cart } from './service.ts';

/** Rappen taken off a cart's subtotal. */
export type CartTotals = { promoDiscount: number; bonus: number };

export async function cartTotals(_db: Db, _cart: Cart): Promise<CartTotals> {
  return { promoDiscount: 0, bonus: 0 };
}
