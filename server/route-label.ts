/**
 * The `route` label of the HTTP metrics (server/metrics.ts): the pattern a request matched, never
 * its path. A label per path let anyone add series without bound (every `/reset/<anything>` answers
 * a page), and prom-client never forgets a series; so the label set is fixed when the app is built:
 *
 * - pages: React Router's id of the deepest matched route (`routes/reset`), `<id>.data` for its
 *   single-fetch data request (`/reset/x.data`, `/_root.data` for the home page);
 * - the JSON API: the operation's path pattern (`/api/order/get`, `/api/payment/webhook/:provider`);
 * - resource endpoints (server/resources.ts): their path pattern (`/media/products/:photo/:file`);
 * - a small fixed set for the rest: `/healthz`, `/readyz`, `/metrics`, the personal part,
 *   `/assets/*`, `/i18n/*` and `static` (another file of build/client that was found);
 * - `other` for everything else: the catch-all 404 page, unknown API paths, missing files, scans.
 */
import type { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

/** The label of whatever matched no known route: one series per method and status, whatever the path. */
const OTHER_ROUTE = 'other';

/** Page paths whose label is kept (a scan of random paths clears them, and they are matched anew). */
const PAGE_LABELS_MAX = 2000;

/** A router whose routes are readable (Hono and OpenAPIHono apps): method and path pattern of each. */
type RoutedApp = Pick<Hono, 'routes'>;

/** What {@link routeLabeler} labels: the page routes, the API's routers and the resource endpoints. */
export type RouteTables = {
  build: Pick<ServerBuild, 'routes'>;
  /** The API's routers and their mount points under `/api` (api/index.ts `apiModules`). */
  api: readonly { prefix: string; app: RoutedApp }[];
  /** The resource endpoints' path patterns (Hono syntax). */
  resources: readonly { path: string }[];
  /** Fixed paths answered before the pages (health, metrics, the personal part). */
  fixed: readonly string[];
};

/** A labeler: request path (no query string) and answer status to a label from a fixed set. */
export type RouteLabeler = (path: string, status: number) => string;

/** A route of the tree: an index route has no children, another route may have some. */
type PageRoute = RouteObject & { id: string; children?: PageRoute[] };

/** The route tree React Router matches, rebuilt from the build's flat manifest (`parentId`). */
function pageTree(build: Pick<ServerBuild, 'routes'>): PageRoute[] {
  const nodes = new Map<string, PageRoute>();
  for (const r of Object.values(build.routes))
    if (r)
      nodes.set(
        r.id,
        (r.index
          ? { id: r.id, path: r.path, index: true, caseSensitive: r.caseSensitive }
          : { id: r.id, path: r.path, caseSensitive: r.caseSensitive }) as PageRoute,
      );
  const roots: PageRoute[] = [];
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * Builds the labeler of an app's routes. Matching uses the same matchers as the answers (React
 * Router's `matchRoutes`, Hono's router), so a label names the route that answered.
 * @param tables the app's route tables (server/app.ts).
 * @returns a function that never returns a label outside the set fixed here.
 */
export function routeLabeler(tables: RouteTables): RouteLabeler {
  const known = new TrieRouter<string>();
  for (const path of tables.fixed) known.add('ALL', path, path);
  known.add('ALL', '/assets/*', '/assets/*');
  known.add('ALL', '/i18n/*', '/i18n/*');
  for (const { prefix, app } of tables.api)
    for (const r of app.routes) {
      if (r.method === 'ALL' || r.path.includes('*')) continue; // middleware, not an operation
      const pattern = `/api${prefix}${r.path === '/' ? '' : r.path}`;
      known.add('ALL', pattern, pattern);
    }
  for (const { path } of tables.resources) {
    known.add('ALL', path, path);
    known.add('ALL', `${path}/`, path);
  }
  const pages = pageTree(tables.build);

  // matchRoutes flattens and ranks the whole route tree on every call, a large part of a cached
  // page's CPU time: the label of a path never changes, so the paths seen lately keep theirs
  const labels = new Map<string, string>();
  const pageLabel = (path: string): string => {
    let label = labels.get(path);
    if (label === undefined) {
      if (labels.size >= PAGE_LABELS_MAX) labels.clear();
      labels.set(path, (label = matchPageLabel(path)));
    }
    return label;
  };
  const matchPageLabel = (path: string): string => {
    const data = path.endsWith('.data');
    const pathname = data ? (path === '/_root.data' ? '/' : path.slice(0, -'.data'.length)) : path;
    const matches = matchRoutes(pages, pathname);
    const leaf = matches?.[matches.length - 1]?.route;
    // the splat route is the 404 page: any path matches it
    if (!leaf?.id || leaf.path === '*') return OTHER_ROUTE;
    return data ? `${leaf.id}.data` : leaf.id;
  };

  return (path, status) => {
    const [handlers] = known.match('ALL', path) as [[string, unknown][], unknown];
    if (handlers.length > 0) return handlers[0][0];
    if (path === '/api' || path.startsWith('/api/')) return OTHER_ROUTE;
    // another file of build/client (favicon, manifest …): one label for all that were found
    if (/\.[A-Za-z0-9]+$/.test(path) && !path.endsWith('.data')) return status < 400 ? 'static' : OTHER_ROUTE;
    return pageLabel(path);
  };
}
