/**
 * Production entry (issue 11): bundled by `react-router build` next to the app's server build
 * into `build/server/server.js` (vite.config.ts), so the HTTP server, the API, `core/` and the
 * routes are one module graph (one rate-limit store, one cache of each kind). `npm start` builds
 * and runs it with plain Node.
 */
import * as build from 'virtual:react-router/server-build';
import { startServer } from './start.ts';

startServer(build as unknown as import('react-router').ServerBuild).catch((e) => {
  console.error(e);
  process.exit(1);
});
