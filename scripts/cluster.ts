/**
 * `npm run cluster -- [--processes 2] [--port 8443] [--domain shop.example.ch]`: the production
 * layout without Docker (README, "Production") — N app processes on one PostgreSQL
 * (`DATABASE_URL`) and one Redis (`REDIS_URL`) behind Caddy with `deploy/Caddyfile`: TLS on
 * `--port` (Caddy's internal CA for `localhost`, real certificates for a domain, which needs ports
 * 80 and 443), HTTP/2, compression, health checks on `/readyz`. Builds first when `build/` is
 * missing. `kill -HUP <pid>` restarts the app processes one at a time without losing a request;
 * Ctrl-C or SIGTERM stops everything. Caddy keeps its certificates in `.caddy/` (CADDY_STATE_DIR).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster } from './lib/cluster.ts';

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
if (!fs.existsSync('build/server/server.js')) execSync('npx react-router build', { stdio: 'inherit' });

const stateDir = path.resolve(process.env.CADDY_STATE_DIR ?? '.caddy');
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
console.log(`kill -HUP ${process.pid} restarts the app processes one at a time; Ctrl-C stops.`);

process.on('SIGHUP', () => {
  console.log('SIGHUP: rolling restart');
  cluster.rollingRestart().then(
    () =>
      console.log(
        `rolling restart done: ports ${cluster
          .apps()
          .map((a) => a.port)
          .join(', ')}`,
      ),
    (e: Error) => console.error(`rolling restart stopped: ${e.message}`),
  );
});
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
