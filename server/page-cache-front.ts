/**
 * The front door for cached anonymous pages (ADR 010): a Node request listener that
 * answers a page-cache hit straight from the stored bytes, before the Hono app (its dozen
 * middlewares, a `Request`, a `Response` and their conversions) is involved. Everything else —
 * misses, visitors with a session or a filled cart but no personal hint, other hosts, other paths — goes on to the
 * app, which also renders and stores the pages.
 *
 * It answers only when the app has served the same entry once ({@link PageEntry.wire}: the
 * headers the app's middleware chain put on it — security headers, the CSP with the page's
 * script hashes, Vary, ETag…), so a hit from the front carries the same headers as one from the
 * app; only `X-Request-Id`, the new visitor's `cart_id` cookie, `Content-Encoding` and
 * `Content-Length` are made per request.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { serialize } from 'hono/utils/cookie';
import proxyaddr from 'proxy-addr';
import { isCartCookieId, newAnonymousCartId } from '../core/cart/index.ts';
import { readContentVersion } from '../core/db/index.ts';
import { parseTrustProxy } from '../core/config/index.ts';
import { LOOPBACK_HOSTS, publicOrigin, secureTransport } from '../core/config/browser.ts';
import { LANG_COOKIE, matchLocale, requestLocale } from '../core/i18n/browser.ts';
import type { Shop } from '../core/shop.ts';
import { CACHEABLE_PATHS, maySharePage, pageCacheKey, pageCacheSearch, pageCookieNames, pickEncoding, type PageCache, type PageEntry } from './page-cache.ts';
import { CART_COOKIE_MAX_AGE_S, readCookies } from '../core/accounts/index.ts';

/** Whether an `If-None-Match` header names the entry's ETag. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  return Boolean(ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === etag.slice(2) || t.trim() === '*'));
}

/**
 * A listener answering page-cache hits; resolves false (nothing written) when the request must
 * go to the app.
 */
export function pageCacheFront(shop: Shop, cache: PageCache): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> | boolean {
  const production = shop.env.NODE_ENV === 'production';
  const expectedHost = shop.env.PUBLIC_URL ? new URL(shop.env.PUBLIC_URL).host.toLowerCase() : null;
  const hostAllowed = (host: string) => !production || (expectedHost ? host === expectedHost : LOOPBACK_HOSTS.includes(host.replace(/:\d+$/, '')));
  const trust = parseTrustProxy(shop.env.TRUST_PROXY);
  const origin = publicOrigin(shop.env);
  const alwaysSecure = secureTransport(shop.env);
  // the names the app reads and writes (`__Host-` prefixed over HTTPS)
  const names = pageCookieNames(shop.env);
  const logInfo = () => (shop.log as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled?.('info') ?? true;

  return (req, res) => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const pathname = q < 0 ? raw : raw.slice(0, q);
    // only plain paths (the app decodes and checks the rest, e.g. NUL bytes)
    if (!CACHEABLE_PATHS.has(pathname) || raw.includes('%00') || raw.includes('\u0000')) return false;
    const h = req.headers;
    if (h.authorization) return false;
    const jar = readCookies(h.cookie);
    // a visitor with a session or a filled cart gets the shared page only when the browser runs
    // scripts and holds the personal hint (it then fetches its personal part; app/lib/personal.ts)
    if (!maySharePage((name) => jar[name], names)) return false;
    // the client as the app sees it (server/proxy.ts): forwarded headers only from a trusted proxy
    const peer = req.socket.remoteAddress;
    let host = (h.host ?? '').toLowerCase();
    let proto: 'http' | 'https' = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
    let ip = peer ?? 'unknown';
    if (trust && peer && trust(peer, 0)) {
      const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim().toLowerCase() || undefined;
      host = first(h['x-forwarded-host']) ?? host;
      const fp = first(h['x-forwarded-proto']);
      if (fp === 'https' || fp === 'http') proto = fp;
      ip = proxyaddr(req, trust);
    }
    if (!hostAllowed(host)) return false;
    const search = q < 0 ? '' : raw.slice(q);
    const params = search ? new URLSearchParams(search) : null;
    // a `?lang=` other than the cookie's goes to the app, which remembers it in the cookie
    const queryLang = matchLocale(params?.get('lang'));
    if (queryLang && queryLang !== jar[LANG_COOKIE]) return false;
    // the same function and inputs as the app's edge (api/i18n.ts edgeLocale; the jar is read by the
    // parser behind its getCookie), so the key names the page's language
    const lang = requestLocale({ url: raw, langCookie: jar[LANG_COOKIE], acceptLanguage: h['accept-language'] });
    const themeCookie = jar.theme;
    const theme = themeCookie === 'light' || themeCookie === 'dark' ? themeCookie : null;
    const key = pageCacheKey(origin, pathname, pageCacheSearch(pathname, search), lang, theme);
    const answer = (version: number): boolean => {
      const e = cache.peek(key, version);
      if (!e?.wire) return false;
      write(e, e.wire, req, res, jar, proto === 'https' || alwaysSecure, names.cart);
      if (logInfo()) shop.log.info({ method, path: pathname, status: res.statusCode, ip, page: 'front' }, 'request');
      return true;
    };
    const v = readContentVersion(shop.db);
    return v.then(answer);
  };
}

function write(
  e: PageEntry,
  wire: [string, string][],
  req: IncomingMessage,
  res: ServerResponse,
  jar: Record<string, string | undefined>,
  secure: boolean,
  cartCookie: string,
) {
  const headers: [string, string][] = [...wire, ['X-Request-Id', randomUUID()]];
  if (!isCartCookieId(jar[cartCookie])) {
    headers.push([
      'Set-Cookie',
      serialize(cartCookie, newAnonymousCartId(), { httpOnly: true, sameSite: 'Lax', secure, path: '/', maxAge: CART_COOKIE_MAX_AGE_S }),
    ]);
  }
  if (matches(req.headers['if-none-match'], e.etag)) {
    res.writeHead(304, headers.flat());
    res.end();
    return;
  }
  const enc = pickEncoding(req.headers['accept-encoding']);
  const body = enc === 'br' ? e.br : enc === 'gzip' ? e.gzip : e.identity;
  if (enc) headers.push(['Content-Encoding', enc]);
  headers.push(['Content-Length', String(body.length)]);
  res.writeHead(e.status, headers.flat());
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * A Node request listener that tries `front` first and hands the request to `app` (the Hono
 * app's listener) when the front does not answer it.
 */
export function withFront(front: ((req: IncomingMessage, res: ServerResponse) => Promise<boolean> | boolean) | null, app: RequestListener): RequestListener {
  if (!front) return app;
  return (req, res) => {
    let handled: Promise<boolean> | boolean;
    try {
      handled = front(req, res);
    } catch {
      handled = false;
    }
    if (handled === true) return;
    if (handled === false) return void app(req, res);
    handled.then(
      (done) => {
        if (!done) void app(req, res);
      },
      () => {
        if (!res.headersSent) void app(req, res);
      },
    );
  };
}
