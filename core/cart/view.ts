/**
 * The cart as the UI shows it (side cart, cart page, navbar count), for the root loader
 * (app/root.tsx) and the personal part of a shared page (server/personal-part.ts). Money in Rappen.
 */
import type { Role } from '../accounts/browser.ts';
import type { Db } from '../db/index.ts';
import { getCart, type Cart } from './service.ts';
import { cartTotals } from './totals.ts';

export type CartView = {
  lines: {
    productId: string;
    name: string;
    packaging: string;
    image: string | null;
    /** With `brand`, chooses the drawn placeholder of a product without photos. */
    category: string;
    brand: string;
    count: number;
    stock: number;
    basePrice: number;
    discountPercent: number;
    unitPrice: number;
    lineTotal: number;
    /** A custom box's contents (its line id is `productId`); null for a product line. */
    box: { items: { name: string; count: number }[]; messageKind: 'card' | 'engraving'; message: string } | null;
  }[];
  itemCount: number;
  subtotal: number;
  promoCode: string | null;
  promoDiscount: number;
  /** Influencer bonus deducted automatically at order creation (ADR 009), Rappen. */
  bonus: number;
  orderPrice: number;
  /** Delivery fee the order would pay now, free-delivery threshold and what is missing to it (Rappen). */
  shipping: { fee: number; freeFrom: number; remaining: number };
};

/**
 * Loads the visitor's cart for display: one statement for the cart (two with custom boxes), the
 * promo code's row when one is applied, and the bonus of an Influencer's or Admin's filled cart.
 * @param context the shop's database and the cart key (a user id or an anonymous cart id); the
 *   root loader passes its load context. `sessionCart`: the cart of `cartKey` already read with
 *   the session (server/session.ts `webSessionAndCart`), used instead of reading it again;
 *   `auth`: the signed-in user, whose role decides the bonus without another look-up.
 */
export async function loadCartView(context: {
  shop: { db: Db };
  cartKey: string;
  sessionCart?: Cart | null;
  auth?: { userId: string; role: Role } | null;
}): Promise<CartView> {
  const { db } = context.shop;
  const cart = context.sessionCart ?? (await getCart(db, context.cartKey));
  const totals = await cartTotals(db, cart, new Date(), context.auth ? { id: context.auth.userId, role: context.auth.role } : undefined);
  return {
    lines: cart.lines.map((l) => ({
      productId: l.product.id,
      name: l.product.name,
      packaging: l.product.packaging,
      image: l.product.images[0]?.path ?? null,
      category: l.product.category,
      brand: l.product.brand,
      count: l.count,
      stock: l.product.stock,
      basePrice: l.product.basePrice,
      discountPercent: l.product.discountPercent,
      unitPrice: l.unitPrice,
      lineTotal: l.lineTotal,
      box: l.box ? { items: l.box.items.map((i) => ({ name: i.name, count: i.count })), messageKind: l.box.messageKind, message: l.box.message } : null,
    })),
    itemCount: cart.itemCount,
    subtotal: cart.subtotal,
    promoCode: cart.promoCode,
    promoDiscount: totals.promoDiscount,
    bonus: totals.bonus,
    orderPrice: Math.max(0, cart.subtotal - totals.promoDiscount - totals.bonus),
    shipping: totals.shipping,
  };
}
