/**
 * Source entry for development and scripts (`node --import tsx server.ts`): serves the built
 * React Router app (`build/server/index.js`, run `npx react-router build` first) with the server
 * code run from source. Production runs the bundled `build/server/server.js` instead (`npm
 * start`; server/main.ts), where the server and the app share one module graph.
 */
import './server/production-default.ts';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';

const { startServer } = await import('./server/start.ts');
const build = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as ServerBuild;
startServer(build).catch((e) => {
  console.error(e);
  process.exit(1);
});
