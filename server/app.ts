/**
 * The HTTP application (docs/architecture.md, "Stack"): first `/api/*` with its own lean chain
 * (server/api-chain.ts: request id, Host check, body limit, NUL refusal, log, security headers,
 * compression of large answers), then the pages' chain — request ids and logs, security headers
 * with a CSP nonce, compression, static assets (hashed ones cached immutably) — the resource
 * endpoints (server/resources.ts) and the React Router request handler with the per-request load
 * context.
 */
import { Hono, type Handler, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import type { ServerBuild } from 'react-router';
import { createApi } from '../api/index.ts';
import { edgeLocale } from '../api/i18n.ts';
import type { Shop } from '../core/shop.ts';
import { queryCount } from '../core/db/index.ts';
import { PageCache } from './page-cache.ts';
import { pageCacheFront } from './page-cache-front.ts';
import { precompressedAssets } from './precompressed.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CART_COOKIE } from '../core/accounts/browser.ts';
import { personalHint } from './personal-hint.ts';
import { forwarded } from './proxy.ts';
import { hostCheck } from './host-check.ts';
import { originCheck } from './origin-check.ts';
import { requestBodyLimit } from './body-limit.ts';
import { refuseNul } from './nul-bytes.ts';
import { serviceUnavailable } from './unavailable.ts';
import { apiChain, jsonChain } from './api-chain.ts';
import { PERSONAL_PART_PATH, personalPart } from './personal-part.ts';
import { requestLog } from './request-log.ts';
import { shopSecureHeaders } from './security-headers.ts';
import { opsRoutes, type Lifecycle } from './ops.ts';
import type { HttpEnv } from './http-env.ts';
import { cachedPageCsp, rememberCachedWire } from './cached-page-headers.ts';
import { hashedAssetFiles, otherStaticFiles, translationCatalogue } from './static-files.ts';
import { pageRequests, reachedOverHttps } from './pages.ts';
import { mountResources, resourceRoutesOf } from './resources.ts';
import { routeLabeler, type RouteLabeler } from './route-label.ts';

/** Cookie holding the anonymous cart id (HttpOnly; 90 days); `__Host-cart_id` over HTTPS (core/accounts/cookies.ts). */
export { CART_COOKIE };

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
  /**
   * Serve the files of `clientDir` (hashed assets cached immutably). Default true; `npm run dev`
   * turns it off: Vite serves the modules there, and an old build/client must not answer.
   */
  staticFiles?: boolean;
};

/** An HTTP app, its page cache (for statistics and tests) and the cache's front door. */
export type HttpApp = Hono<HttpEnv> & {
  pageCache: PageCache | null;
  /**
   * Answers a page-cache hit before the app (server/page-cache-front.ts); false (nothing
   * written) when the request is for the app. Null without a page cache.
   */
  front: ((req: IncomingMessage, res: ServerResponse) => Promise<boolean> | boolean) | null;
  /** The metrics' `route` label of a request path and status, from the app's own routes (server/route-label.ts). */
  routeLabel: RouteLabeler;
};

/**
 * An HTTP app and its page cache (for statistics and tests). The order of the steps is the
 * behaviour: health first (no Host check, session or cache), the JSON API with its own chain (its
 * catch-all answers every /api path, so no page middleware runs for it), hashed assets from
 * memory, the personal part of shared pages with its own chain, then the pages' chain outermost
 * first, and last the pages themselves.
 */
export function createHttpApp(shop: Shop, opts: HttpAppOptions): HttpApp {
  const pageCache = opts.pageCache === false ? null : (opts.pageCache ?? new PageCache());
  const root = opts.clientDir ?? 'build/client';
  const app = new Hono<HttpEnv>() as HttpApp;
  app.pageCache = pageCache;
  app.front = pageCache ? pageCacheFront(shop, pageCache) : null;
  app.route(
    '/',
    opsRoutes(shop, opts.lifecycle ?? { draining: false }, () => pageCache?.stats ?? null),
  );
  app.use('/api/*', ...apiChain(shop));
  const api = createApi(shop);
  app.route('/api', api);
  // from memory, with the few headers a script or style sheet needs (server/precompressed.ts)
  const staticFiles = opts.staticFiles !== false;
  if (staticFiles) app.use('/assets/*', forwarded(shop), hostCheck(shop), precompressedAssets(root));
  app.use(PERSONAL_PART_PATH, ...personalPartChain(shop));
  app.get(PERSONAL_PART_PATH, personalPart(shop));
  // the request's language, decided once for every later step (api/i18n.ts)
  app.use('*', edgeLocale());
  app.use('*', rememberCachedWire());
  app.use('*', requestId());
  // real client behind TRUST_PROXY, Host check, NUL in URLs, one body limit
  app.use('*', forwarded(shop), hostCheck(shop), requestBodyLimit(), refuseNul());
  app.use(
    '*',
    personalHint(shop.env, (c) => reachedOverHttps(shop, c)),
  );
  app.use('*', requestLog(shop));
  app.use('*', cachedPageCsp());
  app.use('*', serviceUnavailable(shop));
  app.use('*', shopSecureHeaders(shop, { nonce: true, formActionOrigins: opts.formActionOrigins }));
  app.use('*', compress());
  // cross-site form posts (also to /logout and /preferences) get 403
  app.use('*', originCheck(shop));
  if (staticFiles) {
    app.use('/assets/*', ...hashedAssetFiles(root));
    app.use('*', otherStaticFiles(root));
  }
  app.get('/i18n/:lng/:file', translationCatalogue);
  if (opts.stats) app.get('/__stats', statsRoute(pageCache));
  // files, downloads and the two form posts, before (and instead of) React Router (ADR 019)
  mountResources(app, shop, resourceRoutesOf(opts.build));
  app.all('*', pageRequests(shop, opts.build, pageCache));
  app.routeLabel = routeLabeler({
    build: opts.build,
    api: [{ prefix: '', app: api }],
    resources: resourceRoutesOf(opts.build),
    fixed: ['/healthz', '/readyz', '/metrics', PERSONAL_PART_PATH, ...(opts.stats ? ['/__stats'] : [])],
  });
  return app;
}

/**
 * The chain of the personal part of a shared page (server/personal-part.ts, ADR 015), of its own
 * like the API's: a JSON answer needs no CSP nonce, page cache, static files or cart cookie; the
 * personal hint is kept in step (a stale one is cleared by this answer).
 */
function personalPartChain(shop: Shop): MiddlewareHandler[] {
  return jsonChain(
    shop,
    personalHint(shop.env, (c) => reachedOverHttps(shop, c)),
  );
}

/**
 * `GET /__stats` for `npm run bench`: SQL statements sent, memory and the page cache's counters;
 * `?gc=1` collects garbage first when node runs with --expose-gc (memory investigations).
 */
function statsRoute(pageCache: PageCache | null): Handler<HttpEnv> {
  return (c) => {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (c.req.query('gc') === '1' && gc) gc();
    const m = process.memoryUsage();
    return c.json({
      queries: queryCount(),
      rssBytes: m.rss,
      memory: { heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers },
      pageCache: pageCache?.stats ?? null,
    });
  };
}
