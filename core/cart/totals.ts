/**
 * Cart totals beyond the subtotal: promo discount and influencer bonus, in Rappen
 * (docs/product.md §3, "Cart": promo.promoDiscount, bonus.bonus, order_price).
 *
 * The promo discount is that of the cart's applied code (core/promos/service.ts); a code that no
 * longer applies (expired, used up, subtotal below the minimum) gives 0 and its refusal is
 * returned so the UI can say why. The bonus is what an Influencer or Admin owning the cart may
 * spend on it (ADR 009): min(available bonus, subtotal − promo discount); 0 for anyone else.
 * Order creation applies it automatically. The delivery figures (fee now, free-delivery
 * threshold, amount still missing) follow core/pricing/shipping.ts, as the order does.
 */
import { eq } from 'drizzle-orm';
import { users, type Role } from '../db/index.ts';
import type { Db } from '../db/index.ts';
import type { DomainError } from '../errors.ts';
import { BONUS_ROLES, spendableBonus } from '../influencer/index.ts';
import { findPromo, promoDiscountFor, promoRefusal } from '../promos/index.ts';
import type { Cart } from './service.ts';
import { getCachedSettings as getSettings } from '../config/index.ts';
import { shippingFigures, type ShippingFigures } from '../pricing/browser.ts';

/** Rappen taken off a cart's subtotal, why the applied code gives nothing (if so), and the delivery figures. */
export type CartTotals = { promoDiscount: number; bonus: number; promoProblem?: DomainError; shipping: ShippingFigures };

async function cartBonus(db: Db, cart: Cart, promoDiscount: number, knownOwner?: CartOwner): Promise<number> {
  if (cart.lines.length === 0) return 0;
  // a registered user's cart is keyed by the user id; anonymous keys match no user
  const [owner] =
    knownOwner && knownOwner.id === cart.cartKey
      ? [knownOwner]
      : await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, cart.cartKey)).limit(1);
  if (!owner || !BONUS_ROLES.includes(owner.role)) return 0;
  return spendableBonus(db, owner, cart.subtotal - promoDiscount);
}

/** The owner of a user's cart (its key is the user id) and their current role. */
export type CartOwner = { id: string; role: Role };

/**
 * The cart's promo discount, bonus and delivery figures (Rappen).
 * @param owner the cart's owner when the caller has just read their account (the session
 *   check), so that the bonus needs no look-up of the role; ignored unless its id is the cart's key.
 */
export async function cartTotals(db: Db, cart: Cart, now = new Date(), owner?: CartOwner): Promise<CartTotals> {
  const settings = await getSettings(db);
  const shipping = (promoDiscount: number) => shippingFigures(cart.subtotal, promoDiscount, settings);
  if (!cart.promoCode) return { promoDiscount: 0, bonus: await cartBonus(db, cart, 0, owner), shipping: shipping(0) };
  const promo = await findPromo(db, cart.promoCode);
  const refusal = promoRefusal(promo, cart.subtotal, now);
  if (refusal) return { promoDiscount: 0, bonus: await cartBonus(db, cart, 0, owner), promoProblem: refusal, shipping: shipping(0) };
  const promoDiscount = promoDiscountFor(promo!, cart.subtotal);
  return { promoDiscount, bonus: await cartBonus(db, cart, promoDiscount, owner), shipping: shipping(promoDiscount) };
}
