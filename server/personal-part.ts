/**
 * The personal part of a page from the shared page cache (ADR 015): `GET /personal` answers the
 * visitor's own user and cart as JSON, and nothing of the page itself.
 *
 * A storefront page from the shared cache (server/page-cache.ts) is drawn for nobody. Once
 * hydrated, the page's script (app/lib/personal.ts) asks this route for what only this visitor
 * sees — the navbar's user menu and admin icon, the cart count, the side cart's lines and the
 * influencer bonus — instead of reloading the route's whole data (`/productdetail.data?id=…` sent
 * the product, the settings and the translations' addresses again, and ran every loader).
 *
 * Cost: the session check of every page (server/session.ts `webSessionAndCart`: the access
 * token's signature, and one statement that reads the account — so a blocked account or a changed
 * role shows at once — together with the user's cart, core/cart/session-cart.ts); an anonymous
 * visitor's cart is one statement of its own. A promo code or an Influencer's filled cart adds
 * their reads (core/cart/totals.ts: the role is known from the session), as on every page. Nothing is cached: the cart changes through
 * the API, page actions, other devices and other processes, and a cache valid across all of them
 * needs a per-cart version read, which costs the statement it would save.
 *
 * Safety: the answer depends on the request's cookies only, so it says `Cache-Control: private,
 * no-store` and `Vary: Cookie`; shared caches and the browser never keep it. It changes nothing
 * (a GET; no cart cookie is issued: a visitor without one has an empty cart). It runs behind the
 * personal-hint middleware, so a stale hint (a session the browser no longer holds) is cleared by
 * its answer, and through the session check of pages, which refreshes or clears the session
 * cookies as a page would.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AuthUser } from '../core/accounts/index.ts';
import { isCartCookieId, loadCartView, type CartView } from '../core/cart/index.ts';
import type { Shop } from '../core/shop.ts';
import { pageCookieNames } from './page-cache.ts';
import { webSessionAndCart } from './session.ts';

/** The path of the personal part. */
export const PERSONAL_PART_PATH = '/personal';

/**
 * The answer of {@link PERSONAL_PART_PATH}: the fields of the root loader's data that a page from
 * the shared cache draws for nobody (app/root.tsx `user`, `cart`). Money in Rappen.
 */
export type PersonalPart = { user: Pick<AuthUser, 'userId' | 'role'> | null; cart: CartView };

/**
 * The route's handler (server/app.ts mounts it with the lean chain of {@link PERSONAL_PART_PATH}).
 * Answers 200 with {@link PersonalPart}; a visitor without a session or cart gets `user: null` and
 * an empty cart.
 */
export function personalPart(shop: Shop): (c: Context) => Promise<Response> {
  const names = pageCookieNames(shop.env);
  return async (c) => {
    const { auth, cart } = await webSessionAndCart(shop, c, true);
    const anonCartId = getCookie(c, names.cart);
    // no usable cart cookie: an empty cart (the key of no cart at all reads nothing)
    const cartKey = auth ? auth.userId : isCartCookieId(anonCartId) ? anonCartId : '';
    const body: PersonalPart = {
      user: auth ? { userId: auth.userId, role: auth.role } : null,
      cart: await loadCartView({ shop, cartKey, sessionCart: cart, auth }),
    };
    c.header('Cache-Control', 'private, no-store');
    c.header('Vary', 'Cookie');
    return c.json(body);
  };
}
