/**
 * Screenshots of the first-run setup page and the admin dashboard's "not ready to sell" notice, on a
 * phone (390 px) and a desktop, in English and German, as docs/screenshots/setup-<device>-<lang>.png
 * and admin-not-ready-<device>-<lang>.png. Starts the built server itself on a fresh data directory
 * (production mode, no admin, seeded example seller data) and reads the setup link from its log:
 * `npx react-router build && node --import tsx scripts/screenshots-first-run.ts` (E2E_PORT, default 3224).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { firstRunLink } from './lib/cli.ts';

const port = Number(process.env.E2E_PORT ?? 3224);
const base = `http://localhost:${port}`;
const out = process.env.OUT_DIR ?? 'docs/screenshots';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-shots-'));
const server = spawn(process.execPath, ['build/server/server.js'], {
  env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const { link, output } = await firstRunLink(server);
console.log(output());
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;
function returning() {
  localStorage.setItem('ageConfirmedAt', String(Date.now()));
  localStorage.setItem('cookieChoice', 'accepted');
  localStorage.setItem('webFonts', '1');
}
for (let i = 0; i < 600; i++) {
  const up = await fetch(`${base}/`).then(
    (r) => r.status < 500,
    () => false,
  );
  if (up) break;
  await new Promise((r) => setTimeout(r, 200));
}
for (const lang of ['en', 'de']) {
  for (const [device, viewport] of Object.entries(viewports)) {
    const ctx = await browser.newContext({ viewport, locale: lang === 'de' ? 'de-CH' : 'en-GB', deviceScaleFactor: 1 });
    await ctx.addInitScript(returning);
    const page = await ctx.newPage();
    await page.goto(link);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${out}/setup-${device}-${lang}.png`, fullPage: device === 'phone' });
    await ctx.close();
  }
}
// create the admin through the page, then the dashboard
const ctx0 = await browser.newContext({ viewport: viewports.desktop, locale: 'en-GB' });
await ctx0.addInitScript(returning);
const p0 = await ctx0.newPage();
await p0.goto(link);
await p0.getByLabel('First name').fill('Lucía');
await p0.getByLabel('Last name').fill("D'Angelo");
await p0.getByLabel('E-mail').fill('owner@example.ch');
await p0.getByLabel('Password', { exact: true }).fill('Humidor-Cedro-2026');
await p0.getByLabel('Repeat the password').fill('Humidor-Cedro-2026');
await p0.getByRole('button', { name: 'Create admin account' }).click();
await p0.waitForURL(/\/admin\/home/);
const state = await ctx0.storageState();
await ctx0.close();
for (const lang of ['en', 'de']) {
  for (const [device, viewport] of Object.entries(viewports)) {
    const ctx = await browser.newContext({ viewport, locale: lang === 'de' ? 'de-CH' : 'en-GB', storageState: state });
    await ctx.addInitScript(returning);
    const page = await ctx.newPage();
    await page.goto(`${base}/admin/home`);
    await page.waitForLoadState('networkidle');
    const box = (await page.getByTestId('not-ready').boundingBox())!;
    // the page's top down to the notice's end (the dashboard's figures follow below)
    await page.screenshot({
      path: `${out}/admin-not-ready-${device}-${lang}.png`,
      fullPage: true,
      clip: { x: 0, y: 0, width: viewport.width, height: Math.ceil(box.y + box.height + 24) },
    });
    await ctx.close();
  }
}
await browser.close();
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
fs.rmSync(dataDir, { recursive: true, force: true });
