/**
 * Production entry: bundled by `react-router build` next to the app's server build
 * into `build/server/server.js` (vite.config.ts), so the HTTP server, the API, `core/` and the
 * routes are one module graph (one rate-limit store, one cache of each kind). `npm start` builds
 * and runs it with plain Node. The default NODE_ENV (server/production-default.ts) is set before
 * anything else loads: React and React Router pick their builds from it, hence the dynamic imports.
 */
import './production-default.ts';

const [{ startServer }, build] = await Promise.all([import('./start.ts'), import('virtual:react-router/server-build')]);
startServer(build as unknown as import('react-router').ServerBuild).catch((e) => {
  console.error(e);
  process.exit(1);
});
