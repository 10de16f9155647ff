/**
 * `npm run cluster -- [--processes 2] [--port 8443] [--domain shop.example.ch]`: the production
 * layout without Docker (docs/operations.md, "Production") — N app processes on one PostgreSQL
 * (`DATABASE_URL`) and one Redis (`REDIS_URL`) behind Caddy with `deploy/Caddyfile`: TLS on
 * `--port` (Caddy's internal CA for `localhost`, real certificates for a domain, which needs ports
 * 80 and 443), HTTP/2, compression, health checks on `/readyz`. Builds first when `build/` is
 * missing. Caddy keeps its certificates in `.caddy/` (CADDY_STATE_DIR).
 *
 * Its process id goes to a pid file (CLUSTER_PID_FILE, default `data/cluster.pid`), so that
 * `npm run reload` (scripts/cluster-reload.ts) can send it SIGHUP: a rolling restart, the app
 * processes replaced one at a time without losing a request. npm does not pass SIGHUP on (npm
 * itself dies of it), hence the pid file rather than a signal to npm. SIGTERM and SIGINT, which
 * npm does pass on, stop Caddy and every app process and remove the pid file; if npm dies under
 * the cluster (a signal npm does not pass on), the cluster stops too rather than run on orphaned.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { clusterFiles, readClusterState, runningClusterPid, startCluster, writeClusterState } from './lib/cluster.ts';

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '2' },
    port: { type: 'string', default: process.env.PORT ?? '8443' },
    domain: { type: 'string', default: 'localhost' },
    'http-port': { type: 'string' },
  },
});
const n = Number(values.processes);
const port = Number(values.port);
if (!Number.isInteger(n) || n < 1 || n > 16 || !Number.isInteger(port) || port < 1 || port > 65535) {
  console.error('usage: npm run cluster -- [--processes 1-16] [--port 8443] [--domain shop.example.ch] [--http-port 80]');
  process.exit(2);
}
if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  console.error('npm run cluster needs DATABASE_URL (PostgreSQL) and REDIS_URL: several processes cannot share the embedded database.');
  process.exit(2);
}
const files = clusterFiles();
const already = runningClusterPid(files);
if (already !== null && already !== process.pid) {
  console.error(`A cluster already runs (pid ${already}, ${files.pid}): \`npm run reload\` restarts it, \`kill ${already}\` stops it.`);
  process.exit(2);
}
if (!fs.existsSync('build/server/server.js')) execSync('npx react-router build', { stdio: 'inherit' });

const stateDir = path.resolve(process.env.CADDY_STATE_DIR ?? '.caddy');
// a stop asked for while the processes start is carried out once they run (so none is left behind)
let stopAsked: string | null = null;
const askStop = (signal: string) => void (stopAsked = signal);
process.on('SIGINT', askStop).on('SIGTERM', askStop);
const cluster = await startCluster({
  processes: n,
  port,
  domain: values.domain,
  httpPort: values['http-port'] ? Number(values['http-port']) : values.domain === 'localhost' ? undefined : 80,
  stateDir,
  env: {},
  log: (line) => console.log(line),
});
console.log(
  `${n} app processes (ports ${cluster
    .apps()
    .map((a) => a.port)
    .join(', ')}) behind Caddy at ${cluster.caddy.url} (pid ${process.pid})`,
);
if (values.domain === 'localhost') console.log(`Caddy's local root certificate: ${path.join(cluster.caddy.dataDir, 'caddy/pki/authorities/local/root.crt')}`);
fs.mkdirSync(path.dirname(files.pid), { recursive: true });
fs.writeFileSync(files.pid, `${process.pid}\n`);
const ports = () => cluster.apps().map((a) => a.port);
writeClusterState(files, { pid: process.pid, ports: ports(), restarts: 0 });
console.log(`pid file ${files.pid}: \`npm run reload\` restarts the app processes one at a time; Ctrl-C stops.`);

let restarts = 0;
process.on('SIGHUP', () => {
  console.log('SIGHUP: rolling restart');
  const done = (ok: boolean, message: string) => {
    restarts++;
    writeClusterState(files, { pid: process.pid, ports: ports(), restarts, last: { ok, message, at: new Date().toISOString() } });
    (ok ? console.log : console.error)(message);
  };
  cluster.rollingRestart().then(
    () => done(true, `rolling restart done: ports ${ports().join(', ')}`),
    (e: Error) => done(false, `rolling restart stopped: ${e.message}`),
  );
});
let stopping = false;
const stop = async (why: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${why}: stopping Caddy and the app processes`);
  await cluster.stop();
  // only our own files: a second cluster refused at start must not remove the first one's
  if (readClusterState(files)?.pid === process.pid) fs.rmSync(files.state, { force: true });
  if (runningClusterPid(files) === process.pid) fs.rmSync(files.pid, { force: true });
  process.exit(0);
};
process.off('SIGINT', askStop).off('SIGTERM', askStop);
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
if (stopAsked) void stop(stopAsked);
// under npm: when npm is gone (killed by a signal it does not pass on, such as SIGHUP), the
// cluster would run on with nobody to stop it; it stops instead
const npm = process.env.npm_lifecycle_event ? npmAncestor() : null;
if (npm !== null)
  setInterval(() => {
    if (!alive(npm)) void stop('npm exited');
  }, 1000).unref();

/**
 * The npm process that runs this script: npm starts it through `sh -c`, so npm is the parent or
 * the grandparent (Linux `/proc`; null elsewhere or when none is found).
 */
function npmAncestor(): number | null {
  let pid = process.ppid;
  for (let depth = 0; depth < 3 && pid > 1; depth++) {
    try {
      if (
        fs
          .readFileSync(`/proc/${pid}/cmdline`, 'utf8')
          .split('\0')
          .some((arg) => /(^|[\\/])npm(-cli\.js)?$|^npm /.test(arg))
      )
        return pid;
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      pid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      return null;
    }
  }
  return null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
