/**
 * In-process cache of anonymous storefront pages (ADR 010).
 *
 * What is cached: the HTML of a GET of one of {@link CACHEABLE_PATHS} without an Authorization
 * header, keyed by origin, path and query, language and theme. Such a page is rendered for nobody
 * (no session, a fresh, never-used cart id; the root loader says `personal: false`), so it cannot
 * contain anybody's data. It is served to visitors without a session (no `access_token`/
 * `refresh_token` cookie) whose anonymous cart is empty (no {@link CART_HINT_COOKIE}), and to
 * visitors with a session or a filled cart whose browser runs scripts and holds the readable
 * personal hint (server/personal-hint.ts sets it, app/lib/personal.ts marks it): their page's
 * script then fetches the personal part (the root loader's user and cart) in one small request.
 * Visitors with a session or a filled cart and no marked hint (no JavaScript, or the first page)
 * get a normal (uncached) render, which gives them the hint.
 *
 * When an entry is valid: it remembers the content version (core/db/content-version.ts) read
 * before it was rendered, and is served only while the version is unchanged. Triggers bump the
 * version in the same transaction as every write to `products` or `shop_config`, so a price,
 * stock, product, setting or promo-text change shows on the next request, whoever wrote it.
 *
 * How it is served: identity, gzip and brotli bodies are made once at fill time; the response
 * carries a weak ETag (If-None-Match answers 304) and `Cache-Control: no-cache` (browsers
 * revalidate). Inline scripts keep the nonce they were rendered with, which is no secret any
 * more, so a cached page's Content-Security-Policy allows its inline scripts by their SHA-256
 * hashes instead of a nonce (`pageCacheCsp`).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  ACCESS_COOKIE,
  CART_COOKIE,
  CART_HINT_COOKIE,
  PERSONAL_HINT_COOKIE,
  PERSONAL_HINT_SCRIPTS,
  REFRESH_COOKIE,
  cookieName,
} from '../core/accounts/browser.ts';
import type { Env } from '../core/config/index.ts';
import { matchLocale } from '../core/i18n/browser.ts';
import { TOO_LARGE_VALUES } from './body-limit.ts';

/**
 * Paths whose anonymous GETs are cached, each with the query parameters its loader reads (besides
 * {@link EVERY_PAGE_PARAMS}). Only these are part of the cache key: a `?utm_source=` or a
 * random parameter would otherwise make a new entry per value (cache busting, memory growth), and
 * the page ignores it anyway.
 */
const CACHED_PAGE_PARAMS: Readonly<Record<string, readonly string[]>> = {
  '/': [],
  // app/routes/client/products.tsx `Query`
  '/client/products': ['sort', 'category', 'strength', 'page', 'q'],
  '/productdetail': ['id'],
  // the i18n demonstration of app/routes/about.tsx
  '/about': ['value', 'name'],
  '/readme': [],
  '/client/privacypolicy': [],
  '/client/termsandconditions': [],
  '/client/returns': [],
  '/client/shipping': [],
};

/**
 * Query parameters every page reads: `lang` (root loader) and `toolarge`, the refused upload's
 * size the default layout shows (server/body-limit.ts, app/components/BodyLimitNotice.tsx).
 */
const EVERY_PAGE_PARAMS: readonly string[] = ['lang', 'toolarge'];

/** Paths whose anonymous GETs are cached (one entry per {@link pageCacheSearch}). */
export const CACHEABLE_PATHS: ReadonlySet<string> = new Set(Object.keys(CACHED_PAGE_PARAMS));

/**
 * The value of an {@link EVERY_PAGE_PARAMS} parameter as it is keyed, or null to drop it: `lang`
 * only as one of the shop's locales (`DE`, `de-CH` → `de`; the page reads it so anyway) and
 * `toolarge` only as one of the limits a refusal redirects with ({@link TOO_LARGE_VALUES}). Any
 * other value would make a new entry per value (cache busting) for a page that ignores it.
 */
function everyPageValue(name: string, value: string): string | null {
  if (name === 'lang') return matchLocale(value);
  if (name === 'toolarge') return TOO_LARGE_VALUES.has(value) ? value : null;
  return null;
}

/**
 * The query string a cached page is keyed and rendered by: only the parameters of
 * {@link CACHED_PAGE_PARAMS} for `pathname` and {@link EVERY_PAGE_PARAMS} (the first of each, with a
 * known value: {@link everyPageValue}), sorted by name (repeated ones keep their order), as
 * `?a=1&b=2`, or `''` when none is left.
 */
export function pageCacheSearch(pathname: string, search: string): string {
  if (!search || search === '?') return '';
  const known = CACHED_PAGE_PARAMS[pathname] ?? [];
  const kept: [string, string][] = [];
  const seen = new Set<string>();
  for (const [name, value] of new URLSearchParams(search)) {
    if (known.includes(name)) kept.push([name, value]);
    else if (EVERY_PAGE_PARAMS.includes(name) && !seen.has(name)) {
      seen.add(name);
      const normal = everyPageValue(name, value);
      if (normal !== null) kept.push([name, normal]);
    }
  }
  if (kept.length === 0) return '';
  kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return `?${new URLSearchParams(kept)}`;
}

/**
 * Cookie telling the server that the visitor's anonymous cart has items (value `1`); set or
 * cleared after every state-changing request that carries a cart cookie (server/app.ts). Without
 * it the visitor's cart is empty and the cached anonymous page shows exactly what they would see.
 * Base name: over HTTPS it is `__Host-cart_items` (core/accounts/cookies.ts `cookieName`).
 */

/** The shop's cookie names the page cache and its front door read (core/accounts/cookies.ts). */
export type PageCookieNames = { access: string; refresh: string; cart: string; cartHint: string; personal: string };

/** {@link PageCookieNames} of this shop: `__Host-` prefixed when `PUBLIC_URL` is https. */
export function pageCookieNames(env: Pick<Env, 'PUBLIC_URL'>): PageCookieNames {
  return {
    access: cookieName(ACCESS_COOKIE, env),
    refresh: cookieName(REFRESH_COOKIE, env),
    cart: cookieName(CART_COOKIE, env),
    cartHint: cookieName(CART_HINT_COOKIE, env),
    personal: cookieName(PERSONAL_HINT_COOKIE, env),
  };
}

/** The cookies that make a visitor's page their own: the session and the filled-cart hint. */
export const personalCookies = (names: PageCookieNames): string[] => [names.access, names.refresh, names.cartHint];

/**
 * Whether a visitor may be served the shared page (ADR 027): their page is nobody's
 * (no session, no filled cart), or their browser runs scripts and holds the personal hint, so it
 * fetches its own part (app/lib/personal.ts). One rule for the app and the front door.
 * @param read a cookie's value by name (undefined or empty when the request has none).
 */
export function maySharePage(read: (name: string) => string | undefined, names: PageCookieNames): boolean {
  return read(names.personal) === PERSONAL_HINT_SCRIPTS || !personalCookies(names).some((name) => read(name));
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A cached page. */
export type PageEntry = {
  version: number;
  status: number;
  headers: [string, string][];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  /** `'sha256-…'` sources of the page's inline scripts, for its Content-Security-Policy. */
  scriptHashes: string[];
  bytes: number;
  /**
   * The headers the app's middleware chain gave this page when it was last served as a hit or
   * miss (without the per-request X-Request-Id, Set-Cookie, Content-Encoding, Content-Length), for
   * the front (server/page-cache-front.ts); unset until then.
   */
  wire?: [string, string][];
};

/** The cache key of a page: public origin, path, query (from {@link pageCacheSearch}), language, theme. */
export function pageCacheKey(origin: string, pathname: string, search: string, lang: string, theme: string | null): string {
  return `${origin}${pathname}${search}\n${lang}\n${theme ?? ''}`;
}

/** Response headers not kept in {@link PageEntry.wire} (made per request). */
const PER_REQUEST = new Set(['x-request-id', 'set-cookie', 'content-encoding', 'content-length', 'date', 'x-page-cache']);

/** Remembers the final headers of a served 200 page on its entry (see {@link PageEntry.wire}). */
export function rememberWire(e: PageEntry, res: Response): void {
  if (res.status !== 200 || e.wire) return;
  const wire: [string, string][] = [];
  res.headers.forEach((v, k) => {
    if (!PER_REQUEST.has(k)) wire.push([k, v]);
  });
  wire.push(['X-Page-Cache', 'hit']);
  e.wire = wire;
}

export type PageCacheStats = { entries: number; bytes: number; hits: number; misses: number; fills: number };

/** Headers of the rendered response that are not stored (per-response or recomputed). */
const DROPPED = new Set(['set-cookie', 'content-length', 'content-encoding', 'date', 'etag', 'vary', 'cache-control', 'content-security-policy']);

/** The SHA-256 CSP sources of the inline `<script>` elements (those without `src`) of `html`. */
function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (/\bsrc\s*=/i.test(m[1])) continue;
    out.add(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return [...out];
}

/** The encoding to answer with for an Accept-Encoding header: `br`, `gzip` or identity (null). */
export function pickEncoding(acceptEncoding: string | undefined | null): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (n: string) => (accepted.get(n) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/**
 * A bounded LRU of rendered pages with single-flight fills.
 * @param opts.maxBytes total size of the stored bodies (all encodings), default 48 MiB
 * @param opts.maxEntries default 2,000
 */
export class PageCache {
  private entries = new Map<string, PageEntry>();
  private fills = new Map<string, Promise<PageEntry | Response>>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly maxEntries: number;
  readonly stats: PageCacheStats = { entries: 0, bytes: 0, hits: 0, misses: 0, fills: 0 };

  constructor(opts: { maxBytes?: number; maxEntries?: number } = {}) {
    this.maxBytes = opts.maxBytes ?? 48 * 1024 * 1024;
    this.maxEntries = opts.maxEntries ?? 2_000;
  }

  /** Like {@link get}, for the front: the entry without moving it in the LRU order (a hit). */
  peek(key: string, version: number): PageEntry | null {
    const e = this.entries.get(key);
    if (!e || e.version !== version) return null;
    this.stats.hits++;
    return e;
  }

  /** The entry of `key` if it was filled at `version` (and marks it recently used). */
  get(key: string, version: number): PageEntry | null {
    const e = this.entries.get(key);
    if (!e) return null;
    if (e.version !== version) {
      this.delete(key);
      return null;
    }
    this.entries.delete(key);
    this.entries.set(key, e);
    this.stats.hits++;
    return e;
  }

  /**
   * The entry of `key` at `version`, rendered by `render()` when the response is cacheable
   * (status 200, HTML, no Set-Cookie, no `private`/`no-store`); concurrent callers for the same
   * key and version share one render. Resolves with the response itself when it was not
   * cacheable (callers that joined another's render then render on their own).
   */
  fill(key: string, version: number, render: () => Promise<Response>): Promise<PageEntry | Response> {
    const fillKey = `${version}\n${key}`;
    const running = this.fills.get(fillKey);
    if (running) return running.then((r): Promise<PageEntry | Response> | PageEntry => (r instanceof Response ? render() : r));
    this.stats.misses++;
    const p = (async (): Promise<PageEntry | Response> => {
      const res = await render();
      const cc = res.headers.get('cache-control') ?? '';
      const type = res.headers.get('content-type') ?? '';
      if (res.status !== 200 || !type.startsWith('text/html') || res.headers.has('set-cookie') || /private|no-store/i.test(cc)) return res;
      const identity = Buffer.from(await res.arrayBuffer());
      const [gz, br] = await Promise.all([
        gzip(identity, { level: 9 }),
        brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      ]);
      const headers: [string, string][] = [];
      res.headers.forEach((v, k) => {
        if (!DROPPED.has(k.toLowerCase())) headers.push([k, v]);
      });
      const e: PageEntry = {
        version,
        status: res.status,
        headers,
        identity,
        gzip: gz,
        br,
        etag: `W/"${createHash('sha1').update(identity).digest('base64url')}"`,
        scriptHashes: inlineScriptHashes(identity.toString('utf8')),
        bytes: identity.length + gz.length + br.length,
      };
      this.stats.fills++;
      this.set(key, e);
      return e;
    })().finally(() => this.fills.delete(fillKey));
    this.fills.set(fillKey, p);
    return p;
  }

  /** Forgets every entry (the content version makes this unnecessary for correctness). */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.sync();
  }

  private set(key: string, e: PageEntry) {
    this.delete(key);
    if (e.bytes > this.maxBytes / 4) return;
    this.entries.set(key, e);
    this.bytes += e.bytes;
    while (this.bytes > this.maxBytes || this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    this.sync();
  }

  private delete(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
    this.sync();
  }

  private sync() {
    this.stats.entries = this.entries.size;
    this.stats.bytes = this.bytes;
  }
}

/**
 * A response for a cached page: 304 when `ifNoneMatch` names its ETag, else the body in the
 * best encoding the client accepts. `X-Page-Cache` tells whether it was served from the cache
 * (`hit`) or rendered for this request (`miss`).
 */
export function cachedResponse(
  e: PageEntry,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
  method: string,
  state: 'hit' | 'miss',
): Response {
  const headers = new Headers(e.headers);
  headers.set('X-Page-Cache', state);
  headers.set('ETag', e.etag);
  headers.set('Cache-Control', 'no-cache');
  headers.set('Vary', 'Accept-Encoding, Accept-Language, Cookie');
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === e.etag || t.trim() === e.etag.slice(2) || t.trim() === '*')) {
    return new Response(null, { status: 304, headers });
  }
  const enc = pickEncoding(acceptEncoding);
  const body = enc === 'br' ? e.br : enc === 'gzip' ? e.gzip : e.identity;
  if (enc) headers.set('Content-Encoding', enc);
  headers.set('Content-Length', String(body.length));
  return new Response(method === 'HEAD' ? null : (body as unknown as BodyInit), { status: e.status, headers });
}
