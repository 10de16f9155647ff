/**
 * End-to-end tests in Debian's Chromium headless shell (/usr/bin/chromium-headless-shell, package
 * chromium-headless-shell; nothing downloads a browser) against the built server on a fresh PGlite
 * data directory.
 */
import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 3210);
// kept in the environment so that workers and the global teardown see the runner's directory
process.env.SHOP_E2E_DATA_DIR ??= path.join(os.tmpdir(), `shop-e2e-${process.pid}-${Date.now()}`);
const dataDir = process.env.SHOP_E2E_DATA_DIR;
// the mail sink (tests/e2e/mail-sink.ts): the shop sends through SMTP, the tests read the links
// from the files it writes (the admin outbox hides link tokens)
process.env.SHOP_E2E_MAIL_DIR ??= `${dataDir}-mail`;
// the run's starting database, made once and restored by every seed script (tests/e2e/seed-template.ts)
process.env.SHOP_E2E_TEMPLATE ??= `${dataDir}-template.pglite.tar.gz`;
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 20000);

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
      // the headless shell is what Playwright itself runs headless: the same Blink and V8 without
      // the full browser around them (the layout, first-tap and storefront specs: 297 CPU-s
      // instead of 464 on 2 cores, 162 s instead of 241 s)
      executablePath: '/usr/bin/chromium-headless-shell',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'off',
    // the shop's visitors are in Switzerland and its server in UTC (TZ below): every date a page
    // shows must be the shop's, the same before and after hydration (tests/e2e/fixtures.ts fails a
    // test on any console error, React's hydration mismatch included)
    timezoneId: 'Europe/Zurich',
    // Visitors in the tests have confirmed their age (valid for an hour) and accepted the cookie
    // notice, so those overlays do not cover what a test clicks; tests/e2e/layout.spec.ts starts
    // from an empty storage to show them.
    storageState: {
      cookies: [],
      origins: [
        {
          origin: `http://localhost:${PORT}`,
          localStorage: [
            { name: 'ageConfirmedAt', value: String(Date.now()) },
            { name: 'cookieChoice', value: 'accepted' },
          ],
        },
      ],
    },
  },
  webServer: [
    {
      command: 'node --import tsx tests/e2e/mail-sink.ts',
      port: SMTP_PORT,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { SHOP_E2E_MAIL_DIR: process.env.SHOP_E2E_MAIL_DIR, SHOP_E2E_SMTP_PORT: String(SMTP_PORT) },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command:
        'node --import tsx tests/e2e/seed-template.ts && node --import tsx tests/e2e/checkout-seed.ts && node --import tsx tests/e2e/clock-seed.ts && node build/server/server.js',
      url: `http://localhost:${PORT}/api/configuration/configurations`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        // a VPS's clock: the shop's dates must not depend on it
        TZ: 'UTC',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        // required in production; the Host check accepts only this address
        PUBLIC_URL: `http://localhost:${PORT}`,
        E2E: '1',
        // production mode offers no test payment page unless asked for (core/orders/payment-methods.ts sandboxEnabled)
        PAYMENT_SANDBOX: 'on',
        // first-run admin for the accounts tests (role checks of the admin pages)
        ADMIN_EMAIL: 'e2e-admin@example.ch',
        ADMIN_PASSWORD: 'E2e-Admin-Password-1',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
