/**
 * Page speed on the throttled phone (scripts/lib/phone-profile.ts: 390×844, CPU four times slower,
 * 1.6 Mbit/s with 150 ms round trips) as a new visitor sees it: largest contentful paint, layout
 * shift, JavaScript bytes transferred and the moment of hydration. One measuring function for the
 * page-speed test (tests/e2e/phone-speed.spec.ts), which asserts on it, and `npm run bench`
 * (scripts/bench.ts), which prints it next to the server's figures.
 */
import type { Browser, BrowserContextOptions } from '@playwright/test';
import { PHONE_THROTTLING, PHONE_VIEWPORT, readVitals, recordVitals, throttle } from './lib/phone-profile.ts';

/** The pages whose speed is measured, for a product id: `/`, the list, a product page, the custom box and the cart. */
export const phonePages = (productId: string): string[] => ['/', '/client/products', `/productdetail?id=${productId}`, '/custombox', '/shopcart'];

/** One page's figures: LCP and hydration in ms from navigation start, CLS, JavaScript bytes (headers included). */
export type PhonePageFigures = { path: string; lcp: number; cls: number; jsBytes: number; hydrated: number };

/**
 * Opens `url` in a new context of `browser` (no cookies or storage: a new visitor; or the cookies
 * of `storageState`, e.g. a signed-in buyer's, with an empty browser cache all the same) on the
 * phone profile, waits until the page is hydrated (`html[data-hydrated]`) and the network is idle,
 * and reads its figures.
 * @param path the page's path and query, as printed.
 * @param url the page's absolute URL.
 * @throws when the page does not hydrate within `timeoutMs` (default 60 s).
 */
export async function measurePhonePage(
  browser: Browser,
  path: string,
  url: string,
  timeoutMs = 60_000,
  storageState?: BrowserContextOptions['storageState'],
): Promise<PhonePageFigures> {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, storageState });
  try {
    const page = await context.newPage();
    await throttle(page);
    await recordVitals(page);
    await page.goto(url);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: timeoutMs });
    await page.waitForLoadState('networkidle');
    return { path, ...(await readVitals(page)) };
  } finally {
    await context.close();
  }
}

/** The profile, as the heading of the printed figures. */
export const PHONE_PROFILE_LABEL = `phone profile (${PHONE_THROTTLING.cpuRate}× CPU, ${PHONE_THROTTLING.latencyMs} ms, ${((PHONE_THROTTLING.bytesPerSecond * 8) / 1e6).toFixed(1)} Mbit/s, ${PHONE_VIEWPORT.width}×${PHONE_VIEWPORT.height})`;

/** One printed line of {@link PhonePageFigures}. */
export function phoneLine(f: PhonePageFigures): string {
  return `${f.path.padEnd(48)} LCP ${Math.round(f.lcp)} ms  CLS ${f.cls.toFixed(3)}  JS ${(f.jsBytes / 1024).toFixed(1)} KB  hydrated ${Math.round(f.hydrated)} ms`;
}

/**
 * The figures of `paths` of the shop at `base`, in a Chromium of its own (CHROME_PATH, default
 * /usr/bin/chromium), each page first requested once so that the shared page cache holds it, as
 * it does for real visitors. Null when Chromium is missing.
 */
export async function phoneSpeed(base: string, paths: string[]): Promise<PhonePageFigures[] | null> {
  const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const fs = await import('node:fs');
  if (!fs.existsSync(executablePath)) return null;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const out: PhonePageFigures[] = [];
    for (const path of paths) {
      await (await fetch(`${base}${path}`)).arrayBuffer();
      out.push(await measurePhonePage(browser, path, `${base}${path}`));
    }
    return out;
  } finally {
    await browser.close();
  }
}
