/**
 * `npm run bench` (issue 2, item 10): requests per second and p50/p99 latency of the built shop
 * server on a fresh PGlite data directory, for `/`, `/productdetail?id=…`, `/client/products` and
 * `POST /api/product/searchProducts`, next to a plain Node `http` server answering the same bytes
 * as the product page from memory (the ceiling of this machine), as a ratio.
 *
 * Builds first when `build/` is missing. Loopback only; each target runs BENCH_DURATION seconds
 * (default 10) with BENCH_CONNECTIONS connections (default 20); the servers run in their own
 * processes and are stopped at the end, the temporary data directory removed. The shop runs with
 * NODE_ENV=production and LOG_LEVEL=warn (BENCH_LOG_LEVEL overrides), so request logs are off.
 */
import autocannon, { type Result } from 'autocannon';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

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

type Target = { name: string; url: string; method?: string; body?: string; headers?: Record<string, string> };
type Row = { name: string; rps: number; p50: number; p99: number; cpuMs: number | null; errors: number; non2xx: number };

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

async function measure(t: Target, serverPid: number | undefined): Promise<Row> {
  process.stderr.write(`  ${t.name} … `);
  const before = cpuMs(serverPid);
  const r: Result = await autocannon({ url: t.url, method: t.method ?? 'GET', body: t.body, headers: t.headers, connections: CONNECTIONS, duration: DURATION_S });
  const after = cpuMs(serverPid);
  const cpu = before !== null && after !== null && r.requests.total > 0 ? (after - before) / r.requests.total : null;
  process.stderr.write(`${Math.round(r.requests.average)} req/s\n`);
  return { name: t.name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuMs: cpu, errors: r.errors + r.timeouts, non2xx: r.non2xx };
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

async function main() {
  if (!fs.existsSync('build/server/index.js')) {
    console.error('== building (build/ is missing)');
    execFileSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  let shopProc: ChildProcess | undefined;
  let baseProc: ChildProcess | undefined;
  const cleanup = async () => {
    await Promise.all([stop(shopProc), stop(baseProc)]);
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));
  try {
    const port = await freePort();
    const base = `http://${HOST}:${port}`;
    console.error(`== starting the built shop on ${base} (fresh PGlite in ${tmp})`);
    shopProc = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
      env: { ...process.env, PORT: String(port), HOST, DATA_DIR: path.join(tmp, 'data'), DATABASE_URL: '', NODE_ENV: 'production', PUBLIC_URL: base, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', SEARCH_RATE_LIMIT: '100000000' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(`${base}/api/configuration/configurations`, shopProc);

    const search = await fetch(`${base}/api/product/searchProducts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ searchOptions: { searchName: 'hemingway short story' } }),
    });
    const productId = ((await search.json()) as { products: { _id: string }[] }).products[0]._id;
    const productPath = `/productdetail?id=${productId}`;

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

    console.error(`== measuring: ${DURATION_S} s per target, ${CONNECTIONS} connections, loopback, ${os.cpus().length} cores shared with the load generator`);
    const ceiling = await measure({ name: `plain node:http, product page bytes (${fs.statSync(bodyFile).size} B)`, url: `http://${HOST}:${basePort}/` }, baseProc.pid);
    await stop(baseProc);
    const rows: Row[] = [];
    for (const t of [
      { name: 'GET /', url: `${base}/` },
      { name: 'GET /productdetail?id=…', url: `${base}${productPath}` },
      { name: 'GET /client/products', url: `${base}/client/products` },
      {
        name: 'POST /api/product/searchProducts',
        url: `${base}/api/product/searchProducts`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ searchOptions: { searchName: 'fuentte' } }),
      },
    ] satisfies Target[])
      rows.push(await measure(t, shopProc.pid));

    const w = Math.max(...[ceiling, ...rows].map((r) => r.name.length));
    const line = (r: Row, ratio: string) =>
      `${r.name.padEnd(w)}  ${Math.round(r.rps).toString().padStart(7)}  ${r.p50.toString().padStart(7)}  ${r.p99.toString().padStart(7)}  ${ratio.padStart(10)}  ${(r.cpuMs === null ? 'n/a' : r.cpuMs.toFixed(2)).padStart(10)}${r.errors || r.non2xx ? `  (${r.errors} errors, ${r.non2xx} non-2xx)` : ''}`;
    console.log(`\n${'target'.padEnd(w)}  ${'req/s'.padStart(7)}  ${'p50 ms'.padStart(7)}  ${'p99 ms'.padStart(7)}  ${'vs ceiling'.padStart(10)}  ${'CPU ms/req'.padStart(10)}`);
    console.log(line(ceiling, '1.00'));
    for (const r of rows) console.log(line(r, (r.rps / ceiling.rps).toFixed(3)));
    const load = os.loadavg()[0].toFixed(1);
    console.log(`\n${DURATION_S} s per target, ${CONNECTIONS} connections, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, load average ${load}; the load generator shares the machine.`);
    console.log('CPU ms/req: server CPU time (all threads) per answered request; it depends far less on other load than req/s.');
  } finally {
    await cleanup();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
