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
import { pickLocale } from '../app/i18n/locales.ts';
import type { ShopLoadContext } from '../app/context.ts';
import { webSession } from './session.ts';
import { clientIp } from '../api/client-ip.ts';
import { clientOf, forwarded, publicRequest } from './proxy.ts';
import { scrubPath } from '../core/redact.ts';
import { withNoStore } from './no-store.ts';
import { hostCheck } from './host-check.ts';
import { requestBodyLimit } from './body-limit.ts';
import { refuseNul } from './nul-bytes.ts';
import { publicOrigin, secureTransport } from '../core/config/production.ts';

/** Cookie holding the anonymous cart id (HttpOnly; 90 days). */
export const CART_COOKIE = 'cart_id';
const CART_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 90;

/** Extra origins the browser may be sent to by forms (payment pages). */
export type HttpAppOptions = { build: ServerBuild; formActionOrigins?: string[]; clientDir?: string };

type HttpEnv = { Variables: { secureHeadersNonce?: string; /** set when a file of build/client answered */ staticFile?: boolean } };

export function createHttpApp(shop: Shop, opts: HttpAppOptions): Hono<HttpEnv> {
  const production = shop.env.NODE_ENV === 'production';
  const app = new Hono<HttpEnv>();
  app.use('*', requestId());
  // issue 12: real client behind TRUST_PROXY, Host check, NUL in URLs, one body limit
  app.use('*', forwarded(shop), hostCheck(shop), requestBodyLimit(), refuseNul());
  app.use('*', async (c, next) => {
    const start = performance.now();
    await next();
    const ms = Math.round((performance.now() - start) * 10) / 10;
    shop.log.info({ reqId: c.get('requestId' as never), method: c.req.method, path: scrubPath(c.req.path), status: c.res.status, ms }, 'request');
  });
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
  app.use('*', cached('public, max-age=3600'), serveStatic({ root, onFound: markStatic }));
  app.route('/api', createApi(shop));

  const handler = createRequestHandler(opts.build, production ? 'production' : 'development');
  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    // Secure cookies only where the shop is reached over HTTPS (a plain-HTTP start keeps its cart)
    const https = clientOf(c)?.proto === 'https' || url.protocol === 'https:' || secureTransport(shop.env);
    let anonCartId = getCookie(c, CART_COOKIE);
    if (!anonCartId || !ANON_ID_PATTERN.test(anonCartId)) {
      anonCartId = newAnonymousCartId();
      setCookie(c, CART_COOKIE, anonCartId, { httpOnly: true, sameSite: 'Lax', secure: https, path: '/', maxAge: CART_COOKIE_MAX_AGE_S });
    }
    const auth = await webSession(shop, c);
    const theme = getCookie(c, 'theme');
    const context: ShopLoadContext = {
      shop,
      auth,
      anonCartId,
      cartKey: auth ? auth.userId : anonCartId,
      lang: pickLocale(url.searchParams.get('lang'), getCookie(c, 'lang'), c.req.header('accept-language')),
      theme: theme === 'light' || theme === 'dark' ? theme : null,
      nonce: c.get('secureHeadersNonce') ?? '',
      // every absolute URL is built from PUBLIC_URL, never from the request's Host (issue 12)
      origin: publicOrigin(shop.env),
      clientIp: clientIp(c),
    };
    const res = withNoStore(await handler(publicRequest(c), context), url.pathname, Boolean(auth));
    // keep cookies set by middleware (cart id, refreshed session) on the router's response
    const pending = c.res.headers.getSetCookie?.() ?? [];
    if (pending.length === 0) return res;
    const headers = new Headers(res.headers);
    for (const cookie of pending) headers.append('Set-Cookie', cookie);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  });
  return app;
}
