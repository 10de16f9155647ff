/**
 * The production layout on one machine (docs/operations.md, "Production"): N app processes of the built shop
 * on one PostgreSQL and one Redis, behind Caddy (Debian's `caddy`) with `deploy/Caddyfile`, the
 * file compose.yaml and the systemd layout use. For `npm run cluster` and the multi-process tests.
 *
 * Each app process has a slot with two ports: it listens on one, its successor of a rolling
 * restart starts on the other. Caddy knows all 2N ports (`SHOP_UPSTREAMS`); its health check on
 * `/readyz` sends requests only to the ports where a ready process listens, so processes are
 * replaced without reloading Caddy's configuration.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The command that runs one app process (the built server, as `npm start` runs it). */
const APP_COMMAND: [string, string[]] = ['node', ['--max-old-space-size=192', 'build/server/server.js']];

/** One running app process. */
export type AppProcess = {
  port: number;
  url: string;
  child: ChildProcess;
  /** Last lines the process wrote to stderr (for failure messages). */
  stderr: () => string;
  /** Last lines of its log (pino writes JSON lines to stdout). */
  stdout: () => string;
  /** How often it logged `needle` since it started (only `catalogue imported on first start` is counted). */
  logged: (needle: string) => number;
  /** `kill -9`: the process dies at once, mid-request, as in a crash. */
  crash: () => Promise<void>;
  /** SIGTERM and wait for the graceful shutdown (drain, finish the requests held, exit). */
  stop: () => Promise<void>;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A TCP port nothing listens on right now (the kernel picks it), on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts one app process and waits until it is ready (`/readyz` answers 200: listening, database
 * answering).
 * @param env the process environment (DATABASE_URL, REDIS_URL, SESSION_SECRET…); PORT is set here.
 * @throws when it is not ready within `timeoutMs` or exits first (with its stderr).
 */
export async function startApp(port: number, env: Record<string, string | undefined>, timeoutMs = 90_000): Promise<AppProcess> {
  const [cmd, args] = APP_COMMAND;
  const child = spawn(cmd, args, { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  let out = '';
  const counts = new Map<string, number>();
  const watched: string[] = [];
  child.stderr!.on('data', (d: Buffer) => {
    err = (err + d.toString()).slice(-4000);
  });
  child.stdout!.on('data', (d: Buffer) => {
    const text = d.toString();
    out = (out + text).slice(-8000);
    for (const needle of watched) if (text.includes(needle)) counts.set(needle, (counts.get(needle) ?? 0) + text.split(needle).length - 1);
  });
  // the one-off lines a caller may ask about later, counted from the start
  watched.push('catalogue imported on first start');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`app process on port ${port} exited during start: ${err}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`app process on port ${port} was not ready within ${timeoutMs} ms: ${err}`);
    }
    await sleep(150);
  }
  return {
    port,
    url,
    child,
    stderr: () => err,
    stdout: () => out,
    logged: (needle) => counts.get(needle) ?? 0,
    crash: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A running Caddy. */
export type CaddyProcess = {
  /** `https://<domain>:<port>` */
  url: string;
  /** The root certificate of Caddy's internal CA (PEM), for clients of a `localhost` site. */
  rootCa: () => Buffer;
  /** Its data directory (certificates, the internal CA). */
  dataDir: string;
  stderr: () => string;
  stop: () => Promise<void>;
};

/** Caddy's binary: `CADDY_BIN`, else Debian's. */
export const CADDY_BIN = process.env.CADDY_BIN ?? '/usr/bin/caddy';

/**
 * Starts Caddy with `deploy/Caddyfile` and waits until it answers over https.
 * @param o.httpsPort the site's port; `o.httpPort` the redirect/ACME port (a free one by default).
 * @param o.upstreams `host:port` of every app port (ready or not: the health check sorts them).
 * @param o.stateDir where Caddy keeps its data and configuration (XDG_DATA_HOME, XDG_CONFIG_HOME);
 *   default a new temporary directory.
 * @param o.domain the site (default `localhost`, served with Caddy's internal CA).
 * @throws when Caddy is missing, exits, or does not answer within 30 s.
 */
export async function startCaddy(o: {
  httpsPort: number;
  upstreams: string[];
  httpPort?: number;
  stateDir?: string;
  domain?: string;
  healthInterval?: string;
  bind?: string;
}): Promise<CaddyProcess> {
  if (!fs.existsSync(CADDY_BIN)) throw new Error(`Caddy is not installed at ${CADDY_BIN}: apt-get install -y caddy (or set CADDY_BIN)`);
  const stateDir = o.stateDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-caddy-'));
  const dataHome = path.join(stateDir, 'data');
  fs.mkdirSync(dataHome, { recursive: true });
  fs.mkdirSync(path.join(stateDir, 'config'), { recursive: true });
  const domain = o.domain ?? 'localhost';
  const env = {
    ...process.env,
    XDG_DATA_HOME: dataHome,
    XDG_CONFIG_HOME: path.join(stateDir, 'config'),
    HOME: stateDir,
    SHOP_DOMAIN: domain,
    SHOP_UPSTREAMS: o.upstreams.join(' '),
    HTTPS_PORT: String(o.httpsPort),
    HTTP_PORT: String(o.httpPort ?? (await freePort())),
    CADDY_ADMIN: 'off',
    CADDY_BIND: o.bind ?? (domain === 'localhost' ? '127.0.0.1' : '[::]'),
    HEALTH_INTERVAL: o.healthInterval ?? '1s',
  };
  const child = spawn(CADDY_BIN, ['run', '--config', path.resolve('deploy/Caddyfile'), '--adapter', 'caddyfile'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => {
    err = (err + d.toString()).slice(-6000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const rootFile = path.join(dataHome, 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  const url = `https://${domain}:${o.httpsPort}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`caddy exited during start: ${err}`);
    if (domain !== 'localhost' || fs.existsSync(rootFile)) {
      const ok = await new Promise<boolean>((resolve) => {
        const req = https.get(`${url}/healthz`, { ca: domain === 'localhost' ? fs.readFileSync(rootFile) : undefined, timeout: 2000 }, (res) => {
          res.resume();
          resolve(res.statusCode !== undefined);
        });
        req.on('error', () => resolve(false));
        req.on('timeout', () => req.destroy());
      });
      if (ok) break;
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`caddy did not answer on ${url} within 30 s: ${err}`);
    }
    await sleep(200);
  }
  return {
    url,
    rootCa: () => fs.readFileSync(rootFile),
    dataDir: dataHome,
    stderr: () => err,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A running cluster: Caddy in front of N app processes. */
export type Cluster = {
  caddy: CaddyProcess;
  /** The app process of each slot (replaced by a rolling restart). */
  apps: () => AppProcess[];
  /**
   * Restarts the app processes one at a time: the successor starts on the slot's other port, and
   * only once it is ready (and Caddy's health check has had time to see it) is the old process
   * sent SIGTERM, which drains it. Resolves when every slot has a new process.
   * @throws when a successor does not become ready (the old process keeps serving that slot).
   */
  rollingRestart: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Starts N app processes at once (the first start on an empty database is serialised by the
 * database's setup lock, core/db/client.ts) and Caddy in front of them.
 * @param o.env the app processes' environment (DATABASE_URL, REDIS_URL, SESSION_SECRET…); PUBLIC_URL,
 *   TRUST_PROXY, HOST and DRAIN_DELAY_MS are set here unless given.
 * @param o.healthIntervalMs Caddy's health-check interval (milliseconds, default 1000); the app
 *   processes wait 3 intervals between reporting not ready and closing.
 */
export async function startCluster(o: {
  processes: number;
  port: number;
  env: Record<string, string | undefined>;
  domain?: string;
  httpPort?: number;
  stateDir?: string;
  healthIntervalMs?: number;
  log?: (line: string) => void;
}): Promise<Cluster> {
  const interval = o.healthIntervalMs ?? 1000;
  const domain = o.domain ?? 'localhost';
  const publicUrl = o.port === 443 ? `https://${domain}` : `https://${domain}:${o.port}`;
  const env = {
    NODE_ENV: 'production',
    TRUST_PROXY: '1',
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    DRAIN_DELAY_MS: String(interval * 3),
    ...o.env,
  };
  const slots: { ports: [number, number]; app: AppProcess | null }[] = [];
  for (let i = 0; i < o.processes; i++) slots.push({ ports: [await freePort(), await freePort()], app: null });
  const started = await Promise.allSettled(slots.map((s) => startApp(s.ports[0], env)));
  started.forEach((r, i) => (slots[i].app = r.status === 'fulfilled' ? r.value : null));
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await Promise.all(slots.map((s) => s.app?.stop()));
    throw failed.reason;
  }
  let caddy: CaddyProcess;
  try {
    caddy = await startCaddy({
      httpsPort: o.port,
      httpPort: o.httpPort,
      upstreams: slots.flatMap((s) => s.ports.map((p) => `127.0.0.1:${p}`)),
      stateDir: o.stateDir,
      domain,
      healthInterval: `${interval}ms`,
    });
  } catch (e) {
    await Promise.all(slots.map((s) => s.app?.stop()));
    throw e;
  }
  let restarting: Promise<void> | null = null;
  const rollingRestart = async () => {
    for (const [i, slot] of slots.entries()) {
      const old = slot.app!;
      const nextPort = slot.ports[0] === old.port ? slot.ports[1] : slot.ports[0];
      o.log?.(`slot ${i + 1}: starting the successor of port ${old.port} on port ${nextPort}`);
      const successor = await startApp(nextPort, env);
      // two health-check intervals: Caddy has marked the new port healthy before the old one leaves
      await sleep(interval * 2);
      slot.app = successor;
      await old.stop();
      o.log?.(`slot ${i + 1}: process on port ${old.port} replaced by the one on port ${nextPort}`);
    }
  };
  return {
    caddy,
    apps: () => slots.map((s) => s.app!),
    rollingRestart: () => {
      // a second request while one runs waits for it (and does not restart twice at once)
      const run = (restarting ?? Promise.resolve()).catch(() => undefined).then(rollingRestart);
      restarting = run;
      void run
        .catch(() => undefined)
        .finally(() => {
          if (restarting === run) restarting = null;
        });
      return run;
    },
    stop: async () => {
      await restarting?.catch(() => undefined);
      await caddy.stop();
      await Promise.all(slots.map((s) => s.app?.stop()));
    },
  };
}

/** Where `npm run cluster` keeps its process id and its state, for `npm run reload`. */
export type ClusterFiles = { pid: string; state: string };

/**
 * The cluster's pid file (`CLUSTER_PID_FILE`, default `cluster.pid` in `DATA_DIR`, `./data`) and
 * its state file beside it (`<pid file>.json`: the rolling restarts done and their outcome).
 */
export function clusterFiles(env: Record<string, string | undefined> = process.env): ClusterFiles {
  const pid = path.resolve(env.CLUSTER_PID_FILE ?? path.join(env.DATA_DIR && !env.DATA_DIR.includes('://') ? env.DATA_DIR : 'data', 'cluster.pid'));
  return { pid, state: `${pid}.json` };
}

/** What the state file says: `restarts` counts the rolling restarts finished, `last` how the last one ended. */
export type ClusterState = { pid: number; ports: number[]; restarts: number; last?: { ok: boolean; message: string; at: string } };

/** The process id in the pid file when that process still runs, else null. */
export function runningClusterPid(files: ClusterFiles): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(files.pid, 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (e) {
    // EPERM: it runs, as another user
    return (e as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** The state file's content, or null when there is none (or it is being rewritten). */
export function readClusterState(files: ClusterFiles): ClusterState | null {
  try {
    return JSON.parse(fs.readFileSync(files.state, 'utf8')) as ClusterState;
  } catch {
    return null;
  }
}

/** Writes the state file whole (a temporary file renamed over it, so a reader never sees half). */
export function writeClusterState(files: ClusterFiles, state: ClusterState): void {
  const tmp = `${files.state}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(state) + '\n');
  fs.renameSync(tmp, files.state);
}
