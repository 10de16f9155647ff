/** Cart calls of the specification (section 7): `cart/carts`, `cart/addProduct`, `cart/delete`, `cart/merge`; and the shop's `cart/promo`. */
import { Hono } from 'hono';
import { z } from 'zod';
import { addToCart, ANON_ID_PATTERN, getCart, mergeCarts, removeFromCart } from '../core/cart/index.ts';
import { DomainError } from '../core/errors.ts';
import { requireAuth } from './auth.ts';
import { cartTotals } from '../core/cart/index.ts';
import { applyPromoCode } from '../core/cart/index.ts';
import { resolveCartOwner } from './cart-access.ts';
import { documented } from './openapi.ts';
import { cartJson, cartProductsJson } from './serializers.ts';
import { CartBoxJson } from './custombox-json.ts';
import type { ApiEnv } from './types.ts';
import { jsonBody, jsonBodyLimit, queryOf } from './validation.ts';
import { consumeRateLimit } from '../core/rate-limit/index.ts';
import { clientIp } from './client-ip.ts';

const id = z.string().trim().min(1).max(64);
export const CartsQuery = z.object({ userID: id });
export const AddProductBody = z.object({ productID: id, userID: id, count: z.number().int().min(1).max(999) });
export const DeleteBody = z.object({ productID: id, userID: id });
export const MergeBody = z.object({ userID: id, tempUserID: id });
export const PromoBody = z.object({ userID: id, code: z.string().max(32) });

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

export const cartApi = new Hono<ApiEnv>()
  .use('*', jsonBodyLimit())
  .get('/carts', async (c) => {
    const { userID } = queryOf(c, CartsQuery);
    const owner = await resolveCartOwner(c, userID);
    const db = c.get('shop').db;
    const cart = await getCart(db, owner.cartKey);
    const totals = await cartTotals(db, cart);
    return c.json(cartJson(cart, totals.promoDiscount, totals.bonus, totals.shipping));
  })
  .post('/addProduct', async (c) => {
    const body = await jsonBody(c, AddProductBody);
    const db = c.get('shop').db;
    // an anonymous cart id is its own credential: added in one statement, which writes nothing
    // and answers null when the id is a registered user's (then the caller's token decides)
    if (ANON_ID_PATTERN.test(body.userID)) {
      const cart = await addToCart(db, body.userID, body.productID, body.count, null, { unlessUser: true });
      if (cart) return c.json({ cart: { products: cartProductsJson(cart) } });
    }
    const owner = await resolveCartOwner(c, body.userID);
    const cart = await addToCart(db, owner.cartKey, body.productID, body.count, owner.userId);
    return c.json({ cart: { products: cartProductsJson(cart) } });
  })
  .post('/delete', async (c) => {
    const body = await jsonBody(c, DeleteBody);
    const owner = await resolveCartOwner(c, body.userID);
    const cart = await removeFromCart(c.get('shop').db, owner.cartKey, body.productID);
    return c.json({ cart: { products: cartProductsJson(cart) } });
  })
  .post('/merge', async (c) => {
    const body = await jsonBody(c, MergeBody);
    await requireAuth(c);
    // userID: the caller's own registered id (or any for an admin)
    const owner = await resolveCartOwner(c, body.userID);
    if (!owner.userId) throw new DomainError('forbidden', 'Not allowed', { key: 'forbidden' });
    // tempUserID: an anonymous cart id, never a registered user's cart
    const temp = await resolveCartOwner(c, body.tempUserID);
    if (temp.userId)
      throw new DomainError('invalid', 'tempUserID must be an anonymous cart id', { key: 'badCartId', fields: { tempUserID: { key: 'badCartId' } } });
    const cart = await mergeCarts(c.get('shop').db, owner.userId, temp.cartKey);
    return c.json({ cart: { products: cartProductsJson(cart) } });
  })
  .post('/promo', async (c) => {
    const body = await jsonBody(c, PromoBody);
    const owner = await resolveCartOwner(c, body.userID);
    if (!owner.userId) throw new DomainError('unauthenticated', 'Please log in', { key: 'loginRequired' });
    const db = c.get('shop').db;
    await consumeRateLimit(c.get('shop'), 'promo', clientIp(c), owner.userId); // no enumeration
    const cart = await applyPromoCode(db, owner.cartKey, body.code, owner.userId);
    const totals = await cartTotals(db, cart);
    return c.json(cartJson(cart, totals.promoDiscount, totals.bonus, totals.shipping));
  });

const CartProductsAnswer = z.object({ cart: z.object({ products: z.array(Entry) }) });
documented({
  method: 'get',
  path: '/cart/carts',
  summary: "A cart: the user id (with that user's token) or an anonymous cart id",
  tags: ['cart'],
  query: CartsQuery,
  auth: 'optional',
  responses: { 200: { description: 'The cart', schema: CartAnswer }, 403: { description: "Someone else's cart" } },
});
documented({
  method: 'post',
  path: '/cart/addProduct',
  summary: 'Adds `count` of a product; the line can never exceed stock',
  tags: ['cart'],
  body: AddProductBody,
  auth: 'optional',
  responses: {
    200: { description: "The cart's products", schema: CartProductsAnswer },
    404: { description: 'Unknown product' },
    409: { description: 'Not enough stock' },
  },
});
documented({
  method: 'post',
  path: '/cart/delete',
  summary: "Removes a product's line",
  tags: ['cart'],
  body: DeleteBody,
  auth: 'optional',
  responses: { 200: { description: "The cart's products", schema: CartProductsAnswer } },
});
documented({
  method: 'post',
  path: '/cart/merge',
  summary: "Merges an anonymous cart into the user's cart (counts add up, capped by stock); the anonymous cart is emptied",
  tags: ['cart'],
  body: MergeBody,
  auth: 'user',
  responses: {
    200: { description: "The user's cart", schema: CartProductsAnswer },
    401: { description: 'No token' },
    403: { description: "Someone else's cart" },
  },
});
documented({
  method: 'post',
  path: '/cart/promo',
  summary: "Applies a promo code to the caller's cart (empty `code` removes it)",
  tags: ['cart'],
  body: PromoBody,
  auth: 'user',
  responses: {
    200: { description: 'The cart, with promo.promoDiscount (CHF)', schema: CartAnswer },
    400: { description: 'The code does not apply (unknown, not yet valid, expired, used up, order below the minimum)' },
    401: { description: 'Not signed in' },
    403: { description: "Someone else's cart" },
  },
});
