/**
 * Several app processes of the shop on one PostgreSQL and one Redis, behind a round-robin
 * load balancer (issue 13, "Scale-out"): the production layout of `compose.yaml`, started without
 * Docker, for `npm run cluster` and the multi-process tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { proxy } from 'hono/proxy';

/** The command that runs one app process (the built server, as `npm start` runs it). */
export const APP_COMMAND: [string, string[]] = ['node', ['build/server/server.js']];

/** One running app process. */
export type AppProcess = {
  port: number;
  url: string;
  child: ChildProcess;
  /** Last lines the process wrote to stderr (for failure messages). */
  stderr: () => string;
  /** Last lines of its log (pino writes JSON lines to stdout). */
  stdout: () => string;
  /** `kill -9`: the process dies at once, mid-request, as in a crash. */
  crash: () => Promise<void>;
  /** SIGTERM and wait for the graceful shutdown. */
  stop: () => Promise<void>;
};

/**
 * Starts one app process and waits until it answers.
 * @param env the process environment (DATABASE_URL, REDIS_URL, SESSION_SECRET…); PORT is set here.
 * @throws when it does not answer within `timeoutMs` or exits first (with its stderr).
 */
export async function startApp(port: number, env: Record<string, string | undefined>, timeoutMs = 60_000): Promise<AppProcess> {
  const [cmd, args] = APP_COMMAND;
  const child = spawn(cmd, args, { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  let out = '';
  child.stderr!.on('data', (d: Buffer) => {
    err = (err + d.toString()).slice(-4000);
  });
  child.stdout!.on('data', (d: Buffer) => {
    out = (out + d.toString()).slice(-8000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`app process on port ${port} exited during start: ${err}`);
    try {
      const res = await fetch(`${url}/api/configuration/configurations`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`app process on port ${port} did not answer within ${timeoutMs} ms: ${err}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    port,
    url,
    child,
    stderr: () => err,
    stdout: () => out,
    crash: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A round-robin HTTP load balancer in front of `upstreams` (Hono's proxy helper). It sets
 * `X-Forwarded-For` / `-Proto` / `-Host` like a reverse proxy; an upstream that refuses the
 * connection is skipped for that request (the next one is tried), as a load balancer's health check
 * would.
 * @returns the server and its URL.
 */
export function startBalancer(port: number, upstreams: () => string[]): { server: ServerType; url: string } {
  let next = 0;
  const app = new Hono();
  app.all('*', async (c) => {
    const list = upstreams();
    const url = new URL(c.req.url);
    const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? undefined : await c.req.arrayBuffer();
    for (let i = 0; i < list.length; i++) {
      const upstream = list[next++ % list.length];
      try {
        const headers = new Headers(c.req.raw.headers);
        headers.set('x-forwarded-for', (c.env as { incoming?: { socket?: { remoteAddress?: string } } })?.incoming?.socket?.remoteAddress ?? '127.0.0.1');
        headers.set('x-forwarded-proto', url.protocol.replace(':', ''));
        headers.set('x-forwarded-host', url.host);
        return await proxy(`${upstream}${url.pathname}${url.search}`, { method: c.req.method, headers, body, redirect: 'manual' });
      } catch {
        // connection refused: try the next upstream
      }
    }
    return c.json({ message: 'No app process is available. Please try again shortly.' }, 503);
  });
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  return { server, url: `http://127.0.0.1:${port}` };
}
