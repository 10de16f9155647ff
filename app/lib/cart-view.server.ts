/** The cart as the UI shows it (core/cart/view.ts): the root loader's and the cart page's. */
export { loadCartView, type CartView } from '../../core/cart/index.ts';
