/**
 * The HTTP application (architecture guide, "Stack"): first `/api/*` with its own lean chain
 * (server/api-chain.ts: request id, Host check, body limit, NUL refusal, log, security headers,
 * compression of large answers), then the pages' chain — request ids and logs, security headers
 * with a CSP nonce, compression, static assets (hashed ones cached immutably) — and the React
 * Router request handler with the per-request load context.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { getCookie, setCookie } from 'hono/cookie';
import { requestId } from 'hono/request-id';
import { serveStatic } from '@hono/node-server/serve-static';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { createApi } from '../api/index.ts';
import { CART_COOKIE_ID_PATTERN, newAnonymousCartId } from '../core/cart/index.ts';
import type { Shop } from '../core/shop.ts';
import { matchLocale, resolveLocale } from '../core/i18n/browser.ts';
import { catalogueAsset } from '../core/i18n/index.ts';
import type { ShopLoadContext } from '../app/context.ts';
import { webSessionAndCart } from './session.ts';
import { clientIp } from '../api/client-ip.ts';
import { readContentVersion } from '../core/db/index.ts';
import { queryCount } from '../core/db/index.ts';
import { countCartItems } from '../core/cart/index.ts';
import {
  CACHEABLE_PATHS,
  PageCache,
  cachedResponse,
  maySharePage,
  pageCacheKey,
  pageCacheSearch,
  pageCookieNames,
  rememberWire,
  type PageEntry,
} from './page-cache.ts';
import { pageCacheFront } from './page-cache-front.ts';
import { precompressedAssets } from './precompressed.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CART_COOKIE } from '../core/accounts/browser.ts';
import { personalHint } from './personal-hint.ts';
import { clientOf, forwarded, publicRequest } from './proxy.ts';
import { withNoStore } from './no-store.ts';
import { hostCheck } from './host-check.ts';
import { originCheck } from './origin-check.ts';
import { requestBodyLimit } from './body-limit.ts';
import { refuseNul } from './nul-bytes.ts';
import { publicOrigin, secureTransport } from '../core/config/browser.ts';
import { serviceUnavailable } from './unavailable.ts';
import { apiChain, compressAccepted, jsonWithLength } from './api-chain.ts';
import { PERSONAL_PART_PATH, personalPart } from './personal-part.ts';
import { requestLog } from './request-log.ts';
import { shopSecureHeaders } from './security-headers.ts';
import { opsRoutes, type Lifecycle } from './ops.ts';

/** Cookie holding the anonymous cart id (HttpOnly; 90 days); `__Host-cart_id` over HTTPS (core/accounts/cookies.ts). */
export { CART_COOKIE };
/** How long a language chosen with `?lang=` is remembered (one year, like the picker's). */
const LANG_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 365;
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
  /** The process's lifecycle for `/readyz` (server/ops.ts); set `draining` to report not ready. Default: a new one. */
  lifecycle?: Lifecycle;
};

type HttpEnv = {
  Variables: {
    secureHeadersNonce?: string;
    /** set when a file of build/client answered */
    staticFile?: boolean;
    /** CSP sources allowing a cached page's inline scripts (replace the per-request nonce) */
    pageCacheScripts?: string[];
    /** the page-cache entry this response was served from */
    pageCacheEntry?: PageEntry;
  };
};

/** The cookies middleware set on `c` so far, removed from `c` (the caller puts them on its response). */
function takePendingCookies(c: Context<HttpEnv>): string[] {
  const pending = c.res.headers.getSetCookie?.() ?? [];
  if (pending.length) c.res.headers.delete('Set-Cookie');
  return pending;
}

/** Name of a `Set-Cookie` value (`name=value; …`). */
const setCookieName = (cookie: string) => cookie.slice(0, Math.max(0, cookie.indexOf('='))).trim();

/**
 * `res` with the cookies middleware set (cart id, refreshed or cleared session, cart hint) next
 * to the page's own (Hono would otherwise replace the response's Set-Cookie headers with the
 * middleware's). A cookie the page action set itself wins: a middleware cookie of the same name is
 * dropped, since browsers apply Set-Cookie headers in order and the last one counts. (Before, a
 * visitor with a stale session cookie who logged in with a plain form got the new session cookies
 * followed by the middleware's clearing ones, and stayed logged out.)
 */
export function withPendingCookies(res: Response, pending: string[]): Response {
  if (pending.length === 0) return res;
  const own = new Set(res.headers.getSetCookie().map(setCookieName));
  const extra = pending.filter((cookie) => !own.has(setCookieName(cookie)));
  if (extra.length === 0) return res;
  const headers = new Headers(res.headers);
  for (const cookie of extra) headers.append('Set-Cookie', cookie);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/** An HTTP app, its page cache (for statistics and tests) and the cache's front door. */
export type HttpApp = Hono<HttpEnv> & {
  pageCache: PageCache | null;
  /**
   * Answers a page-cache hit before the app (server/page-cache-front.ts); false (nothing
   * written) when the request is for the app. Null without a page cache.
   */
  front: ((req: IncomingMessage, res: ServerResponse) => Promise<boolean> | boolean) | null;
};

/** An HTTP app and its page cache (for statistics and tests). */
export function createHttpApp(shop: Shop, opts: HttpAppOptions): HttpApp {
  const production = shop.env.NODE_ENV === 'production';
  const pageCache = opts.pageCache === false ? null : (opts.pageCache ?? new PageCache());
  const app = new Hono<HttpEnv>() as HttpApp;
  app.pageCache = pageCache;
  app.front = pageCache ? pageCacheFront(shop, pageCache) : null;
  // health and metrics before anything else: no Host check, session or cache (server/ops.ts)
  app.route(
    '/',
    opsRoutes(shop, opts.lifecycle ?? { draining: false }, () => pageCache?.stats ?? null),
  );
  // The JSON API first, with its own chain: its catch-all answers every /api path, so
  // none of the page middlewares below runs for it.
  app.use('/api/*', ...apiChain(shop));
  app.route('/api', createApi(shop));
  const root = opts.clientDir ?? 'build/client';
  // Hashed build assets next (JavaScript transfer): from memory, with the few headers
  // a script or style sheet needs (server/precompressed.ts); the rest goes on to the pages' chain.
  app.use('/assets/*', forwarded(shop), hostCheck(shop), precompressedAssets(root));
  const isHttps = (c: Context) => clientOf(c)?.proto === 'https' || new URL(c.req.url).protocol === 'https:' || secureTransport(shop.env);
  // The personal part of a shared page (server/personal-part.ts, ADR 015), with a chain of its own
  // like the API's: a JSON answer needs no CSP nonce, page cache, static files or cart cookie; the
  // personal hint is kept in step (a stale one is cleared by this answer).
  app.use(
    PERSONAL_PART_PATH,
    requestId(),
    forwarded(shop),
    hostCheck(shop),
    requestBodyLimit(),
    refuseNul(),
    personalHint(shop.env, isHttps),
    requestLog(shop),
    serviceUnavailable(shop),
    shopSecureHeaders(shop, { nonce: false }),
    compressAccepted(),
    jsonWithLength(),
  );
  app.get(PERSONAL_PART_PATH, personalPart(shop));
  // outermost for pages: the final headers of a cached page, for the front door
  app.use('*', async (c, next) => {
    await next();
    const entry = c.get('pageCacheEntry');
    if (entry) rememberWire(entry, c.res);
  });
  app.use('*', requestId());
  // real client behind TRUST_PROXY, Host check, NUL in URLs, one body limit
  app.use('*', forwarded(shop), hostCheck(shop), requestBodyLimit(), refuseNul());
  // the readable hint that a cached page must fetch its personal part (server/personal-hint.ts)
  app.use('*', personalHint(shop.env, isHttps));
  app.use('*', requestLog(shop));
  // A cached page was rendered with another request's nonce: its CSP names its inline scripts by
  // hash instead (runs after secureHeaders has set the header).
  app.use('*', async (c, next) => {
    await next();
    const hashes = c.get('pageCacheScripts');
    const csp = c.res.headers.get('Content-Security-Policy');
    if (hashes && csp)
      c.res.headers.set(
        'Content-Security-Policy',
        csp.replace(/'nonce-[^']*'/, hashes.join(' ') || "'none'").replace("script-src 'self' 'none'", "script-src 'self'"),
      );
  });
  app.use('*', serviceUnavailable(shop));
  app.use('*', shopSecureHeaders(shop, { nonce: true, formActionOrigins: opts.formActionOrigins }));
  app.use('*', compress());
  // cross-site form posts (also to /logout and /preferences) get 403
  app.use('*', originCheck(shop));
  // Cache-Control is set on the finished response: a header set in serveStatic's onFound comes
  // after the response exists and is lost outside @hono/node-server (e.g. in app.request).
  const cached =
    (cacheControl: string): MiddlewareHandler<HttpEnv> =>
    async (c, next) => {
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
    app.get('/__stats', (c) => {
      // `?gc=1` collects garbage first when node runs with --expose-gc (memory investigations)
      const gc = (globalThis as { gc?: () => void }).gc;
      if (c.req.query('gc') === '1' && gc) gc();
      const m = process.memoryUsage();
      return c.json({
        queries: queryCount(),
        rssBytes: m.rss,
        memory: { heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers },
        pageCache: pageCache?.stats ?? null,
      });
    });

  const handler = createRequestHandler(opts.build, production ? 'production' : 'development');
  // the shop's cookie names (`__Host-` prefixed when PUBLIC_URL is https)
  const names = pageCookieNames(shop.env);
  /**
   * Whether a request may get (and fill) the shared page cache: a storefront GET without an
   * Authorization header, from a visitor whose page is nobody's (no session, empty cart) or whose
   * browser runs scripts and holds the personal hint, so fetches its personal part itself (ADR 010
   * addendum 2).
   */
  const cacheable = (c: Context<HttpEnv>, path: string) =>
    pageCache !== null &&
    c.req.method === 'GET' &&
    CACHEABLE_PATHS.has(path) &&
    !c.req.header('authorization') &&
    maySharePage((name) => getCookie(c, name), names);

  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    // Secure cookies only where the shop is reached over HTTPS (a plain-HTTP start keeps its cart)
    const https = clientOf(c)?.proto === 'https' || url.protocol === 'https:' || secureTransport(shop.env);
    let anonCartId = getCookie(c, names.cart);
    const hadCart = Boolean(anonCartId && CART_COOKIE_ID_PATTERN.test(anonCartId));
    if (!anonCartId || !hadCart) {
      anonCartId = newAnonymousCartId();
      setCookie(c, names.cart, anonCartId, { httpOnly: true, sameSite: 'Lax', secure: https, path: '/', maxAge: CART_COOKIE_MAX_AGE_S });
    }
    const theme = getCookie(c, 'theme');
    const lang = resolveLocale({ query: url.searchParams.get('lang'), cookie: getCookie(c, 'lang'), acceptLanguage: c.req.header('accept-language') });
    // a language chosen by `?lang=` stays for the following pages, whose links do not repeat it
    // (a filter form or pager link would otherwise switch back to the cookie's language)
    const queryLang = matchLocale(url.searchParams.get('lang'));
    if (queryLang && queryLang !== getCookie(c, 'lang'))
      setCookie(c, 'lang', queryLang, { sameSite: 'Lax', secure: https, path: '/', maxAge: LANG_COOKIE_MAX_AGE_S });
    // every absolute URL is built from PUBLIC_URL, never from the request's Host
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
      // keyed and rendered without the parameters the page does not read (utm_source and such)
      const search = pageCacheSearch(url.pathname, url.search);
      const key = pageCacheKey(origin, url.pathname, search, lang, baseContext.theme);
      const version = await readContentVersion(shop.db);
      let entry = cache.get(key, version);
      const state = entry ? 'hit' : 'miss';
      if (!entry) {
        // rendered for nobody: no session, a cart id nobody holds (so an empty cart)
        const render = () => {
          const renderCart = newAnonymousCartId();
          const nonce = c.get('secureHeadersNonce') ?? '';
          return handler(withSearch(publicRequest(c), search), {
            ...baseContext,
            auth: null,
            anonCartId: renderCart,
            cartKey: renderCart,
            nonce,
            shared: true,
          } satisfies ShopLoadContext);
        };
        const filled = await cache.fill(key, version, render);
        if (filled instanceof Response) res = filled;
        else entry = filled;
      }
      if (entry) {
        c.set('pageCacheScripts', entry.scriptHashes);
        c.set('pageCacheEntry', entry);
        res = cachedResponse(entry, c.req.header('if-none-match'), c.req.header('accept-encoding'), c.req.method, state);
        // the new visitor's cart cookie goes straight onto the cached body's headers
        for (const cookie of takePendingCookies(c)) res.headers.append('Set-Cookie', cookie);
        return res;
      }
    } else {
      // a GET changes nothing: the user's cart is read with the account check (one statement)
      const { auth, cart: sessionCart } = await webSessionAndCart(shop, c, c.req.method === 'GET' || c.req.method === 'HEAD');
      const context: ShopLoadContext = {
        ...baseContext,
        auth,
        sessionCart,
        anonCartId,
        cartKey: auth ? auth.userId : anonCartId,
        nonce: c.get('secureHeadersNonce') ?? '',
      };
      res = withNoStore(await handler(publicRequest(c), context), url.pathname, Boolean(auth));
      // After a state-changing request, remember whether the anonymous cart has items: pages
      // of visitors with an empty cart may come from the page cache.
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && hadCart) {
        const items = await countCartItems(shop.db, anonCartId);
        if (items > 0) setCookie(c, names.cartHint, '1', { httpOnly: true, sameSite: 'Lax', secure: https, path: '/', maxAge: CART_COOKIE_MAX_AGE_S });
        else if (getCookie(c, names.cartHint)) setCookie(c, names.cartHint, '', { httpOnly: true, sameSite: 'Lax', secure: https, path: '/', maxAge: 0 });
      }
    }
    res = res!;
    return withPendingCookies(res, takePendingCookies(c));
  });
  return app;
}

/**
 * `req` with its query string replaced by `search`: a shared page is rendered from the query it is
 * cached under, so nothing of a dropped parameter ends up in a page other visitors get.
 */
function withSearch(req: Request, search: string): Request {
  const url = new URL(req.url);
  if (url.search === search) return req;
  url.search = search;
  return new Request(url, { method: req.method, headers: req.headers, signal: req.signal });
}
