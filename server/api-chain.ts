/**
 * The middleware chain of the JSON API, `/api/*` (ADR 013). server/app.ts mounts it
 * and the API before the pages' chain, so a JSON call runs only what applies to it:
 *
 * the request's language (api/i18n.ts) → request id → client behind `TRUST_PROXY` → Host check (421) → body limit (413) → NUL refusal
 * (400) → request log → 503 while the database is down → security headers (without a CSP nonce)
 * → compression of large answers → the API (api/index.ts: `Cache-Control: no-store`, rate limits,
 * validation, authentication per call).
 *
 * Left out, as they never applied to `/api`: the page cache, the CSP nonce and the cached pages'
 * script hashes, the cross-site form check (the API authenticates with a header token, not a
 * cookie; docs/api.md), static files and the cart cookie and session of pages.
 */
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX, compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import { edgeLocale } from '../api/i18n.ts';
import type { Shop } from '../core/shop.ts';
import { requestBodyLimit } from './body-limit.ts';
import { hostCheck } from './host-check.ts';
import { refuseNul } from './nul-bytes.ts';
import { forwarded } from './proxy.ts';
import { requestLog } from './request-log.ts';
import { shopSecureHeaders } from './security-headers.ts';
import { serviceUnavailable } from './unavailable.ts';

/**
 * Makes `c.json` state the answer's length (`Content-Length`, bytes of the UTF-8 text). Hono's
 * `compress()` then leaves answers under its threshold ({@link COMPRESS_THRESHOLD}) alone — a live-search answer or a
 * cart is a few hundred bytes, and compressing them cost a stream per call and gained nothing —
 * and compresses larger ones (product lists, the OpenAPI document) as before, dropping the length.
 */
function jsonWithLength(): MiddlewareHandler {
  return async (c, next) => {
    c.json = ((object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => {
      const text = JSON.stringify(object);
      return c.body(text, arg as never, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)), ...headers });
    }) as unknown as typeof c.json;
    await next();
  };
}

/** Hono's `compress()` threshold: smaller answers are sent as they are. */
const COMPRESS_THRESHOLD = 1024;

/**
 * Hono's `compress()` for clients that accept gzip or deflate. For the others (scripts, load
 * generators, some proxies) nothing can be compressed, so the answer is left as it is, with the
 * `Vary: Accept-Encoding` that `compress()` would have set — on the response's own headers, not
 * with `c.header()`, which copies a finished response.
 */
function compressAccepted(): MiddlewareHandler {
  const full = compress({ threshold: COMPRESS_THRESHOLD });
  return async (c, next) => {
    if (/gzip|deflate/i.test(c.req.header('accept-encoding') ?? '')) return full(c, next);
    await next();
    const h = c.res.headers;
    const length = h.get('content-length');
    if (h.has('content-encoding') || (length && Number(length) < COMPRESS_THRESHOLD) || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(h.get('content-type') ?? ''))
      return;
    const vary = h.get('vary');
    if (!vary) h.set('Vary', 'Accept-Encoding');
    else if (vary !== '*' && !/accept-encoding/i.test(vary)) h.set('Vary', `${vary}, Accept-Encoding`);
  };
}

/**
 * The middlewares of a JSON answer, in order (see the module comment): the API's, and those of
 * the personal part of shared pages (server/app.ts). `beforeLog` runs right after the NUL refusal,
 * before the request log.
 */
export function jsonChain(shop: Shop, ...beforeLog: MiddlewareHandler[]): MiddlewareHandler[] {
  return [
    edgeLocale(),
    requestId(),
    forwarded(shop),
    hostCheck(shop),
    requestBodyLimit(),
    refuseNul(),
    ...beforeLog,
    requestLog(shop),
    serviceUnavailable(shop),
    shopSecureHeaders(shop, { nonce: false }),
    compressAccepted(),
    jsonWithLength(),
  ];
}

/** The middlewares of `/api/*`, in order (see the module comment). */
export function apiChain(shop: Shop): MiddlewareHandler[] {
  return jsonChain(shop);
}
