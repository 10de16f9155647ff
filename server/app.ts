/**
 * The HTTP application (architecture guide, "Stack"): request ids and logs, security headers
 * with a CSP nonce, compression, static assets (hashed ones cached immutably), `/api/*`, then the
 * React Router request handler with the per-request load context.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { getCookie, setCookie } from 'hono/cookie';
import { requestId } from 'hono/request-id';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { serveStatic } from '@hono/node-server/serve-static';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { createApi } from '../api/index.ts';
import { ANON_ID_PATTERN, newAnonymousCartId } from '../core/cart/service.ts';
import type { Shop } from '../core/shop.ts';
import { matchLocale, pickLocale } from '../core/i18n/locales.ts';

/** How long a language chosen with `?lang=` is remembered (one year, like the picker's). */
const LANG_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 365;
import { catalogueAsset } from '../core/i18n/resources.ts';
import type { ShopLoadContext } from './context.ts';
import { webSession } from './session.ts';
import { clientIp } from '../api/client-ip.ts';
import { readContentVersion } from '../core/cache/content-version.ts';
import { queryCount } from '../core/db/client.ts';
import { countCartItems } from '../core/cart/service.ts';
import { CACHEABLE_PATHS, CART_HINT_COOKIE, PageCache, cachedResponse } from './page-cache.ts';
import { REFRESH_COOKIE } from './session.ts';
import { ACCESS_COOKIE } from '../core/accounts/auth.ts';
import { clientOf, forwarded, publicRequest } from './proxy.ts';
import { scrubPath } from '../core/redact.ts';
import { withNoStore } from './no-store.ts';
import { hostCheck } from './host-check.ts';
import { requestBodyLimit } from './body-limit.ts';
import { refuseNul } from './nul-bytes.ts';
import { publicOrigin, secureTransport } from '../core/config/production.ts';
import { serviceUnavailable } from './unavailable.ts';

/** Cookie holding the anonymous cart id (HttpOnly; 90 days). */
export const CART_COOKIE = 'cart_id';
const CART_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 90;

/** Extra origins the browser may be sent to by forms (payment pages). */
export type HttpAppOptions = {
  build: ServerBuild;
  formActionOrigins?: string[];
  clientDir?: string;
  /** The anonymous page cache (server/page-cache.ts); `false` turns it off. Default: a new one. */
  pageCache?: PageCache | false;
  /** Answer `GET /__stats` (SQL statements sent, RSS, page cache counters) for `npm run bench`. */
  stats?: boolean;
};

type HttpEnv = {
  Variables: {
    secureHeadersNonce?: string;
    /** set when a file of build/client answered */
    staticFile?: boolean;
    /** CSP sources allowing a cached page's inline scripts (replace the per-request nonce) */
    pageCacheScripts?: string[];
  };
};

/** The cookies middleware set on `c` so far, removed from `c` (the caller puts them on its response). */
function takePendingCookies(c: Context<HttpEnv>): string[] {
  const pending = c.res.headers.getSetCookie?.() ?? [];
  if (pending.length) c.res.headers.delete('Set-Cookie');
  return pending;
}

/** An HTTP app and its page cache (for statistics and tests). */
export function createHttpApp(shop: Shop, opts: HttpAppOptions): Hono<HttpEnv> & { pageCache: PageCache | null } {
  const production = shop.env.NODE_ENV === 'production';
  const pageCache = opts.pageCache === false ? null : (opts.pageCache ?? new PageCache());
  const app = new Hono<HttpEnv>() as Hono<HttpEnv> & { pageCache: PageCache | null };
  app.pageCache = pageCache;
  app.use('*', requestId());
  // issue 12: real client behind TRUST_PROXY, Host check, NUL in URLs, one body limit
  app.use('*', forwarded(shop), hostCheck(shop), requestBodyLimit(), refuseNul());
  app.use('*', async (c, next) => {
    const start = performance.now();
    await next();
    const ms = Math.round((performance.now() - start) * 10) / 10;
    shop.log.info({ reqId: c.get('requestId' as never), method: c.req.method, path: scrubPath(c.req.path), status: c.res.status, ms }, 'request');
  });
  // A cached page was rendered with another request's nonce: its CSP names its inline scripts by
  // hash instead (runs after secureHeaders has set the header).
  app.use('*', async (c, next) => {
    await next();
    const hashes = c.get('pageCacheScripts');
    const csp = c.res.headers.get('Content-Security-Policy');
    if (hashes && csp) c.res.headers.set('Content-Security-Policy', csp.replace(/'nonce-[^']*'/, hashes.join(' ') || "'none'").replace("script-src 'self' 'none'", "script-src 'self'"));
  });
  app.use('*', serviceUnavailable(shop));
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", NONCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...(opts.formActionOrigins ?? [])],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
      strictTransportSecurity: secureTransport(shop.env) ? 'max-age=31536000; includeSubDomains' : false,
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use('*', compress());
  const root = opts.clientDir ?? 'build/client';
  // Cache-Control is set on the finished response: a header set in serveStatic's onFound comes
  // after the response exists and is lost outside @hono/node-server (e.g. in app.request).
  const cached = (cacheControl: string): MiddlewareHandler<HttpEnv> => async (c, next) => {
    await next();
    if (c.get('staticFile') && (c.res.status === 200 || c.res.status === 206 || c.res.status === 304)) c.res.headers.set('Cache-Control', cacheControl);
  };
  const markStatic = (_p: string, c: Context<HttpEnv>) => void c.set('staticFile', true);
  // hashed file names: never change, cache for a year
  app.use('/assets/*', cached('public, max-age=31536000, immutable'), serveStatic({ root, onFound: markStatic }));
  // other files of build/client (names with an extension); page paths never touch the disk
  const staticFiles = serveStatic<HttpEnv>({ root, onFound: markStatic });
  const otherFiles = cached('public, max-age=3600');
  app.use('*', async (c, next) => {
    if (!/\.[A-Za-z0-9]+$/.test(c.req.path)) return next();
    await otherFiles(c, async () => {
      await staticFiles(c, next);
    });
  });
  // translation catalogues as hashed, immutable assets (core/i18n; ADR 010)
  app.get('/i18n/:lng/:file', (c) => {
    const asset = catalogueAsset(`${c.req.param('lng')}/${c.req.param('file')}`);
    if (!asset) return c.notFound();
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return c.body(asset.body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
  if (opts.stats)
    app.get('/__stats', (c) => c.json({ queries: queryCount(), rssBytes: process.memoryUsage.rss(), pageCache: pageCache?.stats ?? null }));
  app.route('/api', createApi(shop));

  const handler = createRequestHandler(opts.build, production ? 'production' : 'development');
  /** Whether a request may get (and fill) the anonymous page cache. */
  const cacheable = (c: Context<HttpEnv>, path: string) =>
    pageCache !== null &&
    c.req.method === 'GET' &&
    CACHEABLE_PATHS.has(path) &&
    !c.req.header('authorization') &&
    !getCookie(c, ACCESS_COOKIE) &&
    !getCookie(c, REFRESH_COOKIE) &&
    !getCookie(c, CART_HINT_COOKIE);

  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    // Secure cookies only where the shop is reached over HTTPS (a plain-HTTP start keeps its cart)
    const https = clientOf(c)?.proto === 'https' || url.protocol === 'https:' || secureTransport(shop.env);
    let anonCartId = getCookie(c, CART_COOKIE);
    const hadCart = Boolean(anonCartId && ANON_ID_PATTERN.test(anonCartId));
    if (!anonCartId || !hadCart) {
      anonCartId = newAnonymousCartId();
      setCookie(c, CART_COOKIE, anonCartId, { httpOnly: true, sameSite: 'Lax', secure: https, path: '/', maxAge: CART_COOKIE_MAX_AGE_S });
    }
    const theme = getCookie(c, 'theme');
    const lang = pickLocale(url.searchParams.get('lang'), getCookie(c, 'lang'), c.req.header('accept-language'));
    // a language chosen by `?lang=` stays for the following pages, whose links do not repeat it
    // (a filter form or pager link would otherwise switch back to the cookie's language)
    const queryLang = matchLocale(url.searchParams.get('lang'));
    if (queryLang && queryLang !== getCookie(c, 'lang')) setCookie(c, 'lang', queryLang, { sameSite: 'Lax', secure: https, path: '/', maxAge: LANG_COOKIE_MAX_AGE_S });
    // every absolute URL is built from PUBLIC_URL, never from the request's Host (issue 12)
    const origin = publicOrigin(shop.env);
    const baseContext = {
      shop,
      lang,
      theme: theme === 'light' || theme === 'dark' ? theme : null,
      origin,
      clientIp: clientIp(c),
    } as const;

    let res: Response;
    if (cacheable(c, url.pathname)) {
      const cache = pageCache as PageCache;
      const key = `${origin}${url.pathname}${url.search}\n${lang}\n${baseContext.theme ?? ''}`;
      const version = await readContentVersion(shop.db);
      let entry = cache.get(key, version);
      const state = entry ? 'hit' : 'miss';
      if (!entry) {
        // rendered for nobody: no session, a cart id nobody holds (so an empty cart)
        const render = () => {
          const renderCart = newAnonymousCartId();
          const nonce = c.get('secureHeadersNonce') ?? '';
          return handler(publicRequest(c), { ...baseContext, auth: null, anonCartId: renderCart, cartKey: renderCart, nonce } satisfies ShopLoadContext);
        };
        const filled = await cache.fill(key, version, render);
        if (filled instanceof Response) res = filled;
        else entry = filled;
      }
      if (entry) {
        c.set('pageCacheScripts', entry.scriptHashes);
        res = cachedResponse(entry, c.req.header('if-none-match'), c.req.header('accept-encoding'), c.req.method, state);
        // the new visitor's cart cookie goes straight onto the cached body's headers
        for (const cookie of takePendingCookies(c)) res.headers.append('Set-Cookie', cookie);
        return res;
      }
    } else {
      const auth = await webSession(shop, c);
      const context: ShopLoadContext = {
        ...baseContext,
        auth,
        anonCartId,
        cartKey: auth ? auth.userId : anonCartId,
        nonce: c.get('secureHeadersNonce') ?? '',
      };
      res = withNoStore(await handler(publicRequest(c), context), url.pathname, Boolean(auth));
      // After a state-changing request, remember whether the anonymous cart has items: pages
      // of visitors with an empty cart may come from the page cache.
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && hadCart) {
        const items = await countCartItems(shop.db, anonCartId);
        if (items > 0) setCookie(c, CART_HINT_COOKIE, '1', { httpOnly: true, sameSite: 'Lax', secure: https, path: '/', maxAge: CART_COOKIE_MAX_AGE_S });
        else if (getCookie(c, CART_HINT_COOKIE)) setCookie(c, CART_HINT_COOKIE, '', { httpOnly: true, sameSite: 'Lax', secure: https, path: '/', maxAge: 0 });
      }
    }
    res = res!;
    // keep cookies set by middleware (cart id, refreshed session, cart hint) next to the router's
    // own (Hono would otherwise replace the response's Set-Cookie headers with the middleware's)
    const pending = takePendingCookies(c);
    if (pending.length === 0) return res;
    const headers = new Headers(res.headers);
    for (const cookie of pending) headers.append('Set-Cookie', cookie);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  });
  return app;
}
