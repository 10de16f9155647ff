/**
 * End-to-end tests in Debian's Chromium (/usr/bin/chromium; nothing downloads a browser) against
 * the built server on a fresh PGlite data directory.
 */
import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 3210);
// kept in the environment so that workers and the global teardown see the runner's directory
process.env.SHOP_E2E_DATA_DIR ??= path.join(os.tmpdir(), `shop-e2e-${process.pid}-${Date.now()}`);
const dataDir = process.env.SHOP_E2E_DATA_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/global-teardown.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'off',
  },
  webServer: {
    command: 'node --import tsx server.ts',
    url: `http://localhost:${PORT}/api/configuration/configurations`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', E2E: '1' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
