/**
 * The rolling restart as an operator runs it (docs/operations.md, "Rolling restarts"): `npm run cluster` is
 * started through npm, writes its pid file, and `npm run reload` (scripts/cluster-reload.ts)
 * makes it replace its two app processes one at a time while requests go through Caddy without
 * one refused or failed; then npm is sent SIGTERM, as `kill` or a service manager does, and no
 * process of the cluster is left (npm passes SIGTERM on; SIGHUP it does not, hence the pid file,
 * and a cluster whose npm died of it stops too).
 * Runs on the PostgreSQL pass of the suite when TEST_REDIS_URL is set too (vitest.config.ts); it
 * uses Redis database 11 of that server alone and empties it first.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/cluster.ts';
import { httpsClient } from '../helpers/https.ts';
import { createTestDatabase } from '../helpers/shop.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const redisUrl = `${(process.env.TEST_REDIS_URL ?? '').replace(/\/\d*$/, '')}/11`;

/** The processes of a process group (pid and command), from ps. */
function groupMembers(pgid: number): { pid: number; cmd: string }[] {
  const lines = execFileSync('ps', ['-e', '-o', 'pid=,pgid=,args='], { encoding: 'utf8' }).split('\n');
  return lines
    .map((l) => l.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => m !== null && Number(m[2]) === pgid)
    .map((m) => ({ pid: Number(m[1]), cmd: m[3] }));
}

/** The app processes (the built server) of a process group. */
const appPids = (pgid: number) =>
  groupMembers(pgid)
    .filter((p) => p.cmd.includes('build/server/server.js'))
    .map((p) => p.pid)
    .sort();

describe('npm run cluster + npm run reload, as an operator runs them', () => {
  let tmp = '';
  let drop: (() => Promise<void>) | undefined;
  let npm: ChildProcess | undefined;
  let out = '';
  let env: NodeJS.ProcessEnv = {};
  let base = '';
  const groups: number[] = [];

  /** `npm run cluster` in a process group of its own (so the test can tell whether any process of it is left), until its pid file is written. */
  const startNpmCluster = async () => {
    const port = await freePort();
    base = `https://localhost:${port}`;
    out = '';
    npm = spawn('npm', ['run', 'cluster', '--', '--processes', '2', '--port', String(port)], {
      cwd: REPO,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    groups.push(npm.pid!);
    npm.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    npm.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    await waitFor('pid file', () => fs.existsSync(path.join(tmp, 'data/cluster.pid')), 150_000);
  };

  const waitFor = async (what: string, ok: () => boolean, ms: number, npmMayExit = false) => {
    const deadline = Date.now() + ms;
    while (!ok()) {
      if (!npmMayExit && npm?.exitCode !== null && npm?.exitCode !== undefined) throw new Error(`npm run cluster exited while waiting for ${what}: ${out}`);
      if (Date.now() > deadline) throw new Error(`no ${what} within ${ms} ms: ${out.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cluster-reload-'));
    const db = await createTestDatabase(process.env.TEST_DATABASE_URL!);
    drop = db.drop;
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    await redis.flushdb();
    redis.disconnect();
    env = {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST'))),
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      SESSION_SECRET: 'cluster-reload-test-secret-'.padEnd(48, 'x'),
      DATA_DIR: path.join(tmp, 'data'),
      CADDY_STATE_DIR: path.join(tmp, 'caddy'),
      LOG_LEVEL: 'warn',
    };
    await startNpmCluster();
  }, 180_000);

  afterAll(async () => {
    for (const pgid of groups) for (const p of groupMembers(pgid)) process.kill(p.pid, 'SIGKILL');
    await drop?.();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('restarts the app processes one at a time with no failed request, and SIGTERM to npm leaves no process', async () => {
    const pgid = npm!.pid!;
    const clusterPid = Number(fs.readFileSync(path.join(tmp, 'data/cluster.pid'), 'utf8'));
    // the pid file names the cluster script, not npm (npm does not pass SIGHUP on)
    expect(clusterPid).not.toBe(npm!.pid);
    expect(groupMembers(pgid).find((p) => p.pid === clusterPid)?.cmd).toContain('scripts/cluster.ts');
    const before = appPids(pgid);
    expect(before).toHaveLength(2);

    const front = httpsClient(base, fs.readFileSync(path.join(tmp, 'caddy/data/caddy/pki/authorities/local/root.crt')));
    const statuses = new Map<number | string, number>();
    let loading = true;
    const load = (async () => {
      while (loading) {
        const res = await front.request('/about').then(
          (r) => r.status,
          (e: Error) => e.message,
        );
        statuses.set(res, (statuses.get(res) ?? 0) + 1);
      }
    })();

    const reload = spawn('npm', ['run', 'reload'], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let reloadOut = '';
    reload.stdout!.on('data', (d: Buffer) => (reloadOut += d.toString()));
    reload.stderr!.on('data', (d: Buffer) => (reloadOut += d.toString()));
    const code = await new Promise<number | null>((r) => reload.once('exit', r));
    loading = false;
    await load;
    expect(code, reloadOut).toBe(0);
    expect(reloadOut).toContain('rolling restart done');

    // one at a time: slot 2's successor starts only after slot 1's old process was replaced
    const steps = [...out.matchAll(/^slot (\d): (starting|process on port)/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(steps).toEqual(['1 starting', '1 process on port', '2 starting', '2 process on port']);
    const after = appPids(pgid);
    expect(after).toHaveLength(2);
    expect(after.filter((p) => before.includes(p))).toEqual([]);
    // every request answered 200 through the restart (a refused connection would be its message)
    expect([...statuses.keys()]).toEqual([200]);
    expect(statuses.get(200)).toBeGreaterThan(20);

    // SIGTERM to npm, as an operator's `kill <pid>` or a service manager sends it
    const exited = new Promise((r) => npm!.once('exit', r));
    process.kill(npm!.pid!, 'SIGTERM');
    await exited;
    await waitFor('every process of the cluster to end', () => groupMembers(pgid).length === 0, 20_000, true);
    expect(fs.existsSync(path.join(tmp, 'data/cluster.pid'))).toBe(false);
  }, 180_000);

  it('a cluster whose npm dies of SIGHUP (which npm does not pass on) stops instead of running orphaned', async () => {
    await startNpmCluster();
    const pgid = npm!.pid!;
    expect(appPids(pgid)).toHaveLength(2);
    process.kill(npm!.pid!, 'SIGHUP');
    await waitFor('every process of the cluster to end', () => groupMembers(pgid).length === 0, 20_000, true);
    expect(out).toContain('npm exited: stopping');
    expect(fs.existsSync(path.join(tmp, 'data/cluster.pid'))).toBe(false);
  }, 180_000);
});
