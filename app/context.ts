/**
 * What the server hands every loader and action (the React Router load context), built per
 * request in server/app.ts and declared as the app's AppLoadContext. Defined here, in the layer
 * that uses it: the server imports the app, never the other way round.
 */
import type { AuthUser } from '../core/accounts/index.ts';
import type { Cart } from '../core/cart/index.ts';
import type { Locale } from '../core/i18n/browser.ts';
import type { Shop } from '../core/shop.ts';

export type ShopLoadContext = {
  shop: Shop;
  /** The signed-in caller, or null. */
  auth: AuthUser | null;
  /**
   * The signed-in visitor's cart, read with the session's account check on a GET (one statement,
   * server/session.ts `webSessionAndCart`); the root loader reads the cart itself when it is absent.
   */
  sessionCart?: Cart | null;
  /** The anonymous cart id from the HttpOnly `cart_id` cookie (issued by the server). */
  anonCartId: string;
  /** The cart the visitor sees: the user's id when signed in, else the anonymous id. */
  cartKey: string;
  /** Language of the page (core/i18n/locales.ts resolveLocale). */
  lang: Locale;
  /** Theme chosen by the visitor, or null to follow the system. */
  theme: 'light' | 'dark' | null;
  /** Nonce for inline scripts (Content-Security-Policy). */
  nonce: string;
  /** Absolute origin for canonical URLs, e.g. `https://shop.example.ch`. */
  origin: string;
  /**
   * Rendering for the shared page cache (server/page-cache.ts): the page is nobody's (no
   * session, an unused cart); the browser fetches the visitor's personal part itself.
   */
  shared?: boolean;
  /** The client's IP address (TCP peer), for rate limits; absent when the transport does not tell. */
  clientIp?: string;
};

// With `future.v8_middleware` loaders and actions get a `RouterContextProvider`: the server puts the
// shop's fields on it, declared here (React Router's documented migration from `AppLoadContext`),
// and on `AppLoadContext` for the helpers that take the context as a parameter.
declare module 'react-router' {
  interface RouterContextProvider extends ShopLoadContext {}
  interface AppLoadContext extends ShopLoadContext {}
}
