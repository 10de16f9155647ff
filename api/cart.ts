/** Cart calls of docs/product.md §7: `cart/carts`, `cart/addProduct`, `cart/delete`, `cart/merge`; and the shop's `cart/promo`. */
import { z } from 'zod';
import { addToCart, ANON_ID_PATTERN, getCart, mergeCarts, removeFromCart, cartTotals, type Cart, applyPromoCode } from '../core/cart/index.ts';
import { DomainError } from '../core/errors.ts';
import { requireAuth } from './auth.ts';
import type { Db } from '../core/db/index.ts';
import { resolveCartOwner } from './cart-access.ts';
import { ApiRouter } from './openapi.ts';
import { cartJson, cartProductsJson } from './serializers.ts';
import { CartBoxJson } from './custombox-json.ts';
import { jsonBodyLimit } from './validation.ts';
import { consumeRateLimit } from '../core/rate-limit/index.ts';
import { clientIp } from './client-ip.ts';
import { freeingExpiredUnits } from '../core/orders/index.ts';

const id = z.string().trim().min(1).max(64);
const CartsQuery = z.object({ userID: id });
const AddProductBody = z.object({ productID: id, userID: id, count: z.number().int().min(1).max(999) });
const DeleteBody = z.object({ productID: id, userID: id });
const MergeBody = z.object({ userID: id, tempUserID: id });
const PromoBody = z.object({ userID: id, code: z.string().max(32) });

const ProductData = z.object({
  _id: z.string(),
  name: z.string(),
  images: z.array(z.object({ path: z.string() })),
  base_price: z.number(),
  discount_percent: z.number(),
  packaging: z.string(),
  box: CartBoxJson.optional(),
});
const Entry = z.object({ count: z.number(), product_data: ProductData });
const CartAnswer = z.object({
  products: z.array(Entry),
  promo: z.object({ promoDiscount: z.number(), code: z.string().nullable() }),
  bonus: z.object({ bonus: z.number() }),
  subtotal: z.number(),
  order_price: z.number(),
  /** Delivery fee now, free-delivery threshold and what is missing to it, CHF. */
  shipping: z.object({ fee: z.number(), freeFrom: z.number(), remaining: z.number() }),
});

const CartProductsAnswer = z.object({ cart: z.object({ products: z.array(Entry) }) });
/** The body of `CartAnswer`: the cart with its promo discount, bonus and delivery figures. */
async function cartAnswer(db: Db, cart: Cart) {
  const totals = await cartTotals(db, cart);
  return cartJson(cart, totals.promoDiscount, totals.bonus, totals.shipping);
}
/** The body of `CartProductsAnswer`: the cart's lines. */
const productsAnswer = (cart: Parameters<typeof cartProductsJson>[0]) => ({ cart: { products: cartProductsJson(cart) } });

export const cartApi = new ApiRouter(['cart'], jsonBodyLimit())
  .operation({
    method: 'get',
    path: '/carts',
    summary: "A cart: the user id (with that user's token) or an anonymous cart id",
    query: CartsQuery,
    auth: 'optional',
    responses: { 200: { description: 'The cart', schema: CartAnswer }, 403: "Someone else's cart" },
    handler: async (c) => {
      const owner = await resolveCartOwner(c, c.req.valid('query').userID);
      const db = c.get('shop').db;
      return c.json(await cartAnswer(db, await getCart(db, owner.cartKey)));
    },
  })
  .operation({
    method: 'post',
    path: '/addProduct',
    summary: 'Adds `count` of a product; the line can never exceed stock',
    body: AddProductBody,
    auth: 'optional',
    responses: { 200: { description: "The cart's products", schema: CartProductsAnswer }, 404: 'Unknown product', 409: 'Not enough stock' },
    handler: async (c) => {
      const body = c.req.valid('json');
      const db = c.get('shop').db;
      // an anonymous cart id is its own credential: added in one statement, which writes nothing
      // and answers null when the id is a registered user's (then the caller's token decides)
      if (ANON_ID_PATTERN.test(body.userID)) {
        const cart = await freeingExpiredUnits(c.get('shop'), () => addToCart(db, body.userID, body.productID, body.count, null, { unlessUser: true }));
        if (cart) return c.json(productsAnswer(cart));
      }
      const owner = await resolveCartOwner(c, body.userID);
      const cart = await freeingExpiredUnits(c.get('shop'), () => addToCart(db, owner.cartKey, body.productID, body.count, owner.userId));
      return c.json(productsAnswer(cart));
    },
  })
  .operation({
    method: 'post',
    path: '/delete',
    summary: "Removes a product's line",
    body: DeleteBody,
    auth: 'optional',
    responses: { 200: { description: "The cart's products", schema: CartProductsAnswer } },
    handler: async (c) => {
      const body = c.req.valid('json');
      const owner = await resolveCartOwner(c, body.userID);
      const cart = await removeFromCart(c.get('shop').db, owner.cartKey, body.productID);
      return c.json(productsAnswer(cart));
    },
  })
  .operation({
    method: 'post',
    path: '/merge',
    summary: "Merges an anonymous cart into the user's cart (counts add up, capped by stock); the anonymous cart is emptied",
    body: MergeBody,
    auth: 'user',
    responses: { 200: { description: "The user's cart", schema: CartProductsAnswer }, 401: 'No token', 403: "Someone else's cart" },
    handler: async (c) => {
      const body = c.req.valid('json');
      await requireAuth(c);
      // userID: the caller's own registered id (or any for an admin)
      const owner = await resolveCartOwner(c, body.userID);
      if (!owner.userId) throw new DomainError('forbidden', 'Not allowed', { key: 'forbidden' });
      // tempUserID: an anonymous cart id, never a registered user's cart
      const temp = await resolveCartOwner(c, body.tempUserID);
      if (temp.userId)
        throw new DomainError('invalid', 'tempUserID must be an anonymous cart id', { key: 'badCartId', fields: { tempUserID: { key: 'badCartId' } } });
      const cart = await mergeCarts(c.get('shop').db, owner.userId, temp.cartKey);
      return c.json(productsAnswer(cart));
    },
  })
  .operation({
    method: 'post',
    path: '/promo',
    summary: "Applies a promo code to the caller's cart (empty `code` removes it)",
    body: PromoBody,
    auth: 'user',
    responses: {
      200: { description: 'The cart, with promo.promoDiscount (CHF)', schema: CartAnswer },
      400: 'The code does not apply (unknown, not yet valid, expired, used up, order below the minimum)',
      401: 'Not signed in',
      403: "Someone else's cart",
    },
    handler: async (c) => {
      const body = c.req.valid('json');
      const owner = await resolveCartOwner(c, body.userID);
      if (!owner.userId) throw new DomainError('unauthenticated', 'Please log in', { key: 'loginRequired' });
      const db = c.get('shop').db;
      // per address and account: codes cannot be tried one after another
      await consumeRateLimit(c.get('shop'), 'promo', clientIp(c), owner.userId);
      return c.json(await cartAnswer(db, await applyPromoCode(db, owner.cartKey, body.code, owner.userId)));
    },
  });
