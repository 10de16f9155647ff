/**
 * For the specs that start a shop server of their own (own data directory, own SMTP server):
 * seeds it, starts it and waits until it answers; {@link ownServerFor} does so around a spec file.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { PHONE_VIEWPORT } from '../../scripts/lib/phone-profile.ts';
import { signIn, test, type Credentials } from './fixtures.ts';

/** A TCP port of 127.0.0.1 free right now (the system picks it), for a spec's own server. */
export function freePort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/**
 * Polls `<base>/api/configuration/configurations` every 0.5 s until it answers 2xx.
 * @param name what the server is for, in the error.
 * @throws Error when it has not answered within 60 s.
 */
export async function waitForOwnServer(base: string, name: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`${base}/api/configuration/configurations`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${name} server did not start`);
}

/**
 * A browser storage state for `origin` past the age gate (confirmed now, valid for an hour) and the
 * cookie notice (accepted), as the shared server's visitors get it (playwright.config.ts), so those
 * overlays do not cover what a spec on its own server clicks.
 */
export function pastGatesState(origin: string) {
  return {
    cookies: [],
    origins: [
      {
        origin,
        localStorage: [
          { name: 'ageConfirmedAt', value: String(Date.now()) },
          { name: 'cookieChoice', value: 'accepted' },
        ],
      },
    ],
  };
}

/** A shop server of a spec's own: the process, its data directory and what the seed script printed. */
export type OwnServer<Seed> = {
  server: ChildProcess;
  dataDir: string;
  seed: Seed;
  /** Stops the server and removes its data directory. */
  stop: () => void;
};

/**
 * Seeds a fresh data directory with `seedScript` (run with tsx; its last line of output is the seed
 * as JSON), then starts the built server (`build/server/server.js`) on it in production mode on
 * `port` with `admin` as the first admin and `env` added (e.g. `SMTP_URL`), and waits until it
 * answers. The payment sandbox is on.
 * @throws Error when the seed script fails or the server does not answer within 60 s.
 */
export async function startOwnServer<Seed>(opts: {
  name: string;
  port: number;
  seedScript: string;
  admin: { email: string; password: string };
  env?: Record<string, string>;
}): Promise<OwnServer<Seed>> {
  const base = `http://localhost:${opts.port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${opts.name.replace(/\W+/g, '-')}-`));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PAYMENT_SANDBOX: 'on' };
  const seeded = spawnSync('node', ['--import', 'tsx', opts.seedScript], { env, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  const seed = JSON.parse(seeded.stdout.trim().split('\n').at(-1)!) as Seed;
  // the bundled server `npm start` runs (the shared end-to-end server runs it too)
  const server = spawn('node', ['build/server/server.js'], {
    env: {
      ...env,
      ...opts.env,
      PORT: String(opts.port),
      // a VPS's clock, as the shared end-to-end server (playwright.config.ts)
      TZ: 'UTC',
      NODE_ENV: 'production',
      PUBLIC_URL: base,
      ADMIN_EMAIL: opts.admin.email,
      ADMIN_PASSWORD: opts.admin.password,
    },
    stdio: 'ignore',
  });
  const stop = () => {
    server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForOwnServer(base, opts.name);
  } catch (e) {
    stop();
    throw e;
  }
  return { server, dataDir, seed, stop };
}

/** A spec file's own server as {@link ownServerFor} gives it: read inside tests, once its start-up has run. */
export type OwnServerOfFile<Seed> = {
  /** `http://localhost:<port>`. */
  base: string;
  port: number;
  /** What the seed script printed. */
  seed: Seed;
  /** The in-process SMTP server the shop sends through, when asked for (`smtp: true`). */
  smtp: TestSmtp;
};

/**
 * The spec file's own shop server ({@link startOwnServer}): started before the file's tests (a
 * `beforeAll` of up to 3 minutes), on `port` or a free one, with an SMTP server of its own when
 * `smtp` is true (`SMTP_URL`); stopped, SMTP server too, after them.
 * @returns the server's address, seed and SMTP server, filled in by the start-up.
 */
export function ownServerFor<Seed = unknown>(opts: {
  name: string;
  seedScript: string;
  admin: { email: string; password: string };
  port?: number;
  smtp?: boolean;
  env?: Record<string, string>;
}): OwnServerOfFile<Seed> {
  const file = {} as OwnServerOfFile<Seed>;
  let own: OwnServer<Seed> | undefined;
  let smtp: TestSmtp | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    if (opts.smtp) file.smtp = smtp = await startSmtp();
    file.port = opts.port ?? (await freePort());
    file.base = `http://localhost:${file.port}`;
    const env = { ...opts.env, ...(smtp ? { SMTP_URL: smtp.url } : {}) };
    own = await startOwnServer<Seed>({ name: opts.name, port: file.port, seedScript: opts.seedScript, admin: opts.admin, env });
    file.seed = own.seed;
  });
  test.afterAll(async () => {
    own?.stop();
    await smtp?.close();
  });
  return file;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * A new page on a phone (touch, {@link PHONE_VIEWPORT}) of the server at `base`, past the age gate
 * and the cookie notice.
 * @param opts.lang the shop's `lang` cookie; `locale` the browser's; `storageState` a saved
 *   session instead of the gates' state alone.
 */
export async function phonePage(
  browser: Browser,
  base: string,
  opts: { javaScriptEnabled?: boolean; lang?: string; locale?: string; storageState?: StorageState } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: PHONE_VIEWPORT,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    ...(opts.locale ? { locale: opts.locale } : {}),
    storageState: opts.storageState ?? pastGatesState(base),
  });
  if (opts.lang) await context.addCookies([{ name: 'lang', value: opts.lang, url: base }]);
  return context.newPage();
}

/**
 * Phone pages ({@link phonePage}) of one user for a spec file: the first call signs in through
 * the log-in form (to `/admin/home`, once the page has hydrated), later calls reuse that session.
 * @param locale the browser's language unless a call names another.
 */
export function signedInPhone(who: Credentials, base: string, locale: string) {
  let state: StorageState | undefined;
  return async (browser: Browser, opts: { locale?: string; javaScriptEnabled?: boolean } = {}): Promise<Page> => {
    const page = await phonePage(browser, base, { locale: opts.locale ?? locale, javaScriptEnabled: opts.javaScriptEnabled, storageState: state });
    if (!state) {
      await signIn(page, who, '/admin/home', { hydrated: true });
      state = await page.context().storageState();
    }
    return page;
  };
}

/**
 * Where a spec's screenshots go: docs/screenshots with UPDATE_SCREENSHOTS=1, else a temporary
 * folder of its own, removed after the file's tests (a plain run leaves the tree clean).
 * @param name names the temporary folder.
 */
export function screenshotsDir(name: string): string {
  if (process.env.UPDATE_SCREENSHOTS) return path.resolve('docs/screenshots');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-shots-`));
  test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * A temporary folder of the files a spec file uploads: made before the file's tests by a
 * `beforeAll` that then runs `write` (to put the files in), removed after the tests.
 * @param name names the folder.
 * @returns the path of a file in the folder (known once the `beforeAll` has run).
 */
export function uploadFiles(name: string, write: () => Promise<void>): (file: string) => string {
  let dir: string | undefined;
  test.beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-files-`));
    await write();
  });
  test.afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return (file) => path.join(dir!, file);
}
