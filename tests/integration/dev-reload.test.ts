/**
 * `npm run dev` (server/dev.ts) hot-reloads an edited route without a restart: started as a
 * developer starts it (npm, no build first, NODE_ENV unset) on a free port and a new PGlite data
 * directory, a page is fetched, its route file is edited, and the same server process answers
 * with the new text; in Chromium the open page shows the new text by HMR, without reloading.
 *
 * The edit is made in a copy of the sources (app/, core/, api/, server/ and the configs, a few
 * MB) in the temporary directory, with a node_modules of links to the repository's packages (and
 * a Vite cache of its own): the working tree is shared by several people and editors, so the test
 * never writes into it, and a crash leaves only a temporary folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/cluster.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const COPIED = [
  'app',
  'core',
  'api',
  'server',
  'server.ts',
  'package.json',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
  'data/catalogue.json',
];
const CHROMIUM = '/usr/bin/chromium-headless-shell';

/** The route the test owns in its copy (it replaces the "under construction" page's module). */
const PROBE_ROUTE = 'app/routes/undercontruction.tsx';
const probe = (text: string) => `/** Written by tests/integration/dev-reload.test.ts. */
export default function Page() {
  return <main><h1 id="dev-probe">${text}</h1></main>;
}
`;

describe('npm run dev: hot reload', () => {
  let copy = '';
  let dataDir = '';
  let dev: ChildProcess | undefined;
  let out = '';
  let url = '';
  let browser: Browser | undefined;

  /** Process ids in the server's request log lines (pino's `pid`) for `path`. */
  const pidsServing = (p: string) => [...out.matchAll(/^\{.*"pid":(\d+).*"path":"([^"]*)".*$/gm)].filter((m) => m[2] === p).map((m) => Number(m[1]));

  beforeAll(async () => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dev-reload-src-'));
    for (const item of COPIED) fs.cpSync(path.join(REPO, item), path.join(copy, item), { recursive: true });
    fs.mkdirSync(path.join(copy, 'node_modules'));
    for (const entry of fs.readdirSync(path.join(REPO, 'node_modules')))
      if (entry !== '.vite' && entry !== '.cache') fs.symlinkSync(path.join(REPO, 'node_modules', entry), path.join(copy, 'node_modules', entry));
    fs.writeFileSync(path.join(copy, PROBE_ROUTE), probe('First text of the probe'));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dev-reload-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    // as a developer's shell has it: no NODE_ENV (npm run dev sets development), nothing of vitest
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST')));
    dev = spawn('npm', ['run', 'dev'], {
      cwd: copy,
      env: { ...env, PORT: String(port), DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    dev.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    dev.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const deadline = Date.now() + 55_000;
    for (;;) {
      if (dev.exitCode !== null) throw new Error(`npm run dev exited: ${out}`);
      const ready = await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`npm run dev was not ready in time: ${out}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (dev?.pid && dev.exitCode === null) {
      const exited = new Promise((r) => dev!.once('exit', r));
      process.kill(-dev.pid, 'SIGINT');
      await exited;
    }
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the edited route from the same process, and the open page updates without a reload', async () => {
    const first = await fetch(`${url}/undercontruction`).then((r) => r.text());
    expect(first).toContain('First text of the probe');
    const [pid] = pidsServing('/undercontruction');
    expect(pid).toBeGreaterThan(0);

    browser = await chromium.launch({ executablePath: CHROMIUM });
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    page.on('pageerror', (e) => errors.push(e.message));
    // a new Vite cache: the first visit makes Vite pre-bundle the packages it meets, then reload
    // the page; the visit after it is the one the edit is watched in
    await page.goto(`${url}/undercontruction`, { waitUntil: 'networkidle' });
    await page.goto(`${url}/undercontruction`, { waitUntil: 'networkidle' });
    errors.length = 0;
    // hydrated (app/root.tsx marks the document), so React Refresh can update it in place
    await page
      .locator('html[data-hydrated]')
      .waitFor({ state: 'attached', timeout: 20_000 })
      .catch((e: Error) => {
        throw new Error(`${e.message}\nbrowser: ${errors.join('\n')}\nserver: ${out.slice(-3000)}`);
      });
    await page.evaluate(() => ((window as { devReloadMark?: number }).devReloadMark = 1));

    fs.writeFileSync(path.join(copy, PROBE_ROUTE), probe('Second text after the edit'));
    await page
      .waitForFunction(() => document.getElementById('dev-probe')?.textContent === 'Second text after the edit', null, { timeout: 20_000 })
      .catch((e: Error) => {
        throw new Error(`${e.message}\nbrowser: ${errors.join('\n')}\nserver: ${out.slice(-3000)}`);
      });
    // the same document: updated in place, not reloaded
    expect(await page.evaluate(() => (window as { devReloadMark?: number }).devReloadMark)).toBe(1);

    const second = await fetch(`${url}/undercontruction`).then((r) => r.text());
    expect(second).toContain('Second text after the edit');
    expect(second).not.toContain('First text of the probe');
    expect(new Set(pidsServing('/undercontruction'))).toEqual(new Set([pid]));
    expect(dev!.exitCode).toBeNull();
    expect(errors).toEqual([]);
  }, 50_000);
});
