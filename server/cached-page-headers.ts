/**
 * The two headers a page served from the shared page cache (server/page-cache.ts) needs fixed on
 * its way out of the pages' chain (server/app.ts).
 */
import type { MiddlewareHandler } from 'hono';
import type { HttpEnv } from './http-env.ts';
import { rememberWire } from './page-cache.ts';

/**
 * Outermost for pages: remembers a cached page's final headers (after every middleware added its
 * own), so the front door (server/page-cache-front.ts) can answer the next hit without the app.
 */
export function rememberCachedWire(): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    await next();
    const entry = c.get('pageCacheEntry');
    if (entry) rememberWire(entry, c.res);
  };
}

/**
 * A cached page was rendered with another request's nonce: its Content-Security-Policy names its
 * inline scripts by hash instead. Mounted before the security headers, so it runs after they have
 * set the header.
 */
export function cachedPageCsp(): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    await next();
    const hashes = c.get('pageCacheScripts');
    const csp = c.res.headers.get('Content-Security-Policy');
    if (hashes && csp)
      c.res.headers.set(
        'Content-Security-Policy',
        csp.replace(/'nonce-[^']*'/, hashes.join(' ') || "'none'").replace("script-src 'self' 'none'", "script-src 'self'"),
      );
  };
}
