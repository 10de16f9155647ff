/**
 * Source entry. With `--dev` (`npm run dev`): the dev loop with hot reload, Vite in middleware
 * mode loading the server and the app from source in one module graph (server/dev.ts). Without
 * it (`node --import tsx server.ts`): the built React Router app (`build/server/index.js`, run
 * `npx react-router build` first) with the server code run from source. Production runs the
 * bundled `build/server/server.js` instead (`npm start`; server/main.ts).
 */
import './server/production-default.ts';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';

const started = process.argv.includes('--dev')
  ? import('./server/dev.ts').then(({ startDevServer }) => startDevServer())
  : Promise.all([import('./server/start.ts'), import(pathToFileURL(path.resolve('build/server/index.js')).href)]).then(([{ startServer }, build]) =>
      startServer(build as ServerBuild),
    );
started.catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
