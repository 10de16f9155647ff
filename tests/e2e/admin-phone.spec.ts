/**
 * The admin on a 390 px phone in German: every admin page is reachable from the navigation's one
 * "Menü" button (each link in sight and clickable, none past the screen's edge, the header not
 * sticky) and the dashboard's figures stay on
 * one line each ("CHF 171.60", never "CHF 171.6" over "0"). Seeded with the admin walk's orders so
 * the dashboard has amounts to show. With WALK_SHOTS=<folder>, screenshots of the dashboard on the
 * phone and on a desktop go there.
 */
import { expect, signIn, test } from './fixtures.ts';
import type { Browser, BrowserContext } from '@playwright/test';
import { ownServerFor } from './own-server.ts';

const PORT = Number(process.env.E2E_PORT ?? 3210) + 11;
const BASE = `http://localhost:${PORT}`;
const ADMIN = { email: 'phone-admin@example.ch', password: 'Phone-Admin-Password-1' };
const SHOTS = process.env.WALK_SHOTS;

test.describe.configure({ mode: 'serial' });

ownServerFor({ name: 'admin phone', port: PORT, seedScript: 'tests/e2e/admin-shop-seed.ts', admin: ADMIN });

/** A browser context in German, past the age gate and the cookie notice. */
async function german(browser: Browser, viewport: { width: number; height: number }, isMobile: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, isMobile, hasTouch: isMobile, locale: 'de-CH', timezoneId: 'Europe/Zurich' });
  await context.addInitScript(() => {
    // about:blank has no storage of its own
    if (location.protocol !== 'http:') return;
    localStorage.setItem('ageConfirmedAt', String(Date.now()));
    localStorage.setItem('cookieChoice', 'accepted');
  });
  return context;
}

test('admin on a 390 px phone: the navigation one menu with every page, every figure on one line', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await german(browser, { width: 390, height: 844 }, true);
  const page = await context.newPage();
  await signIn(page, ADMIN, '/admin/home', { base: BASE, hydrated: true });
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();

  // the page itself does not scroll sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // the navigation is one "Menü" button that scrolls away with the page (not a sticky block
  // of links covering a third of the screen); tapped, it shows every admin page
  const menu = page.getByTestId('admin-menu');
  await expect(menu).toBeVisible();
  expect((await page.locator('.admin-header').boundingBox())!.height).toBeLessThan(140);
  await expect(page.locator('.admin-nav > .admin-links')).toBeHidden();
  const links = page.locator('.admin-menu-links a');
  await expect(links.first()).toBeHidden();
  await menu.click();
  const n = await links.count();
  expect(n).toBeGreaterThanOrEqual(9);
  for (let i = 0; i < n; i++) {
    const link = links.nth(i);
    await expect(link).toBeVisible();
    const box = await link.boundingBox();
    expect(box, await link.innerText()).not.toBeNull();
    // wholly within the screen, not hidden past its edge in a strip scrolled sideways
    expect(box!.x, await link.innerText()).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, await link.innerText()).toBeLessThanOrEqual(390);
  }

  // the tiles: each figure one line high and not wider than its tile
  const figures = page.locator('[data-testid="dash-tiles"] .stat-n');
  expect(await figures.count()).toBe(6);
  await expect(figures.first()).toContainText('CHF');
  for (const f of await figures.all()) {
    const m = await f.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const tile = el.parentElement!.getBoundingClientRect();
      return {
        text: el.textContent,
        height: r.height,
        line: parseFloat(getComputedStyle(el).lineHeight),
        right: r.right,
        tileRight: tile.right,
        left: r.left,
        tileLeft: tile.left,
      };
    });
    expect(m.height, m.text ?? '').toBeLessThan(m.line * 1.5);
    expect(m.left, m.text ?? '').toBeGreaterThanOrEqual(m.tileLeft);
    expect(m.right, m.text ?? '').toBeLessThanOrEqual(m.tileRight);
  }
  // amounts with two decimals, as everywhere in the shop
  for (const text of await figures.allTextContents()) {
    if (text.includes('CHF')) expect(text).toMatch(/^CHF\u00a0[\d']+\.\d{2}$/);
  }
  // the lists' figures (top products' units and revenue, counts) one line each too
  for (const f of await page.locator('.dash-list .num, .dash-list strong').all()) {
    const m = await f.evaluate((el) => ({ text: el.textContent, rects: el.getClientRects().length }));
    expect(m.rects, m.text ?? '').toBe(1);
  }
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-phone-dashboard.png`, fullPage: true });

  // the last link (settings), once hidden off-screen, is clicked like any other; the menu then
  // closes and names the page it is on
  await links.last().click();
  await page.waitForURL((u) => u.pathname === '/admin/settings');
  await expect(links.first()).toBeHidden();
  await expect(menu).toContainText('Einstellungen');
  await context.close();
});

test('admin on a 1280 px desktop: every nav link in sight, in at most two rows', async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await german(browser, { width: 1280, height: 800 }, false);
  const page = await context.newPage();
  await signIn(page, ADMIN, '/admin/home', { base: BASE, hydrated: true });
  // the URL changes before the back office's layout is drawn: wait for its links, then measure
  const links = page.locator('.admin-nav > .admin-links a');
  await expect(links.first()).toBeVisible();
  await expect(page.getByTestId('admin-menu')).toBeHidden();
  const boxes = await links.evaluateAll((as) => as.map((a) => a.getBoundingClientRect().toJSON() as DOMRect));
  expect(boxes.length).toBeGreaterThanOrEqual(9);
  for (const b of boxes) expect(b.right).toBeLessThanOrEqual(1280);
  expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBeLessThanOrEqual(2);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-desktop-dashboard.png`, fullPage: true });
  await context.close();
});
