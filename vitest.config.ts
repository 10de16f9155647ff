import { defineConfig } from 'vitest/config';
import os from 'node:os';
import path from 'node:path';

export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  // JSX of the tests and the app compiled for React's production runtime, which the workers load
  // (tests/helpers/react-production.ts)
  esbuild: { jsxDev: false },
  test: {
    include: ['core/**/*.test.ts', 'api/**/*.test.ts', 'app/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    // several app processes need a shared PostgreSQL and Redis: these run on the PostgreSQL pass of
    // `npm test` when TEST_REDIS_URL is set too (.ci/run sets both when the servers answer)
    exclude: [
      '**/node_modules/**',
      // the move from PGlite to PostgreSQL needs a PostgreSQL to move to
      ...(process.env.TEST_DATABASE_URL ? [] : ['tests/integration/to-postgres.test.ts']),
      ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
        ? []
        : [
            'tests/integration/cluster.test.ts',
            'tests/integration/cluster-reload.test.ts',
            'tests/integration/chaos.test.ts',
            'tests/integration/db-restart.test.ts',
            'tests/integration/release-cluster.test.ts',
          ]),
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each worker imports the shop's module graph once and runs its files one after another in it,
    // instead of importing it again for every file (which was a quarter of the suite's CPU time).
    // A test file keeps its state in the shop it opens: module-level state must be per shop
    // (WeakMap by shop) or put back by the file that changes it.
    isolate: false,
    // Vitest's default is one worker fewer than the cores, a single one on the 2-core CI machine;
    // its main process mostly waits, and the test files wait on HTTP, SMTP and PostgreSQL too:
    // one worker more than the cores keeps both busy (2 cores: 3 workers took the PGlite pass
    // from 255 s to 205 s)
    maxWorkers: os.availableParallelism() + 1,
    // one migrated, seeded database per run; each test file starts from a copy of it
    globalSetup: ['tests/helpers/global-setup.ts'],
    // React's production build, as the server runs it (not the development build NODE_ENV=test picks)
    setupFiles: ['tests/helpers/react-production.ts'],
  },
});
