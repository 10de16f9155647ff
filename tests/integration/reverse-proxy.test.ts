/**
 * The shop behind a real TLS reverse proxy (`http-proxy` on HTTPS with a
 * self-signed certificate from `selfsigned`, adding X-Forwarded-For/-Proto/-Host like nginx
 * does), with `TRUST_PROXY=127.0.0.1` (the proxy's address). Two clients connect to the proxy from different loopback
 * addresses (127.0.0.2 and 127.0.0.3): one abuser exhausting the login limit must not block the
 * other, the web login's cookies are Secure, and a customer buys through the proxy.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { ServerType } from '@hono/node-server';
import httpProxy from 'http-proxy';
import selfsigned from 'selfsigned';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../core/db/schema/orders.ts';
import { setRateLimits } from '../../core/rate-limit/limiter.ts';
import type { Shop } from '../../core/shop.ts';
import { adminCreateUser } from '../../core/accounts/admin.ts';
import { GOOD_PASSWORD, registration } from '../helpers/accounts.ts';
import { productWith } from '../helpers/customers.ts';
import { serveHttpApp } from '../helpers/http.ts';
import { createTestShop } from '../helpers/shop.ts';

let shop: Shop;
let backend: ServerType;
let proxyServer: https.Server;
let proxy: httpProxy;
let ca: string;
let port: number;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A request through the proxy over HTTPS, from the loopback address `from`. */
function request(from: string, method: string, path: string, opts: { body?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      { host: '127.0.0.1', servername: 'localhost', port, method, path, localAddress: from, ca, headers: { host: `localhost:${port}`, ...opts.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}
const postJson = (from: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(from, 'POST', path, { body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });

beforeAll(async () => {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  });
  ca = pems.cert;
  // the proxy first, so that PUBLIC_URL can name its port
  proxy = httpProxy.createProxyServer({ xfwd: true });
  proxy.on('error', (_e, _req, res) => {
    if (res instanceof http.ServerResponse) res.writeHead(502).end();
  });
  let target = '';
  proxyServer = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => proxy.web(req, res, { target }));
  await new Promise<void>((r) => proxyServer.listen(0, '127.0.0.1', r));
  port = (proxyServer.address() as AddressInfo).port;
  shop = await createTestShop({ env: { NODE_ENV: 'production', PUBLIC_URL: `https://localhost:${port}`, TRUST_PROXY: '127.0.0.1', PAYMENT_SANDBOX: 'on' } });
  const served = await serveHttpApp(shop);
  backend = served.server;
  target = `http://127.0.0.1:${served.port}`;
}, 120_000);

afterAll(async () => {
  proxy?.close();
  await new Promise((r) => proxyServer?.close(r));
  await new Promise((r) => backend?.close(r));
  await shop?.close();
});

describe('behind a TLS reverse proxy with TRUST_PROXY', () => {
  it('one client exhausting the login limit does not block another client', async () => {
    await setRateLimits(shop, { login: { ip: 5, account: 1000, duration: 900 } });
    const reg = registration();
    await adminCreateUser(shop.db, { ...reg, role: 'Customer' });
    const wrong = [];
    for (let i = 0; i < 6; i++)
      wrong.push((await postJson('127.0.0.2', '/api/user/login', { email: `nobody${i}@example.ch`, password: 'wrong-password-1' })).status);
    expect(wrong.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(wrong[5]).toBe(429);
    const ok = await postJson('127.0.0.3', '/api/user/login', { email: reg.email, password: GOOD_PASSWORD });
    expect(ok.status).toBe(200);
    // the abuser is still refused, even when it forges X-Forwarded-For (the proxy appends the real address)
    const forged = await postJson('127.0.0.2', '/api/user/login', { email: reg.email, password: GOOD_PASSWORD }, { 'x-forwarded-for': '203.0.113.9' });
    expect(forged.status).toBe(429);
    await setRateLimits(shop, { login: { ip: 1000, account: 1000, duration: 900 } });
  });

  it('the web login sets Secure cookies, and a customer buys through the proxy', async () => {
    const reg = registration();
    await adminCreateUser(shop.db, { ...reg, role: 'Customer' });
    const form = new URLSearchParams({ email: reg.email, password: GOOD_PASSWORD, redirectTo: '/' }).toString();
    const login = await request('127.0.0.3', 'POST', '/login', {
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `https://localhost:${port}` },
    });
    expect(login.status).toBe(200);
    const cookies = login.headers['set-cookie'] ?? [];
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) expect(c).toMatch(/;\s*Secure/i);
    expect(login.headers['strict-transport-security']).toContain('max-age=');

    const api = await postJson('127.0.0.3', '/api/user/login', { email: reg.email, password: GOOD_PASSWORD });
    const { accesToken, userId } = JSON.parse(api.body) as { accesToken: string; userId: string };
    const h = { accestoken: accesToken };
    const p = await productWith(shop, 5, 2500, 3);
    expect((await postJson('127.0.0.3', '/api/cart/addProduct', { userID: userId, productID: p.id, count: 1 }, h)).status).toBe(200);
    const created = await postJson('127.0.0.3', '/api/order/create', { userID: userId, paymentMethod: 'sandbox' }, h);
    expect(created.status).toBe(201);
    const { order } = JSON.parse(created.body) as { order: { _id: string } };
    const start = await postJson('127.0.0.3', '/api/payment/start', { orderID: order._id }, h);
    expect(start.status, start.body).toBe(200);
    const { redirectUrl } = JSON.parse(start.body) as { redirectUrl: string };
    // the payment page is on the public https address, not the backend's
    expect(redirectUrl.startsWith(`https://localhost:${port}/sandbox-pay?`)).toBe(true);
    const pay = await request('127.0.0.3', 'POST', redirectUrl.slice(`https://localhost:${port}`.length), {
      body: 'choice=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `https://localhost:${port}` },
    });
    expect(pay.status).toBe(302);
    expect(pay.headers.location).toMatch(/^\/paymentsuccess\?order=/);
    const [row] = await shop.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row.status).toBe('paid');
  });
});
