/**
 * What the server hands every loader and action (React Router load context), built per request
 * in server/app.ts.
 */
import type { AuthUser } from '../core/accounts/auth.ts';
import type { Cart } from '../core/cart/service.ts';
import type { Locale } from '../core/i18n/locales.ts';
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

/**
 * What a resource endpoint's handler gets (server/resources.ts): the request as the shop's public
 * URL names it (server/proxy.ts `publicRequest`), the same per-request context a page loader gets,
 * the path's parameters and the request's URL.
 */
export type ResourceArgs = {
  request: Request;
  context: ShopLoadContext;
  params: Record<string, string | undefined>;
  url: URL;
};

/**
 * A resource handler's answer: a Response, or React Router's `data(value, init)` (answered as
 * JSON with `init`'s status and headers, as React Router answered it for a resource route). A
 * thrown Response or `data(...)` is answered the same way.
 */
export type ResourceHandler = (args: ResourceArgs) => unknown;

/**
 * One resource endpoint: a URL that answers a file or a redirect, never a page (sitemap, PDFs,
 * exports, photos, the preference and log-out form posts). `loader` answers GET and HEAD,
 * `action` answers POST; other methods get 405 with `Allow`.
 */
export type ResourceRoute = {
  /** Hono path pattern, e.g. `/media/products/:photo/:file`. */
  path: string;
  loader?: ResourceHandler;
  action?: ResourceHandler;
};
