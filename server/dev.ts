/**
 * `npm run dev`: the shop from its sources with hot reload, in React Router's custom-server shape
 * (Vite in middleware mode inside our own HTTP server). Vite loads the server itself
 * (server/start.ts, and through it api/ and core/) and the app's server build
 * (`virtual:react-router/server-build`) in one SSR module graph, so core/ runs once, as in the
 * bundled production server (server/main.ts). Nothing is built first.
 *
 * - An edit under app/ reaches the browser by Vite's HMR (React Refresh for components, React
 *   Router's HMR for loaders and route modules); the next request renders with the new modules,
 *   since the build is asked from Vite per request and server/start.ts makes the Hono app anew
 *   for a new build. The process stays the same.
 * - An edit under core/, api/ or server/ needs a restart: the running server holds the modules it
 *   opened the shop with, so a reloaded copy would be a second one. The dev loop says so.
 *
 * Vite is a dev dependency: this file is imported only by server.ts with `--dev`, never by the
 * production bundle.
 */
import { createServer as createHttpServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { createServer as createViteServer, searchForWorkspaceRoot } from 'vite';
import type { DevLoop } from './start.ts';

/** The module Vite loads the server from, and the id of React Router's server build. */
const START_MODULE = '/server/start.ts';
const SERVER_BUILD = 'virtual:react-router/server-build';

/** Starts the dev server: Vite in middleware mode, its HMR web socket on the shop's own port. */
export async function startDevServer(): Promise<void> {
  const httpServer = createHttpServer();
  // the packages may be installed above the project (a workspace, or the copy of the sources
  // tests/integration/dev-reload.test.ts runs): the browser loads their fonts and modules too
  const packages = path.dirname(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')));
  const vite = await createViteServer({
    server: { middlewareMode: true, hmr: { server: httpServer }, fs: { allow: [searchForWorkspaceRoot(process.cwd()), packages] } },
    appType: 'custom',
  });
  const root = vite.config.root;
  vite.watcher.on('change', (file) => {
    const rel = path.relative(root, file);
    if (/^(core|api|server)[\\/]/.test(rel) && !/\.test\.tsx?$/.test(rel))
      console.warn(`${rel} changed: server code is not reloaded in place; restart \`npm run dev\` to run it.`);
  });
  const build = async () => {
    try {
      return (await vite.ssrLoadModule(SERVER_BUILD)) as unknown as ServerBuild;
    } catch (e) {
      if (e instanceof Error) vite.ssrFixStacktrace(e);
      throw e;
    }
  };
  const loop: DevLoop = { build, middlewares: vite.middlewares, httpServer };
  const { startServer } = (await vite.ssrLoadModule(START_MODULE)) as typeof import('./start.ts');
  await startServer(await build(), loop);
}
