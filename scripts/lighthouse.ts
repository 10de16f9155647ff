/**
 * `npm run lighthouse`: Lighthouse (mobile, its default profile: emulated mid-range
 * phone, simulated slow 4G) of `/`, `/client/products`, a product page and `/shopcart` of the
 * built shop, printing per page the performance, accessibility, best-practices and SEO scores,
 * the JavaScript transferred (KB), LCP, CLS and TBT (also recomputed from CPU time: `cpuBlockingTime`).
 *
 * Usage: `npm run lighthouse` builds (LIGHTHOUSE_NO_BUILD=1 skips when build/ exists) and starts
 * `build/server/server.js` on a fresh PGlite directory in a temporary folder, or
 * `npm run lighthouse -- http://host:port` measures a shop that already runs. Chromium:
 * CHROME_PATH, default /usr/bin/chromium. `npm run bench` prints the same lines at its end.
 * LIGHTHOUSE_REPORT_DIR=dir also writes each page's full JSON report there (page-1.json, …) and
 * prints, per page, the performance audits that are not passed with their display values; the
 * page's trace goes to page-N.trace.json (open it in Chromium's DevTools Performance panel).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './lib/cluster.ts';

/** Chromium flags of this machine (no sandbox in containers, nothing phoning home). */
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One page's Lighthouse result. */
export type PageScore = {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  jsKB: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /**
   * Total blocking time recomputed from the same trace with each task's CPU time (`tdur`)
   * instead of its wall time: see {@link cpuBlockingTime}. Null when the trace has no CPU times.
   */
  tbtCpuMs: number | null;
  failed?: string[];
};

/** A Chrome trace event (the fields {@link cpuBlockingTime} reads). */
type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; beginData?: { url?: string } };
};

/**
 * Lighthouse's total blocking time of a page computed from thread CPU time rather than wall time
 * (on a 2-core machine, the page's main thread is descheduled for the browser's other
 * processes and Lighthouse's own trace reader, and a task's wall time was 2-5x its CPU time).
 * Same rule as Lighthouse's simulation otherwise: each top-level task of the page's renderer main
 * thread after the first contentful paint, at 4x (its mobile CPU slowdown), blocks for what exceeds
 * 50 ms. Milliseconds; null when the trace carries no CPU times.
 */
export function cpuBlockingTime(events: TraceEvent[], pageUrl: string): number | null {
  const host = new URL(pageUrl).host;
  const pid = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.includes(host))?.pid;
  const main = events.find((e) => e.pid === pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (pid === undefined || !main) return null;
  const onMain = events.filter((e) => e.pid === pid && e.tid === main.tid);
  const fcp = onMain.find((e) => e.name === 'firstContentfulPaint')?.ts ?? 0;
  const tasks = onMain.filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')).sort((a, b) => a.ts - b.ts);
  if (!tasks.some((t) => t.tdur !== undefined)) return null;
  let end = 0;
  let blocking = 0;
  for (const t of tasks) {
    if (t.ts < end) continue; // nested in the task before
    end = t.ts + (t.dur ?? 0);
    if (t.ts >= fcp) blocking += Math.max(0, (4 * (t.tdur ?? 0)) / 1000 - 50);
  }
  return Math.round(blocking);
}

type Lhr = {
  runtimeError?: { code: string };
  categories: Record<string, { score: number | null; auditRefs?: { id: string }[] }>;
  audits: Record<
    string,
    { score: number | null; numericValue?: number; scoreDisplayMode?: string; details?: { items?: { resourceType?: string; transferSize?: number }[] } }
  >;
};

/**
 * Lighthouse (mobile) of `base` + each path, one Chromium per run. Audits that failed in the
 * performance and accessibility categories are listed by id.
 */
export async function lighthousePages(base: string, paths: string[]): Promise<PageScore[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const out: PageScore[] = [];
  for (const p of paths) {
    // a busy machine sometimes loses the trace (NO_NAVSTART): such a run is repeated, twice at most
    for (let attempt = 1; ; attempt++) {
      const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
      try {
        const result = await lighthouse(`${base}${p}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const lhr = result?.lhr as unknown as Lhr;
        if (lhr.runtimeError && attempt < 3) continue;
        const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
        if (reportDir) {
          fs.mkdirSync(reportDir, { recursive: true });
          const file = path.join(reportDir, `page-${paths.indexOf(p) + 1}`);
          fs.writeFileSync(`${file}.json`, JSON.stringify(lhr, null, 1));
          const trace = (result?.artifacts as { Trace?: unknown } | undefined)?.Trace;
          if (trace) fs.writeFileSync(`${file}.trace.json`, JSON.stringify(trace));
          console.log(`${p}: ${notPassed(lhr).join('; ') || 'every performance audit passed'}`);
        }
        const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
        const js = (lhr.audits['resource-summary']?.details?.items ?? []).find((i) => i.resourceType === 'script')?.transferSize ?? 0;
        const failed = ['performance', 'accessibility'].flatMap((cat) =>
          (lhr.categories[cat]?.auditRefs ?? [])
            .map((r) => r.id)
            .filter((id) => {
              const a = lhr.audits[id];
              return (
                a &&
                a.score !== null &&
                a.score < 0.9 &&
                a.scoreDisplayMode !== 'informative' &&
                a.scoreDisplayMode !== 'manual' &&
                a.scoreDisplayMode !== 'notApplicable'
              );
            }),
        );
        out.push({
          path: p,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          jsKB: Math.round((js / 1024) * 10) / 10,
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
          cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
          tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
          tbtCpuMs: cpuBlockingTime(
            ((result?.artifacts as { Trace?: { traceEvents: TraceEvent[] } } | undefined)?.Trace?.traceEvents ?? []) as TraceEvent[],
            `${base}${p}`,
          ),
          failed,
        });
        break;
      } finally {
        chrome.kill();
      }
    }
  }
  return out;
}

/** The performance audits of a report scoring below 1 (not informative), with their display values. */
function notPassed(lhr: Lhr): string[] {
  return (lhr.categories.performance?.auditRefs ?? [])
    .map((r) => ({ id: r.id, a: lhr.audits[r.id] as Lhr['audits'][string] & { displayValue?: string } }))
    .filter(
      ({ a }) =>
        a && a.score !== null && a.score < 1 && (a.scoreDisplayMode === 'numeric' || a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'metricSavings'),
    )
    .map(({ id, a }) => `${id} ${a.score}${a.displayValue ? ` (${a.displayValue})` : ''}`);
}

/** The printed line of a page's result. */
export function scoreLine(s: PageScore): string {
  return `${s.path.replace(/id=[^&]+/, 'id=…').padEnd(28)}  perf ${s.performance}  a11y ${s.accessibility}  bp ${s.bestPractices}  seo ${s.seo}  JS ${s.jsKB.toFixed(1)} KB  LCP ${s.lcpMs} ms  CLS ${s.cls.toFixed(3)}  TBT ${s.tbtMs} ms (from CPU time: ${s.tbtCpuMs ?? '–'} ms)${s.failed?.length ? `  (below 90: ${s.failed.join(', ')})` : ''}`;
}

/** The id of a product to measure (the first search hit of a catalogue name). */
export async function someProductPath(base: string): Promise<string> {
  const res = await fetch(`${base}/api/product/searchProducts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ searchOptions: { searchName: 'hemingway short story' } }),
  });
  const id = ((await res.json()) as { products: { _id: string }[] }).products[0]?._id;
  return `/productdetail?id=${encodeURIComponent(id ?? '')}`;
}

async function main() {
  let base = process.argv.slice(2).find((a) => /^https?:\/\//.test(a));
  let shop: ChildProcess | undefined;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lighthouse-'));
  try {
    if (!base) {
      if (process.env.LIGHTHOUSE_NO_BUILD !== '1' || !fs.existsSync('build/server/server.js'))
        execFileSync('npx', ['react-router', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      shop = spawn(process.execPath, ['build/server/server.js'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: path.join(tmp, 'data'),
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
          PUBLIC_URL: base,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const end = Date.now() + 120_000;
      for (;;) {
        if (shop.exitCode !== null) throw new Error('the shop exited');
        if (Date.now() > end) throw new Error('the shop did not start');
        const ok = await fetch(`${base}/api/configuration/configurations`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    const pages = ['/', '/client/products', await someProductPath(base), '/shopcart'];
    console.log('Lighthouse (mobile):');
    for (const s of await lighthousePages(base, pages)) console.log(scoreLine(s));
  } finally {
    shop?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
