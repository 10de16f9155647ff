/**
 * The pages' last step (server/app.ts): every request the middlewares let through goes to the
 * React Router request handler with the per-request load context (app/context.ts). Gives an
 * anonymous visitor a cart id, remembers a language chosen with `?lang=`, answers a storefront
 * page from the shared page cache when nobody's page would differ (server/page-cache.ts, ADR 027), and otherwise renders the visitor's own page.
 */
import type { Context, Handler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { countCartItems, isCartCookieId, newAnonymousCartId } from '../core/cart/index.ts';
import type { Shop } from '../core/shop.ts';
import { LANG_COOKIE, matchLocale } from '../core/i18n/browser.ts';
import { readContentVersion } from '../core/db/index.ts';
import { publicOrigin, secureTransport } from '../core/config/browser.ts';
import { clientIp } from '../api/client-ip.ts';
import type { ShopLoadContext } from '../app/context.ts';
import type { HttpEnv } from './http-env.ts';
import { webSessionAndCart } from './session.ts';
import {
  CACHEABLE_PATHS,
  PageCache,
  cachedResponse,
  maySharePage,
  pageCacheKey,
  pageCacheSearch,
  pageCookieNames,
  type PageCookieNames,
  type PageEntry,
} from './page-cache.ts';
import { completePage, headerFrame, type HeaderRenderer } from './personal-page.ts';
import { clientOf, publicRequest } from './proxy.ts';
import { withNoStore } from './no-store.ts';
import { CART_COOKIE_MAX_AGE_S } from '../core/accounts/index.ts';

/** How long a language chosen with `?lang=` is remembered (one year, like the picker's). */
const LANG_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 365;

/** The load context every page gets, whoever it is rendered for. */
type BaseContext = Pick<ShopLoadContext, 'shop' | 'lang' | 'theme' | 'origin' | 'clientIp'>;

/** What the page step knows about one request before it renders. */
type PageVisit = {
  url: URL;
  /** Whether cookies may be marked Secure. */
  https: boolean;
  anonCartId: string;
  /** Whether the request brought a well-formed anonymous cart id of its own. */
  hadCart: boolean;
  base: BaseContext;
};

/**
 * The context React Router hands loaders, actions and middleware for one request: with
 * `future.v8_middleware` it must be a `RouterContextProvider`; it carries the shop's fields
 * (app/context.ts declares them on it), so loaders keep reading `context.shop`, `context.auth`…
 */
function routerContext(fields: ShopLoadContext): RouterContextProvider {
  return Object.assign(new RouterContextProvider(), fields);
}

/** Secure cookies only where the shop is reached over HTTPS (a plain-HTTP start keeps its cart). */
export function reachedOverHttps(shop: Shop, c: Context, url = new URL(c.req.url)): boolean {
  return clientOf(c)?.proto === 'https' || url.protocol === 'https:' || secureTransport(shop.env);
}

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
function withPendingCookies(res: Response, pending: string[]): Response {
  if (pending.length === 0) return res;
  const own = new Set(res.headers.getSetCookie().map(setCookieName));
  const extra = pending.filter((cookie) => !own.has(setCookieName(cookie)));
  if (extra.length === 0) return res;
  const headers = new Headers(res.headers);
  for (const cookie of extra) headers.append('Set-Cookie', cookie);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/**
 * The page handler: the visit is read (cart id, language, theme), then the page comes from the
 * shared cache when {@link mayUsePageCache}, else it is rendered for the visitor.
 */
export function pageRequests(shop: Shop, build: ServerBuild, pageCache: PageCache | null): Handler<HttpEnv> {
  const handler = createRequestHandler(build, shop.env.NODE_ENV === 'production' ? 'production' : 'development');
  const render: PageRenderer = (request, context) => handler(request, routerContext(context));
  const names = pageCookieNames(shop.env);
  const header = (build.entry.module as { renderPersonalHeader?: HeaderRenderer }).renderPersonalHeader;
  return async (c) => {
    const visit = readVisit(shop, c, names);
    if (pageCache && mayUsePageCache(c, visit.url.pathname, names)) return sharedPage(c, pageCache, handler, visit);
    if (pageCache && header && isStorefrontGet(c, visit.url.pathname)) return pageWithOwnHeader(c, pageCache, handler, header, render, names, visit);
    return personalPage(shop, c, render, names, visit);
  };
}

/** Renders a page (or a resource's answer) for a request and the visitor's load context. */
type PageRenderer = (request: Request, context: ShopLoadContext) => Promise<Response>;

/**
 * A resource endpoint's handler (server/resources.ts) with everything the page step gives a page:
 * the visit (cart cookie, `?lang=`), the session check (refreshed or cleared session cookies), the
 * load context, `no-store` for personal answers and the cart hint after a POST. So an endpoint
 * answers with the same cookies and headers it had as a React Router resource route.
 * @param answer runs the endpoint for the request and its context.
 */
export function resourceRequests(shop: Shop, answer: (request: Request, context: ShopLoadContext) => Promise<Response>): Handler<HttpEnv> {
  const names = pageCookieNames(shop.env);
  return (c) => personalPage(shop, c, answer, names, readVisit(shop, c, names));
}

/** The request's cart id (a new one is issued by cookie when missing or malformed), language and theme. */
function readVisit(shop: Shop, c: Context<HttpEnv>, names: PageCookieNames): PageVisit {
  const url = new URL(c.req.url);
  const https = reachedOverHttps(shop, c, url);
  let anonCartId = getCookie(c, names.cart);
  const hadCart = isCartCookieId(anonCartId);
  if (!anonCartId || !hadCart) {
    anonCartId = newAnonymousCartId();
    setCookie(c, names.cart, anonCartId, { httpOnly: true, sameSite: 'Lax', secure: https, path: '/', maxAge: CART_COOKIE_MAX_AGE_S });
  }
  const theme = getCookie(c, 'theme');
  // decided once at the edge (api/i18n.ts edgeLocale), as the front door decides it for its key
  const lang = c.get('locale');
  // a language chosen by `?lang=` stays for the following pages, whose links do not repeat it
  // (a filter form or pager link would otherwise switch back to the cookie's language)
  const queryLang = matchLocale(url.searchParams.get('lang'));
  if (queryLang && queryLang !== getCookie(c, LANG_COOKIE))
    setCookie(c, LANG_COOKIE, queryLang, { sameSite: 'Lax', secure: https, path: '/', maxAge: LANG_COOKIE_MAX_AGE_S });
  const base = {
    shop,
    lang,
    theme: theme === 'light' || theme === 'dark' ? theme : null,
    // every absolute URL is built from PUBLIC_URL, never from the request's Host
    origin: publicOrigin(shop.env),
    clientIp: clientIp(c),
  } as const;
  return { url, https, anonCartId, hadCart, base };
}

/**
 * Whether a request may get (and fill) the shared page cache: a storefront GET without an
 * Authorization header, from a visitor whose page is nobody's (no session, empty cart) or whose
 * browser runs scripts and holds the personal hint, so fetches its personal part itself (ADR 027).
 */
function mayUsePageCache(c: Context<HttpEnv>, path: string, names: PageCookieNames): boolean {
  return isStorefrontGet(c, path) && maySharePage((name) => getCookie(c, name), names);
}

/** A GET of a page the shared page cache holds, without an Authorization header. */
function isStorefrontGet(c: Context<HttpEnv>, path: string): boolean {
  return c.req.method === 'GET' && CACHEABLE_PATHS.has(path) && !c.req.header('authorization');
}

/**
 * The page from the shared cache, rendered for nobody on a miss (no session, a cart id nobody
 * holds, so an empty cart). Keyed and rendered without the parameters the page does not read
 * (utm_source and such). A render the cache refuses is answered as it is.
 */
async function sharedPage(c: Context<HttpEnv>, cache: PageCache, handler: ReturnType<typeof createRequestHandler>, visit: PageVisit): Promise<Response> {
  const got = await sharedEntry(c, cache, handler, visit, pageCacheSearch(visit.url.pathname, visit.url.search));
  if (got instanceof Response) return withPendingCookies(got, takePendingCookies(c));
  const { entry, state } = got;
  c.set('pageCacheScripts', entry.scriptHashes);
  c.set('pageCacheEntry', entry);
  const res = cachedResponse(entry, c.req.header('if-none-match'), c.req.header('accept-encoding'), c.req.method, state);
  // the new visitor's cart cookie goes straight onto the cached body's headers
  for (const cookie of takePendingCookies(c)) res.headers.append('Set-Cookie', cookie);
  return res;
}

/** The load context of nobody's page (no session, a fresh cart id nobody holds), as the shared page cache renders it. */
function nobodysContext(c: Context<HttpEnv>, visit: PageVisit): ShopLoadContext {
  const renderCart = newAnonymousCartId();
  return { ...visit.base, auth: null, anonCartId: renderCart, cartKey: renderCart, nonce: c.get('secureHeadersNonce') ?? '', shared: true };
}

/**
 * The shared page cache's entry of the visit's page, rendered for nobody on a miss; the rendered
 * answer itself when the cache refuses it (not a 200 HTML page, or personal).
 * @param search the query the page is cached under (`pageCacheSearch` of the visit's URL).
 */
async function sharedEntry(
  c: Context<HttpEnv>,
  cache: PageCache,
  handler: ReturnType<typeof createRequestHandler>,
  visit: PageVisit,
  search: string,
): Promise<{ entry: PageEntry; state: 'hit' | 'miss' } | Response> {
  const { url, base } = visit;
  const key = pageCacheKey(base.origin, url.pathname, search, base.lang, base.theme);
  const version = await readContentVersion(base.shop.db);
  const entry = cache.get(key, version);
  if (entry) return { entry, state: 'hit' };
  const filled = await cache.fill(key, version, () => handler(withSearch(publicRequest(c), search), routerContext(nobodysContext(c, visit))));
  return filled instanceof Response ? filled : { entry: filled, state: 'miss' };
}

/**
 * The shared page with the visitor's own header (server/personal-page.ts, ADR 020), for a visitor
 * with a session or a filled cart whose browser has not marked the personal hint: their page
 * differs from nobody's in its header only. Rendered for the visitor as before when the cache
 * refuses the page or its header cannot be found in it. Never stored (`private, no-store`).
 */
async function pageWithOwnHeader(
  c: Context<HttpEnv>,
  cache: PageCache,
  handler: ReturnType<typeof createRequestHandler>,
  header: HeaderRenderer,
  render: PageRenderer,
  names: PageCookieNames,
  visit: PageVisit,
): Promise<Response> {
  const { shop } = visit.base;
  const session = await webSessionAndCart(shop, c, true);
  const search = pageCacheSearch(visit.url.pathname, visit.url.search);
  const got = await sharedEntry(c, cache, handler, visit, search);
  if (got instanceof Response) return personalPage(shop, c, render, names, visit, session);
  const request = withSearch(publicRequest(c), search);
  const frame = await headerFrame(got.entry, () => header(request, nobodysContext(c, visit)));
  if (!frame) return personalPage(shop, c, render, names, visit, session);
  const ownHeader = await header(request, visitorsContext(c, visit, session));
  // the header was drawn from the settings of now, the page from those of its entry: a setting
  // saved in between (a promo text, the site name) would put the new one in the header and the old
  // one in the data the browser hydrates it with. The version moves with every such write, so the
  // same version now means the header read what the entry was rendered with.
  if ((await readContentVersion(shop.db)) !== got.entry.version) return personalPage(shop, c, render, names, visit, session);
  const headers = new Headers(got.entry.headers);
  headers.set('Cache-Control', 'private, no-store');
  headers.set('Vary', 'Accept-Encoding, Accept-Language, Cookie');
  headers.set('X-Page-Cache', 'own-header');
  c.set('pageCacheScripts', got.entry.scriptHashes);
  // answered through the context, which adds the cookies set on the way (a new cart id, a refreshed
  // session; the cached page sets none): a Response of its own would be wrapped in a second one to
  // take them, which turns its bytes into a stream to read and write anew
  const record: Record<string, string> = {};
  for (const [name, value] of headers) record[name] = value;
  return c.body(completePage(frame, ownHeader), got.entry.status as ContentfulStatusCode, record);
}

/** What the session check of a page request found: the signed-in user and their cart (GET). */
type VisitSession = Awaited<ReturnType<typeof webSessionAndCart>>;

/** The load context of the visitor's own page. */
function visitorsContext(c: Context<HttpEnv>, visit: PageVisit, { auth, cart }: VisitSession): ShopLoadContext {
  return {
    ...visit.base,
    auth,
    sessionCart: cart,
    anonCartId: visit.anonCartId,
    cartKey: auth ? auth.userId : visit.anonCartId,
    nonce: c.get('secureHeadersNonce') ?? '',
  };
}

/** The page (or resource) answered for this visitor (signed in or not), never stored where it is personal. */
async function personalPage(
  shop: Shop,
  c: Context<HttpEnv>,
  handler: PageRenderer,
  names: PageCookieNames,
  visit: PageVisit,
  checked?: VisitSession,
): Promise<Response> {
  // a GET changes nothing: the user's cart is read with the account check (one statement)
  const session = checked ?? (await webSessionAndCart(shop, c, c.req.method === 'GET' || c.req.method === 'HEAD'));
  const { auth } = session;
  const context = visitorsContext(c, visit, session);
  const res = withNoStore(await handler(publicRequest(c), context), visit.url.pathname, Boolean(auth));
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && visit.hadCart) await rememberCartHint(shop, c, names, visit);
  return withPendingCookies(res, takePendingCookies(c));
}

/**
 * After a state-changing request, remembers whether the anonymous cart has items: pages of
 * visitors with an empty cart may come from the page cache.
 */
async function rememberCartHint(shop: Shop, c: Context<HttpEnv>, names: PageCookieNames, visit: PageVisit): Promise<void> {
  const items = await countCartItems(shop.db, visit.anonCartId);
  if (items > 0) setCookie(c, names.cartHint, '1', { httpOnly: true, sameSite: 'Lax', secure: visit.https, path: '/', maxAge: CART_COOKIE_MAX_AGE_S });
  else if (getCookie(c, names.cartHint)) setCookie(c, names.cartHint, '', { httpOnly: true, sameSite: 'Lax', secure: visit.https, path: '/', maxAge: 0 });
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
