/**
 * The whole HTTP application in-process (server/app.ts with the built React Router server
 * build), for tests of pages, form actions, headers and cookies. Run `npx react-router build`
 * first (`npm test` does).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import { issueAccessToken } from '../../core/accounts/auth.ts';
import { users, type Role } from '../../core/db/schema/index.ts';
import { ACCESS_COOKIE, cookieName } from '../../core/accounts/cookies.ts';
import type { Shop } from '../../core/shop.ts';
import { createHttpApp, type HttpApp } from '../../server/app.ts';
import { createTestShop } from './shop.ts';

/** Loads the built server; throws a clear message when the build is missing. */
export async function loadBuild(): Promise<ServerBuild> {
  const file = path.resolve('build/server/index.js');
  if (!fs.existsSync(file)) throw new Error('build/server/index.js is missing: run `npx react-router build` before these tests');
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}

/**
 * Opens a test shop (options as `createTestShop`) and the whole HTTP application on it, for a
 * file or `describe` block that sends requests with `app.request()`; close it with `shop.close()`.
 */
export async function openHttpShop(opts: Parameters<typeof createTestShop>[0] = {}): Promise<{ shop: Shop; app: HttpApp }> {
  const shop = await createTestShop(opts);
  try {
    return { shop, app: createHttpApp(shop, { build: await loadBuild() }) };
  } catch (e) {
    await shop.close();
    throw e;
  }
}

/**
 * Serves the HTTP application of `shop` on a free port of 127.0.0.1, for tests that need a real
 * socket (raw bodies, proxies); close it with `server.close()`.
 * @returns the server and its port.
 */
export async function serveHttpApp(shop: Shop): Promise<{ server: ServerType; port: number }> {
  const app = createHttpApp(shop, { build: await loadBuild() });
  const server = await new Promise<ServerType>((r) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => r(s));
  });
  return { server, port: (server.address() as AddressInfo).port };
}

export type TestHttp = {
  /** Sends a request to the app; `cookie` is sent as the Cookie header. */
  fetch: (pathAndQuery: string, init?: RequestInit & { cookie?: string }) => Promise<Response>;
  /** Posts a form (application/x-www-form-urlencoded). */
  postForm: (pathAndQuery: string, fields: Record<string, string>, cookie?: string) => Promise<Response>;
};

export async function createTestHttp(shop: Shop): Promise<TestHttp> {
  const app = createHttpApp(shop, { build: await loadBuild() });
  const fetch: TestHttp['fetch'] = (p, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set('cookie', init.cookie);
    return Promise.resolve(app.request(`http://shop.test${p}`, { ...init, headers }));
  };
  return {
    fetch,
    postForm: (p, fields, cookie) =>
      fetch(p, {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://shop.test' },
        cookie,
      }),
  };
}

/**
 * Inserts a verified user with a role and returns its id and a Cookie header carrying a valid
 * access token (the web UI's `access_token` cookie, `__Host-access_token` when PUBLIC_URL is https).
 */
export async function userWithCookie(
  shop: Shop,
  role: Role,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<{ userId: string; cookie: string; token: string }> {
  const userId = randomUUID();
  await shop.db.insert(users).values({
    id: userId,
    email: `${role.toLowerCase()}-${userId.slice(0, 8)}@example.ch`,
    passwordHash: 'not-a-real-hash',
    firstName: 'Test',
    lastName: role,
    dateOfBirth: '1980-05-01',
    street: 'Bahnhofstrasse 1',
    postalCode: '8001',
    city: 'Zürich',
    role,
    emailVerifiedAt: new Date(),
    ...overrides,
  });
  const token = await issueAccessToken(shop, { userId, role });
  return { userId, token, cookie: `${cookieName(ACCESS_COOKIE, shop.env)}=${token}` };
}

/** The Cookie headers of a new Admin and a new Customer (`userWithCookie`, in that order). */
export async function roleCookies(shop: Shop): Promise<{ admin: string; customer: string }> {
  const admin = (await userWithCookie(shop, 'Admin')).cookie;
  const customer = (await userWithCookie(shop, 'Customer')).cookie;
  return { admin, customer };
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export const cookiesOf = (res: Response): string =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/**
 * A plain form post (no JavaScript: `application/x-www-form-urlencoded`) of `fields` to `url` on
 * the in-process application, with `headers` (origin, cookie…) added.
 */
export const formPost = (app: HttpApp, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  app.request(url, { method: 'POST', body: new URLSearchParams(fields), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

/** The Set-Cookie headers of `res` that set the cookie `name`. */
export const cookieNamed = (res: Response, name: string) => res.headers.getSetCookie().filter((c) => c.startsWith(`${name}=`));

/** An answer read off the socket by {@link socketRequest}. */
export type SocketAnswer = { status: number; headers: http.IncomingHttpHeaders; text: string };

/**
 * One request to the shop's server on 127.0.0.1:`port`, as a browser sends it: Host `shop.test`,
 * an Origin of the same site and a Content-Length; redirects are not followed. A connection of its
 * own (`agent: false`): Node's default agent keeps sockets alive and may reuse one just as the
 * server's keep-alive timeout closes it (ECONNRESET on a busy machine).
 */
export function socketRequest(
  port: number,
  method: string,
  path: string,
  opts: { body?: Buffer; headers?: Record<string, string> } = {},
): Promise<SocketAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: 'shop.test', origin: 'http://shop.test', ...opts.headers };
    if (opts.body) headers['content-length'] = String(opts.body.byteLength);
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(parts).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** A file of a multipart form: its name, content type and bytes. */
export type FilePart = { name: string; type: string; data: Uint8Array };

/** A multipart/form-data body as a browser builds it from text fields and files, with its Content-Type. */
export async function multipartBody(fields: [string, string | FilePart][]): Promise<{ body: Buffer; type: string }> {
  const fd = new FormData();
  for (const [k, v] of fields) {
    if (typeof v === 'string') fd.append(k, v);
    else fd.append(k, new Blob([new Uint8Array(v.data)], { type: v.type }), v.name);
  }
  const r = new Response(fd);
  return { body: Buffer.from(await r.arrayBuffer()), type: r.headers.get('content-type')! };
}

/** The visible text of a page: scripts and tags removed, the entities of apostrophes, quotes and `&` decoded, spaces collapsed. */
export const pageText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
