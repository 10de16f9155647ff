/**
 * Vitest set-up file: React's production build in the test workers, as the shop's server runs it.
 *
 * React picks its development or production build from `process.env.NODE_ENV` when first
 * required; Vitest sets `test`, which selects the development build: about a third more CPU for
 * every page the HTTP tests render (the form-action fuzzing: 15.4 s instead of 10.1 s for 500
 * posts), and checks whose findings are console warnings no test reads. The shop's own code keeps
 * seeing `NODE_ENV=test` (production mode changes cookies, the Host check and the payment
 * sandbox), so only React's modules are loaded here, once per worker, with `production` set for
 * the moment of loading. The test files' own JSX is compiled for the production runtime too
 * (`esbuild.jsxDev: false` in vitest.config.ts): the development `jsxDEV` needs React's
 * development build.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const nodeEnv = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
try {
  for (const m of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server', 'react-dom/server.node']) require(m);
} finally {
  process.env.NODE_ENV = nodeEnv;
}
