/** The cart as the UI shows it (side cart, cart page, navbar count). Money in Rappen. */
import type { AppLoadContext } from 'react-router';
import { getCart } from '../../core/cart/index.ts';
import { cartTotals } from '../../core/cart/index.ts';

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

/** Loads the visitor's cart for display. */
export async function loadCartView(context: AppLoadContext): Promise<CartView> {
  const { db } = context.shop;
  const cart = await getCart(db, context.cartKey);
  const totals = await cartTotals(db, cart);
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
