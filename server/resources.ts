/**
 * The resource endpoints (app/resources/index.server.ts: sitemap, robots.txt, favicon, drawn images,
 * product and return photos, invoice and credit-note PDFs, data exports, the preference and
 * log-out form posts) served by the HTTP server instead of React Router (ADR 019): a React Router
 * route is an entry of the browser build, and one without a component was an empty browser chunk.
 *
 * They run behind the pages' whole chain (server/app.ts: Host check, body limit, security headers,
 * compression, the cross-site form check of POSTs), with the page step's visit, session and
 * `no-store` rule (server/pages.ts `resourceRequests`), so their answers keep the headers and
 * cookies they had. A path also matches with a trailing slash, as React Router matched it.
 */
import type { Handler, Hono } from 'hono';
import type { ServerBuild } from 'react-router';
import type { Shop } from '../core/shop.ts';
import type { ResourceArgs, ResourceHandler, ResourceRoute } from '../app/resources/types.ts';
import type { HttpEnv } from './http-env.ts';
import { resourceRequests } from './pages.ts';

/** The table the server build's entry exports (app/entry.server.tsx), or none. */
export function resourceRoutesOf(build: ServerBuild): readonly ResourceRoute[] {
  return (build.entry.module as { resourceRoutes?: readonly ResourceRoute[] }).resourceRoutes ?? [];
}

/** Mounts every route of `routes` on `app` (before its page handler). */
export function mountResources(app: Hono<HttpEnv>, shop: Shop, routes: readonly ResourceRoute[]): void {
  for (const route of routes) {
    const handler: Handler<HttpEnv> = (c, next) =>
      resourceRequests(shop, (request, context) => answer(shop, route, { request, context, params: c.req.param(), url: new URL(request.url) }))(c, next);
    app.all(route.path, handler);
    app.all(`${route.path}/`, handler);
  }
}

/** React Router's `data(value, init)`: the one shape of it a handler returns or throws. */
type DataWithInit = { type: 'DataWithResponseInit'; data: unknown; init: ResponseInit | null };

const isDataWithInit = (v: unknown): v is DataWithInit => typeof v === 'object' && v !== null && (v as { type?: unknown }).type === 'DataWithResponseInit';

/**
 * The route's answer: GET and HEAD to its loader, POST to its action, else 405. A returned or
 * thrown Response is the answer; `data(value, init)` is answered as JSON with `init` (React
 * Router's answer for a resource route); anything else is a bug: logged, 500.
 */
async function answer(shop: Shop, route: ResourceRoute, args: ResourceArgs): Promise<Response> {
  const method = args.request.method;
  const run: ResourceHandler | undefined = method === 'GET' || method === 'HEAD' ? route.loader : method === 'POST' ? route.action : undefined;
  if (!run) return methodNotAllowed(route, method);
  try {
    return toResponse(await run(args));
  } catch (err) {
    if (err instanceof Response || isDataWithInit(err)) return toResponse(err);
    shop.log.error({ err, path: args.url.pathname }, 'resource endpoint failed');
    return new Response('Unexpected Server Error', { status: 500, headers: { 'Content-Type': 'text/plain' } });
  }
}

function toResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  if (isDataWithInit(value)) return Response.json(value.data, value.init ?? undefined);
  return Response.json(value);
}

/** 405 with the methods the route answers (`Allow`, RFC 9110 section 15.5.6). */
function methodNotAllowed(route: ResourceRoute, method: string): Response {
  const allow = [...(route.loader ? ['GET', 'HEAD'] : []), ...(route.action ? ['POST'] : [])].join(', ');
  return Response.json({ message: `${method} is not allowed here` }, { status: 405, headers: { Allow: allow } });
}
