/**
 * Starting the shop (shared by the production entry `server/main.ts`, bundled with the app into
 * `build/server/server.js`, the source entry `server.ts` run by tsx, and the dev loop
 * `server/dev.ts`, which loads this file through Vite): opens the shop (database, migrations,
 * first-start catalogue import), serves the React Router build and the JSON API with Hono on
 * Node, and shuts down gracefully on SIGINT/SIGTERM.
 */
import { createAdaptorServer } from '@hono/node-server';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { ServerBuild } from 'react-router';
import { EnvError, getSettings } from '../core/config/index.ts';
import { productionReport, sellerDataReport } from '../core/config/browser.ts';
import { DataDirLockedError } from '../core/db/index.ts';
import { openShop, type Shop } from '../core/shop.ts';
import { createHttpApp, type HttpApp } from './app.ts';
import { withFront } from './page-cache-front.ts';
import { bootstrapAdmin, issueSetupLink, SETUP_LINK_MESSAGE } from '../core/accounts/index.ts';
import { onJobRun, startJobScheduler } from '../core/jobs/index.ts';
import { closeRateLimits } from '../core/rate-limit/index.ts';
import { recordJobRun } from './metrics.ts';
import { instrumented } from './listener.ts';
import type { Lifecycle } from './ops.ts';

/**
 * What `npm run dev` (server/dev.ts) hands the server: the app's build as Vite has it now (a
 * new object after an edit of app/), Vite's middlewares (modules, HMR client, CSS) and the HTTP
 * server Vite's HMR web socket is attached to.
 */
export type DevLoop = {
  build: () => Promise<ServerBuild>;
  middlewares: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
  httpServer: Server;
};

/**
 * Node keeps an idle keep-alive connection open this long (milliseconds): longer than the reverse
 * proxy keeps its idle upstream connections (deploy/Caddyfile: 60 s), so it is always the proxy
 * that closes one, never the shop in the instant the proxy sends a request on it (which would fail
 * that request).
 */
const KEEP_ALIVE_TIMEOUT_MS = 75_000;

/**
 * The listen backlog (connections accepted by the kernel, not yet by Node). Node's default, 511,
 * overflows when a release opens: the proxy dials a connection per request in flight, thousands
 * at once, and a dropped handshake is retried by the kernel only after 1 s, 3 s … (answered 502
 * or, for the proxy's health check, taking the process out). The kernel caps it at
 * `net.core.somaxconn` (4096 on current Linux).
 */
const LISTEN_BACKLOG = 4096;

/** The shop opened; a bad environment or a locked data directory is told on stderr and exits with 1 (no stack trace for an operator's mistake). */
async function openShopOrExit(): Promise<Shop> {
  try {
    return await openShop();
  } catch (e) {
    if (e instanceof EnvError || e instanceof DataDirLockedError) {
      console.error(e.message);
      if (e instanceof EnvError) console.error('See docs/operations.md, "Configuration". For a local trial run `npm run dev`.');
      process.exit(1);
    }
    throw e;
  }
}

/**
 * What the operator must know first, at the top of the log: what production still lacks
 * (docs/operations.md, "Configuration"), seller data still holding the seeded examples (IBAN, VAT number, address …),
 * and on a first run without ADMIN_EMAIL a single-use link (24 h) where the owner creates the
 * first admin; the admin from ADMIN_EMAIL is created in between.
 */
async function reportAndBootstrap(shop: Shop): Promise<void> {
  for (const line of productionReport(shop.env)) console.warn(line);
  await bootstrapAdmin(shop);
  if (shop.env.NODE_ENV !== 'test') for (const line of sellerDataReport(shop.env, await getSettings(shop.db))) console.warn(line);
  const setupLink = await issueSetupLink(shop);
  if (setupLink) console.warn(`${SETUP_LINK_MESSAGE} ${setupLink}`);
}

/**
 * Opens the shop and serves `build` until SIGINT/SIGTERM; exits with 1 on a bad environment or a
 * locked data directory.
 * @param dev the dev loop (server/dev.ts): Vite's middlewares answer first, the page cache is
 *   off, build/client is not read, and the Hono app is made anew whenever `dev.build()` returns a
 *   new build (an edited route), so every request sees the current sources without a restart.
 */
export async function startServer(build: ServerBuild, dev?: DevLoop): Promise<void> {
  const shop = await openShopOrExit();
  await reportAndBootstrap(shop);
  const lifecycle: Lifecycle = { draining: false };
  const inflight: { n: number; idle?: () => void } = { n: 0 };
  const appFor = (b: ServerBuild) =>
    createHttpApp(shop, {
      build: b,
      lifecycle,
      formActionOrigins: shop.env.DATATRANS_MERCHANT_ID ? [shop.env.DATATRANS_PAY_URL] : [],
      stats: process.env.SHOP_BENCH_STATS === '1',
      // dev: no page cache (an edit must show) and no files of an old build/client; Vite serves the modules
      ...(dev ? { pageCache: false as const, staticFiles: false } : {}),
    });
  let current: { build: ServerBuild; app: HttpApp } = { build, app: appFor(build) };
  const app = current.app;
  const fetch: HttpApp['fetch'] = dev
    ? async (req, env) => {
        const latest = await dev.build();
        if (latest !== current.build) current = { build: latest, app: appFor(latest) };
        return current.app.fetch(req, env);
      }
    : app.fetch;
  const label: HttpApp['routeLabel'] = dev ? (path, status) => current.app.routeLabel(path, status) : app.routeLabel;
  const server = createAdaptorServer({
    fetch,
    hostname: shop.env.HOST,
    // cached anonymous pages are answered before the app (server/page-cache-front.ts)
    createServer: ((options: ServerOptions, listener: RequestListener) => {
      const outer = instrumented(lifecycle, inflight, label, withFront(app.front, listener));
      const server = dev ? withDevMiddlewares(dev, outer) : createServer(options, outer);
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      return server;
    }) as typeof createServer,
  }) as import('node:http').Server;
  server.listen({ port: shop.env.PORT, host: shop.env.HOST, backlog: LISTEN_BACKLOG }, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : shop.env.PORT;
    shop.log.info(
      { port, database: shop.database.kind, mode: shop.env.NODE_ENV, publicUrl: shop.env.PUBLIC_URL },
      `shop listening on http://localhost:${port}`,
    );
  });
  // scheduled jobs: expiry, reminders, low-stock alerts, the mail outbox (core/jobs); each run is counted in /metrics
  const unsubscribeJobs = onJobRun((run) => recordJobRun(run.name, run.outcome === 'ran' ? 'ok' : run.outcome, run.ms / 1000));
  const stopJobs = startJobScheduler(shop);
  let stopping = false;
  /**
   * The graceful stop (docs/operations.md, "Rolling restarts"): report not ready at once, keep serving for
   * DRAIN_DELAY_MS so the proxy's health check takes the process out of rotation, then stop
   * accepting, let the requests in flight finish (at most SHUTDOWN_TIMEOUT_MS), close the
   * database and exit 0. Ctrl-C (SIGINT) skips the delay: nobody balances a terminal.
   */
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.draining = true;
    const delay = signal === 'SIGINT' ? 0 : (shop.env.DRAIN_DELAY_MS ?? (shop.env.TRUST_PROXY ? 5_000 : 0));
    shop.log.info({ signal, drainDelayMs: delay, inflight: inflight.n }, 'draining: reporting not ready');
    await new Promise((r) => setTimeout(r, delay));
    const jobsStopped = stopJobs();
    const force = setTimeout(() => {
      shop.log.warn({ inflight: inflight.n }, 'shutdown timeout: closing the connections of unfinished requests');
      server.closeAllConnections();
    }, shop.env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    const finished = new Promise<void>((resolve) => {
      if (inflight.n === 0) resolve();
      else inflight.idle = resolve;
    });
    server.close();
    server.closeIdleConnections();
    await Promise.race([finished, new Promise((r) => setTimeout(r, shop.env.SHUTDOWN_TIMEOUT_MS).unref())]);
    clearTimeout(force);
    server.closeAllConnections();
    shop.log.info({ signal }, 'stopped: every request answered');
    await jobsStopped.catch(() => undefined);
    unsubscribeJobs();
    await closeRateLimits(shop).catch(() => undefined);
    await shop.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** The dev loop's HTTP server answering with Vite's middlewares first, then with `listener`. */
function withDevMiddlewares(dev: DevLoop, listener: RequestListener): Server {
  dev.httpServer.on('request', (req: IncomingMessage, res: ServerResponse) =>
    dev.middlewares(req, res, (err) => {
      if (err) {
        console.error(err);
        res.statusCode = 500;
        res.end(String(err));
      } else listener(req, res);
    }),
  );
  return dev.httpServer;
}
