/**
 * `npm run cluster -- [--processes 2] [--port 8080]` (issue 13): the production layout without
 * Docker — N app processes on one PostgreSQL (`DATABASE_URL`) and one Redis (`REDIS_URL`) behind
 * a round-robin load balancer on `--port`. App processes listen on the ports after it. Builds
 * first when `build/` is missing. Ctrl-C stops everything.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { startApp, startBalancer, type AppProcess } from './lib/cluster.ts';

const { values } = parseArgs({ options: { processes: { type: 'string', default: '2' }, port: { type: 'string', default: process.env.PORT ?? '8080' } } });
const n = Number(values.processes);
const port = Number(values.port);
if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  console.error('npm run cluster needs DATABASE_URL (PostgreSQL) and REDIS_URL: several processes cannot share the embedded database.');
  process.exit(2);
}
if (!fs.existsSync('build/server/server.js')) execSync('npx react-router build', { stdio: 'inherit' });

const env = { NODE_ENV: process.env.NODE_ENV ?? 'production', TRUST_PROXY: process.env.TRUST_PROXY ?? '1' };
// the first process applies the migrations (and the first-start import) before the others start
const apps: AppProcess[] = [await startApp(port + 1, env)];
apps.push(...(await Promise.all(Array.from({ length: n - 1 }, (_, i) => startApp(port + 2 + i, env)))));
const lb = startBalancer(port, () => apps.map((a) => a.url));
console.log(`${n} app processes (${apps.map((a) => a.port).join(', ')}) behind the load balancer at ${lb.url}`);

const stop = async () => {
  lb.server.close();
  await Promise.all(apps.map((a) => a.stop()));
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
