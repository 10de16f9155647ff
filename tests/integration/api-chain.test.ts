/**
 * The JSON API's own middleware chain (server/api-chain.ts, ADR 013), served the way
 * production serves it (`@hono/node-server` on a socket, its lightweight requests and responses):
 * every security property of the former shared chain stays — Host check, body limits by
 * Content-Length and for chunked bodies, NUL refusal, rate limits, security headers (a CSP
 * without a nonce), `no-store` — and only large answers are compressed.
 */
import { randomInt } from 'node:crypto';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { setRateLimits } from '../../core/rate-limit/limiter.ts';
import { useServedShop } from '../helpers/suite.ts';

const HOST = 'shop.example.ch';
const t = useServedShop({ env: { NODE_ENV: 'production', PUBLIC_URL: `https://${HOST}`, TRUST_PROXY: '127.0.0.1' } }, undefined, 120_000);

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; text: string };

/** A request over a real socket; `chunks` sends the body chunked (no Content-Length). */
function request(method: string, path: string, opts: { body?: string; chunks?: string[]; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: HOST, ...opts.headers };
    if (opts.body !== undefined) headers['content-length'] = String(Buffer.byteLength(opts.body));
    const req = http.request({ host: '127.0.0.1', port: t.port, method, path, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        const body = Buffer.concat(parts);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
      });
    });
    // the server may answer (413) and close before the whole body is sent
    req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' || e.code === 'ECONNRESET' ? undefined : reject(e)));
    if (opts.chunks) for (const c of opts.chunks) req.write(c);
    req.end(opts.body);
  });
}
const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  request('POST', path, { body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });

describe('the API chain', () => {
  it('sends the security headers, a request id and no-store; the CSP has no nonce', async () => {
    const res = await postJson('/api/product/searchProducts', { searchOptions: { searchName: 'fuente' } });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).products.length).toBeGreaterThan(0);
    const h = res.headers;
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(h['cross-origin-opener-policy']).toBe('same-origin');
    expect(h['content-security-policy']).toMatch(/default-src 'self'/);
    expect(h['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(h['content-security-policy']).toMatch(/script-src 'self';/);
    expect(h['content-security-policy']).not.toMatch(/nonce/);
    expect(h['cache-control']).toBe('no-store');
    expect(h['x-request-id']).toMatch(/^[\w-]{8,}$/);
    expect(h['content-type']).toMatch(/^application\/json/);
    expect(Number(h['content-length'])).toBe(res.body.length);
  });

  it('keeps a well-formed X-Request-Id of the caller', async () => {
    const res = await request('GET', '/api/configuration/configurations', { headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers['x-request-id']).toBe('trace-123');
  });

  it('answers 421 for another Host before any route runs', async () => {
    const res = await postJson('/api/product/searchProducts', { searchOptions: { searchName: 'fuente' } }, { host: 'evil.example' });
    expect(res.status).toBe(421);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses bodies over the limits by Content-Length and when chunked', async () => {
    const overShop = await request('POST', '/api/user/login', { body: 'x'.repeat(1024 * 1024 + 1), headers: { 'content-type': 'application/json' } });
    expect(overShop.status).toBe(413);
    expect(JSON.parse(overShop.text).message).toMatch(/too large/);
    // the API's own 16 KiB limit for JSON calls
    const overApi = await postJson('/api/cart/addProduct', { userID: 'a'.repeat(32), productID: 'x'.repeat(20_000), count: 1 });
    expect(overApi.status).toBe(413);
    expect(JSON.parse(overApi.text).message).toMatch(/16384 bytes/);
    const chunked = await request('POST', '/api/cart/addProduct', {
      chunks: ['{"userID":"', 'y'.repeat(20_000), '"}'],
      headers: { 'content-type': 'application/json' },
    });
    expect(chunked.status).toBe(413);
    const small = await request('POST', '/api/product/searchProducts', {
      chunks: ['{"searchOptions":', '{"searchName":"fuente"}}'],
      headers: { 'content-type': 'application/json' },
    });
    expect(small.status).toBe(200);
  });

  it('refuses a NUL in the URL or the body with 400, never 500', async () => {
    expect((await request('GET', '/api/product/get?id=%00')).status).toBe(400);
    const res = await request('POST', '/api/product/searchProducts', {
      body: '{"searchOptions":{"searchName":"a\\u0000b"}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).message).toMatch(/NUL/);
  });

  it('compresses large answers for clients that accept gzip, and leaves small ones as they are', async () => {
    const big = await request('GET', '/api/product/list?pageSize=50', { headers: { 'accept-encoding': 'gzip' } });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(big.body).toString('utf8')).products).toHaveLength(50);
    const plain = await request('GET', '/api/product/list?pageSize=50');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(plain.text).products).toHaveLength(50);
    const small = await request('GET', '/api/configuration/configurations', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(Number(small.headers['content-length'])).toBe(small.body.length);
  });

  it('rate limits live search per client', async () => {
    await setRateLimits(t.shop, { search: { ip: 2, account: 2, duration: 60 } });
    try {
      // a shopper behind the trusted proxy, new each run (with REDIS_URL the counters outlive the test)
      const shopper = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}` };
      const search = () => postJson('/api/product/searchProducts', { searchOptions: { searchName: 'cohiba' } }, shopper);
      expect((await search()).status).toBe(200);
      expect((await search()).status).toBe(200);
      const refused = await search();
      expect(refused.status).toBe(429);
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await setRateLimits(t.shop, { search: { ip: 300, account: 300, duration: 60 } });
    }
  });

  it('answers unknown API paths with JSON 404, not a page', async () => {
    for (const p of ['/api', '/api/', '/api/nope/nothing']) {
      const res = await request('GET', p);
      expect(res.status, p).toBe(404);
      expect(JSON.parse(res.text), p).toEqual({ message: 'Not found' });
    }
  });
});
