/**
 * The cart module's face (anonymous and user carts, stock caps, merge, promo code and box lines,
 * totals): what other modules and layers import of it; its other files are inner
 * (docs/decisions/018-module-faces.md).
 */
export { createBox } from './boxes.ts';
export { BUY_NOW_PATH, buyNow } from './buy-now.ts';
export { applyPromoCode } from './promo.ts';
export {
  addToCart,
  ANON_ID_PATTERN,
  countCartItems,
  getCart,
  isCartCookieId,
  mergeCarts,
  newAnonymousCartId,
  removeFromCart,
  setCartCount,
  type Cart,
} from './service.ts';
export { currentAccountWithCart } from './session-cart.ts';
export { cartTotals } from './totals.ts';
export { loadCartView, type CartView } from './view.ts';
