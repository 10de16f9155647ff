/** The shapes of the resource endpoints (app/resources/index.server.ts), mounted by server/resources.ts. */
import type { ShopLoadContext } from '../context.ts';

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
