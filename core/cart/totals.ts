/**
 * Cart totals beyond the subtotal: promo discount and influencer bonus, in Rappen
 * (specification section 3, "Cart": promo.promoDiscount, bonus.bonus, order_price).
 *
 * The promo discount is that of the cart's applied code (core/promos/service.ts); a code that no
 * longer applies (expired, used up, subtotal below the minimum) gives 0 and its refusal is
 * returned so the UI can say why. The influencer bonus is not defined by the specification: 0.
 */
import type { Db } from '../db/client.ts';
import type { DomainError } from '../errors.ts';
import { findPromo, promoDiscountFor, promoRefusal } from '../promos/service.ts';
import type { Cart } from './service.ts';

/** Rappen taken off a cart's subtotal, and why the applied code gives nothing (if so). */
export type CartTotals = { promoDiscount: number; bonus: number; promoProblem?: DomainError };

export async function cartTotals(db: Db, cart: Cart, now = new Date()): Promise<CartTotals> {
  if (!cart.promoCode) return { promoDiscount: 0, bonus: 0 };
  const promo = await findPromo(db, cart.promoCode);
  const refusal = promoRefusal(promo, cart.subtotal, now);
  if (refusal) return { promoDiscount: 0, bonus: 0, promoProblem: refusal };
  return { promoDiscount: promoDiscountFor(promo!, cart.subtotal), bonus: 0 };
}
