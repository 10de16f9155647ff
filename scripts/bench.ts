/**
 * `npm run bench`: requests per second, p50/p99 latency and SQL
 * statements per request of the built shop (`build/server/server.js`, the server `npm start`
 * runs) on a fresh database, next to a plain Node `http` server answering the product page's
 * bytes from memory (the ceiling of this machine), as a ratio. Targets: anonymous `/`,
 * `/productdetail?id=…`, `/client/products` (served by the page cache after the first view), the
 * product page of a signed-in customer three ways (the shared cached page their browser gets; the
 * uncached request it then makes for its own user and cart, `GET /personal`, app/lib/personal.ts
 * and server/personal-part.ts; and the page their browser gets before it has marked the personal
 * hint, without JavaScript for instance: the shared page with their own header, server/personal-page.ts; once as a client that keeps no cookies, once with the cookies of its first page), next to the route's whole data request (`.data`) that the page's script made
 * for its own part before, which is no longer requested; `POST searchProducts` and `POST
 * /api/cart/addProduct` into a new anonymous cart each time. Then live-search latency from one
 * client (p50/p95 over typed prefixes), the server's RSS, page speed on the throttled phone
 * profile (LCP, CLS, JavaScript KB of `/`, the list, a product page, `/custombox`, `/shopcart`;
 * scripts/phone-speed.ts, the page-speed test's measurement) when /usr/bin/chromium exists, and
 * Lighthouse (mobile) when `lighthouse` is installed too, and the CPU time of an invoice PDF with its
 * QR-bill in four languages (scripts/invoice-speed.ts).
 *
 * Options: `--release` runs the release day rush instead (2,000 buyers for 100 units on
 * PostgreSQL behind Caddy with 1, 2 and 4 app processes; scripts/bench-release.ts); `--products N` imports the real catalogue repeated with new SKUs up to N products
 * first; `--postgres` runs on a new PostgreSQL database (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres, is used to create and drop it) instead of PGlite.
 * Builds first (BENCH_NO_BUILD=1 skips when build/ exists). Each target runs BENCH_DURATION
 * seconds (default 10) after BENCH_WARMUP unmeasured seconds (default 2) with BENCH_CONNECTIONS connections (default 20); the servers run in their
 * own processes and are stopped at the end, the temporary data directory (or database) removed.
 * The shop runs with NODE_ENV=production and LOG_LEVEL=warn (BENCH_LOG_LEVEL overrides) behind
 * the load generator acting as its reverse proxy: `TRUST_PROXY=127.0.0.1`, and every request
 * carries `X-Forwarded-For` with one of 65,536 shopper addresses, so the live-search rate limit
 * (300 a minute per address, unchanged) counts shoppers as in production, not the proxy.
 * BENCH_ONLY (a regular expression) measures only the targets whose name matches (the ceiling
 * always); BENCH_PHONE=0 skips the phone figures, BENCH_LIGHTHOUSE=0 Lighthouse, BENCH_INVOICE=0 the invoices. BENCH_CPU_PROF=dir runs the shop with `node --cpu-prof`
 * and leaves its profile (`*.cpuprofile`, for Chromium's DevTools) in that folder.
 */
import autocannon, { type Result } from 'autocannon';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { invoiceSpeed } from './invoice-speed.ts';
import { releaseBench } from './bench-release.ts';
import { lighthousePages, scoreLine } from './lighthouse.ts';
import { SEARCH_WORDS } from './lib/search-words.ts';
import { PHONE_PROFILE_LABEL, phoneLine, phonePages, phoneSpeed } from './phone-speed.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const HOST = '127.0.0.1';

/** A free TCP port on the loopback interface. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 200, or fails after `timeoutMs`. */
async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (ended(child)) throw new Error(`server exited (${child.exitCode ?? child.signalCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000} s`);
}

/** Whether a child process has ended (by itself or by a signal). */
const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || ended(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

type Target = {
  name: string;
  url: string;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  setupRequest?: (req: Record<string, unknown>) => Record<string, unknown>;
};
type Row = { name: string; rps: number; p50: number; p99: number; cpuMs: number | null; queries: number | null; errors: number; non2xx: number };

/**
 * CPU time (user + system, all threads) a process has used so far, in milliseconds, from
 * /proc/<pid>/stat (Linux; null elsewhere). Unlike req/s it hardly depends on what else the
 * machine runs, so it is printed per request next to the throughput.
 */
function cpuMs(pid: number | undefined): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, USER_HZ = 100
  } catch {
    return null;
  }
}

type Stats = {
  queries: number;
  rssBytes: number;
  memory?: { heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };
  pageCache: { hits: number; misses: number; entries?: number; bytes?: number } | null;
};
async function stats(base: string): Promise<Stats> {
  return (await (await fetch(`${base}/__stats`)).json()) as Stats;
}

const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);

/** A shopper's address behind the proxy (10.0.0.0/16): what a reverse proxy puts in X-Forwarded-For. */
const shopperIp = () => `10.0.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

/** autocannon's per-request hook: a shopper address, and the target's own changes (a new body). */
function perRequest(t: Target) {
  return (req: Record<string, unknown>) => {
    const r = t.setupRequest ? t.setupRequest(req) : req;
    return { ...r, headers: { ...(r.headers as Record<string, string> | undefined), 'x-forwarded-for': shopperIp() } };
  };
}

async function measure(t: Target, serverPid: number | undefined, base?: string): Promise<Row> {
  process.stderr.write(`  ${t.name} … `);
  const load = (duration: number): Promise<Result> =>
    autocannon({
      url: t.url,
      method: t.method ?? 'GET',
      body: t.body,
      headers: t.headers,
      connections: CONNECTIONS,
      duration,
      requests: [{ setupRequest: perRequest(t) }],
    } as Parameters<typeof autocannon>[0]);
  // unmeasured warm-up (JIT, first fill of the page cache): the table shows the steady state
  if (WARMUP_S > 0) await load(WARMUP_S);
  const before = cpuMs(serverPid);
  const q0 = base ? (await stats(base)).queries : 0;
  const r = await load(DURATION_S);
  const after = cpuMs(serverPid);
  const q1 = base ? (await stats(base)).queries : 0;
  const cpu = before !== null && after !== null && r.requests.total > 0 ? (after - before) / r.requests.total : null;
  process.stderr.write(`${Math.round(r.requests.average)} req/s\n`);
  return {
    name: t.name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuMs: cpu,
    queries: base && r.requests.total > 0 ? (q1 - q0) / r.requests.total : null,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

const BASELINE_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const body = fs.readFileSync(process.env.BODY_FILE);
const type = process.env.BODY_TYPE;
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': type, 'content-length': body.length });
  res.end(body);
}).listen(Number(process.env.PORT), process.env.HOST);
`;

/** `data/catalogue.json` repeated with new SKUs (and names) up to `n` products. */
function repeatedCatalogue(n: number): unknown {
  const file = JSON.parse(fs.readFileSync('data/catalogue.json', 'utf8')) as { products: Record<string, unknown>[] } & Record<string, unknown>;
  const base = file.products;
  const out: Record<string, unknown>[] = [];
  for (let i = 0; out.length < n; i++) {
    const p = base[i % base.length];
    const round = Math.floor(i / base.length);
    out.push(round === 0 ? p : { ...p, sku: `${String(p.sku)}-R${round}`, name: `${String(p.name)} ${round}` });
  }
  return { ...file, products: out };
}

/**
 * Sequential searches from one client: p50/p95 latency in ms over rounds 2 and 3 of the typed
 * prefixes (`first`: round 1, each prefix asked for the first time, so not from the shop's cache
 * of recent answers).
 */
async function searchLatency(base: string): Promise<{ p50: number; p95: number; n: number; first: { p50: number; p95: number } }> {
  const words = SEARCH_WORDS;
  const terms = words.flatMap((w) => Array.from({ length: Math.min(w.length, 8) - 1 }, (_, k) => w.slice(0, k + 2)));
  const times: number[] = [];
  const firstTimes: number[] = [];
  for (let round = 0; round < 3; round++)
    for (const t of terms) {
      const start = performance.now();
      const res = await fetch(`${base}/api/product/searchProducts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': shopperIp() },
        body: JSON.stringify({ searchOptions: { searchName: t } }),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`search "${t}": HTTP ${res.status}`);
      (round > 0 ? times : firstTimes).push(performance.now() - start); // round 0 warms up
    }
  const at = (list: number[], q: number) => {
    const sorted = [...list].sort((a, b) => a - b);
    return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 100) / 100;
  };
  return { p50: at(times, 0.5), p95: at(times, 0.95), n: times.length, first: { p50: at(firstTimes, 0.5), p95: at(firstTimes, 0.95) } };
}

/** Lighthouse (mobile) of `paths` (scripts/lighthouse.ts), when the package and Chromium are there; else null. */
async function lighthouse(base: string, paths: string[]): Promise<string[] | null> {
  if (!fs.existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium') || !fs.existsSync('node_modules/lighthouse/package.json')) return null;
  try {
    return (await lighthousePages(base, paths)).map(scoreLine);
  } catch (e) {
    return [`lighthouse failed (${(e as Error).message.split('\n')[0]})`];
  }
}

async function main() {
  const args = process.argv.slice(2);
  const productsArg = args.indexOf('--products');
  const productCount = productsArg >= 0 ? Number(args[productsArg + 1]) : 0;
  const onPostgres = args.includes('--postgres');
  if (process.env.BENCH_NO_BUILD !== '1' || !fs.existsSync('build/server/server.js')) {
    console.error('== building');
    execFileSync('npx', ['react-router', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  // the release day rush on PostgreSQL behind Caddy (scripts/bench-release.ts) is a run of its own
  if (args.includes('--release')) return releaseBench();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  let shopProc: ChildProcess | undefined;
  let baseProc: ChildProcess | undefined;
  let databaseUrl = '';
  let dropDb = async () => {};
  if (onPostgres) {
    // imported here: a PGlite run loads no PostgreSQL client
    const { createTestDatabase } = await import('./lib/test-database.ts');
    ({ url: databaseUrl, drop: dropDb } = await createTestDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'));
  }
  const cleanup = async () => {
    await Promise.all([stop(shopProc), stop(baseProc)]);
    fs.rmSync(tmp, { recursive: true, force: true });
    await dropDb().catch(() => undefined);
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));
  try {
    const port = await freePort();
    const base = `http://${HOST}:${port}`;
    const adminEmail = 'bench-admin@example.ch';
    const adminPassword = 'Bench-Admin-Password-1';
    const env = {
      ...process.env,
      PORT: String(port),
      HOST,
      DATA_DIR: path.join(tmp, 'data'),
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      TRUST_PROXY: HOST,
      // no balancer polls /readyz here: stop without the drain delay
      DRAIN_DELAY_MS: '0',
      SHOP_BENCH_STATS: '1',
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      PUBLIC_URL: base,
    };
    if (productCount > 0) {
      const file = path.join(tmp, 'catalogue.json');
      fs.writeFileSync(file, JSON.stringify(repeatedCatalogue(productCount)));
      console.error(`== importing ${productCount} products`);
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/catalogue-import.ts', file], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    }
    console.error(`== starting the built shop (build/server/server.js) on ${base} (${onPostgres ? 'PostgreSQL' : `fresh PGlite in ${tmp}`})`);
    // the Node flags of `npm start` / `start:prod` / the Dockerfile (package.json)
    // BENCH_CPU_PROF=dir: the shop writes a V8 CPU profile there when it stops (`node --cpu-prof`)
    const profFlags = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
    shopProc = spawn(process.execPath, [...profFlags, '--max-old-space-size=192', 'build/server/server.js'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    await waitFor(`${base}/api/configuration/configurations`, shopProc);

    const search = await fetch(`${base}/api/product/searchProducts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ searchOptions: { searchName: 'hemingway short story' } }),
    });
    const productId = ((await search.json()) as { products: { _id: string }[] }).products[0]._id;
    const productPath = `/productdetail?id=${productId}`;
    const login = (await (
      await fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: adminEmail, password: adminPassword }),
      })
    ).json()) as { accesToken: string };
    // a browser that signed in holds the readable personal hint too, marked by the page's script
    // (server/personal-hint.ts, app/lib/personal.ts)
    const signedIn = { cookie: `access_token=${login.accesToken}; personal=2` };
    const signedInNoHint = { cookie: `access_token=${login.accesToken}` };
    // what such a browser sends from its second page on: the cookies the shop set on its first
    // (the cart id, the personal hint `1`), which spare every answer setting them again
    const firstPage = await fetch(`${base}${productPath}`, { headers: signedInNoHint });
    await firstPage.arrayBuffer();
    const kept = firstPage.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .filter((c) => !c.endsWith('='));
    const signedInNoHintKept = { cookie: [signedInNoHint.cookie, ...kept].join('; ') };

    // the ceiling: the same bytes as the product page, from memory
    const page = await fetch(`${base}${productPath}`, { headers: { 'accept-encoding': 'identity' } });
    const bodyFile = path.join(tmp, 'product.html');
    fs.writeFileSync(bodyFile, Buffer.from(await page.arrayBuffer()));
    const basePort = await freePort();
    baseProc = spawn(process.execPath, ['-e', BASELINE_SERVER], {
      env: { ...process.env, PORT: String(basePort), HOST, BODY_FILE: bodyFile, BODY_TYPE: page.headers.get('content-type') ?? 'text/html' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(`http://${HOST}:${basePort}/`, baseProc);

    const { randomBytes } = await import('node:crypto');
    console.error(`== measuring: ${DURATION_S} s per target, ${CONNECTIONS} connections, loopback, ${os.cpus().length} cores shared with the load generator`);
    const ceiling = await measure(
      { name: `plain node:http, product page bytes (${fs.statSync(bodyFile).size} B)`, url: `http://${HOST}:${basePort}/` },
      baseProc.pid,
    );
    await stop(baseProc);
    const rows: Row[] = [];
    for (const t of [
      { name: 'GET / (anonymous)', url: `${base}/` },
      { name: 'GET /productdetail?id=… (anonymous)', url: `${base}${productPath}` },
      { name: 'GET /client/products (anonymous)', url: `${base}/client/products` },
      { name: 'GET /productdetail?id=… (signed in: shared page)', url: `${base}${productPath}`, headers: signedIn },
      { name: 'GET /personal (signed in: own part)', url: `${base}/personal`, headers: signedIn },
      // what the page's script asked for before the personal part had a route of its own (no longer requested)
      { name: 'GET /productdetail.data?id=… (signed in: old own part, not needed)', url: `${base}${productPath.replace('?', '.data?')}`, headers: signedIn },
      { name: 'GET /productdetail?id=… (signed in, no marked hint: shared page, own header)', url: `${base}${productPath}`, headers: signedInNoHint },
      {
        name: 'GET /productdetail?id=… (same, cookies of the first page kept: shared page, own header)',
        url: `${base}${productPath}`,
        headers: signedInNoHintKept,
      },
      {
        name: 'POST /api/product/searchProducts',
        url: `${base}/api/product/searchProducts`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ searchOptions: { searchName: 'fuentte' } }),
      },
      {
        name: 'POST /api/cart/addProduct (new cart)',
        url: `${base}/api/cart/addProduct`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req: Record<string, unknown>) => ({
          ...req,
          body: JSON.stringify({ productID: productId, userID: randomBytes(24).toString('base64url'), count: 1 }),
        }),
      },
    ] satisfies Target[])
      if (!process.env.BENCH_ONLY || new RegExp(process.env.BENCH_ONLY).test(t.name)) rows.push(await measure(t, shopProc.pid, base));

    const w = Math.max(...[ceiling, ...rows].map((r) => r.name.length));
    const line = (r: Row, ratio: string) =>
      `${r.name.padEnd(w)}  ${Math.round(r.rps).toString().padStart(7)}  ${r.p50.toString().padStart(7)}  ${r.p99.toString().padStart(7)}  ${ratio.padStart(10)}  ${(r.cpuMs === null ? 'n/a' : r.cpuMs.toFixed(2)).padStart(10)}  ${(r.queries === null ? '' : r.queries.toFixed(2)).padStart(9)}${r.errors || r.non2xx ? `  (${r.errors} errors, ${r.non2xx} non-2xx)` : ''}`;
    console.log(
      `\n${'target'.padEnd(w)}  ${'req/s'.padStart(7)}  ${'p50 ms'.padStart(7)}  ${'p99 ms'.padStart(7)}  ${'vs ceiling'.padStart(10)}  ${'CPU ms/req'.padStart(10)}  ${'SQL/req'.padStart(9)}`,
    );
    console.log(line(ceiling, '1.00'));
    for (const r of rows) console.log(line(r, (r.rps / ceiling.rps).toFixed(3)));

    const s100 = await searchLatency(base);
    console.log(
      `\nlive search, one client, ${s100.n} typed prefixes (${productCount || 'catalogue'} products): p50 ${s100.p50} ms, p95 ${s100.p95} ms (first time each: p50 ${s100.first.p50} ms, p95 ${s100.first.p95} ms)`,
    );
    const st = await stats(base);
    const mib = (n: number | undefined) => `${((n ?? 0) / 1024 / 1024).toFixed(0)} MiB`;
    console.log(
      `RSS of the shop after the bench: ${mib(st.rssBytes)} (${onPostgres ? 'PostgreSQL' : 'PGlite'}); page cache ${st.pageCache?.hits ?? 0} hits, ${st.pageCache?.misses ?? 0} misses, ${st.pageCache?.entries ?? 0} entries, ${mib(st.pageCache?.bytes)}`,
    );
    if (st.memory)
      console.log(
        `  JS heap ${mib(st.memory.heapUsed)} of ${mib(st.memory.heapTotal)}; outside the heap ${mib(st.memory.external)} (WebAssembly memory of PGlite, buffers; array buffers ${mib(st.memory.arrayBuffers)})`,
      );
    const load = os.loadavg()[0].toFixed(1);
    console.log(
      `\n${DURATION_S} s per target, ${CONNECTIONS} connections, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, load average ${load}; the load generator shares the machine.`,
    );
    console.log(
      'CPU ms/req: server CPU time (all threads) per answered request; it depends far less on other load than req/s. SQL/req: statements the shop sent per request.',
    );
    if (process.env.BENCH_PHONE !== '0') {
      try {
        const phone = await phoneSpeed(base, phonePages(productId));
        if (phone) console.log(`\nPage speed, a new visitor on the ${PHONE_PROFILE_LABEL}:\n${phone.map(phoneLine).join('\n')}`);
        else console.log('\nPage speed on the phone profile: Chromium missing (CHROME_PATH, default /usr/bin/chromium); skipped.');
      } catch (e) {
        console.log(`\nPage speed on the phone profile failed (${(e as Error).message.split('\n')[0]})`);
      }
    }
    if (process.env.BENCH_LIGHTHOUSE !== '0') {
      const lh = await lighthouse(base, ['/', '/client/products', productPath, '/shopcart']);
      if (lh) console.log(`\nLighthouse (mobile):\n${lh.join('\n')}`);
      else console.log('\nLighthouse: not installed (devDependency lighthouse) or Chromium missing (CHROME_PATH, default /usr/bin/chromium); skipped.');
    }
    if (process.env.BENCH_INVOICE !== '0') {
      const rows = await invoiceSpeed();
      console.log(
        `\nInvoice PDF with QR-bill (core/invoices, drawn in this process), CPU ms per document:\n${rows
          .map((r) => `  ${r.locale.padEnd(5)} first ${r.firstMs.toFixed(0)} ms (reads the fonts), then median ${r.medianMs.toFixed(0)} ms; ${r.bytes} bytes`)
          .join('\n')}`,
      );
    }
  } finally {
    await cleanup();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
