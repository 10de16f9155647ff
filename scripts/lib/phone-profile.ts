/**
 * The mid-range phone of the first-tap and page-speed tests: a 390×844 viewport, the CPU four times
 * slower (CDP `Emulation.setCPUThrottlingRate`) and a 1.6 Mbit/s line with 150 ms round trips
 * (`Network.emulateNetworkConditions`, 200,000 bytes/s each way), as a new visitor (empty cache).
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

/** Viewport of the phone profile, CSS pixels. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/** The throttling of the phone profile: CPU slowdown factor, latency in ms, throughput in bytes/s. */
export const PHONE_THROTTLING = { cpuRate: 4, latencyMs: 150, bytesPerSecond: 200_000 };

/**
 * Puts `page` on the phone profile's CPU and network (the viewport is the context's). Returns the
 * CDP session, which must stay open for the throttling to last.
 */
export async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_THROTTLING.cpuRate });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_THROTTLING.latencyMs,
    downloadThroughput: PHONE_THROTTLING.bytesPerSecond,
    uploadThroughput: PHONE_THROTTLING.bytesPerSecond,
  });
  return cdp;
}

/**
 * Holds back every script file (`/assets/*.js`) of the context until the returned `release` is
 * called: the page is painted and usable as HTML, but its scripts, hence hydration, cannot start.
 * This is what makes "tapped before the scripts ran" certain in a test, however fast or slow the
 * machine is, instead of racing the page's own start.
 */
export async function holdScripts(context: BrowserContext): Promise<{ release: () => Promise<void>; held: () => number }> {
  let open = false;
  let count = 0;
  const waiting: (() => void)[] = [];
  await context.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
    count++;
    if (!open) await new Promise<void>((resolve) => waiting.push(resolve));
    await route.continue();
  });
  return {
    held: () => count,
    release: async () => {
      open = true;
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

/**
 * Records the page's largest contentful paint and cumulative layout shift from its start
 * (PerformanceObserver, buffered), readable with {@link readVitals}.
 */
export async function recordVitals(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __vitals: { lcp: number; cls: number } };
    w.__vitals = { lcp: 0, cls: 0 };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__vitals.lcp = Math.max(w.__vitals.lcp, e.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__vitals.cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * LCP (ms from navigation start), CLS, the bytes of JavaScript transferred (headers included, as
 * Lighthouse counts) and when the page was hydrated (ms from navigation start; NaN before).
 */
export async function readVitals(page: Page): Promise<{ lcp: number; cls: number; jsBytes: number; hydrated: number }> {
  return page.evaluate(() => {
    const w = window as unknown as { __vitals: { lcp: number; cls: number } };
    const js = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => new URL(r.name).pathname.endsWith('.js'));
    return {
      lcp: w.__vitals.lcp,
      cls: w.__vitals.cls,
      jsBytes: js.reduce((s, r) => s + r.transferSize, 0),
      hydrated: Number(document.documentElement.dataset.hydrated) - performance.timeOrigin,
    };
  });
}
