/**
 * Behind a proxy: `HOST` defaults to 127.0.0.1 when `TRUST_PROXY` is set (a client reaching the
 * port from another machine could otherwise forge the forwarded headers), an explicit `HOST` is
 * kept; and the forwarded scheme and host are the right-most values, the ones the proxy next to the
 * shop appended, not what the client wrote further left (`X-Forwarded-Host: shop, evil`); and the
 * start-up report's warning when TRUST_PROXY trusts hops while HOST listens on every interface.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../core/config/env.ts';
import { productionGaps } from '../../core/config/production.ts';
import type { Shop } from '../../core/shop.ts';
import { clientOf, forwarded } from '../../server/proxy.ts';
import { serveHttpApp } from '../helpers/http.ts';
import { createTestShop } from '../helpers/shop.ts';

describe('HOST default', () => {
  it('is 127.0.0.1 behind a proxy, 0.0.0.0 without one; an explicit HOST is kept', () => {
    expect(loadEnv({ TRUST_PROXY: '1' }).HOST).toBe('127.0.0.1');
    expect(loadEnv({ TRUST_PROXY: '127.0.0.1' }).HOST).toBe('127.0.0.1');
    expect(loadEnv({}).HOST).toBe('0.0.0.0');
    expect(loadEnv({ TRUST_PROXY: '1', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadEnv({ HOST: '::1' }).HOST).toBe('::1');
  });

  it("the README's production example no longer gets the every-interface warning", () => {
    const env = loadEnv({ PUBLIC_URL: 'https://casadeltabaco.ch', TRUST_PROXY: '1', DATABASE_URL: 'postgres://x@localhost/shop' });
    expect(
      productionGaps(env)
        .map((n) => n.message)
        .join('\n'),
    ).not.toMatch(/listens on every interface/);
    const open = loadEnv({ PUBLIC_URL: 'https://casadeltabaco.ch', TRUST_PROXY: '1', HOST: '0.0.0.0' });
    expect(
      productionGaps(open)
        .map((n) => n.message)
        .join('\n'),
    ).toMatch(/listens on every interface/);
  });
});

/** A raw GET from 127.0.0.1 with `headers` (fetch would not send a Host of our choice). */
function get(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('forwarded scheme and host: the right-most value', () => {
  let probe: ServerType;
  let probePort: number;
  let shop: Shop;
  let shopServer: ServerType;
  let shopPort: number;

  beforeAll(async () => {
    const app = new Hono();
    app.use('*', forwarded({ env: loadEnv({ TRUST_PROXY: '127.0.0.1' }) }));
    app.get('/', (c) => c.json(clientOf(c) ?? null));
    probe = await new Promise<ServerType>((r) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => r(s));
    });
    probePort = (probe.address() as AddressInfo).port;
    shop = await createTestShop({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.ch', TRUST_PROXY: '127.0.0.1' } });
    ({ server: shopServer, port: shopPort } = await serveHttpApp(shop));
  }, 120_000);
  afterAll(async () => {
    probe?.close();
    shopServer?.close();
    await shop?.close();
  });

  it('takes what the trusted proxy appended, not what the client put first', async () => {
    const r = await get(probePort, '/', { host: 'backend', 'x-forwarded-host': 'evil.example, shop.example.ch', 'x-forwarded-proto': 'http, https' });
    expect(JSON.parse(r.body)).toMatchObject({ host: 'shop.example.ch', proto: 'https' });
    const forged = await get(probePort, '/', { host: 'backend', 'x-forwarded-host': 'shop.example.ch, evil.example', 'x-forwarded-proto': 'https, http' });
    expect(JSON.parse(forged.body)).toMatchObject({ host: 'evil.example', proto: 'http' });
  });

  it('the shop refuses a forged host appended last (421) and serves the proxy-appended one', async () => {
    const forged = await get(shopPort, '/robots.txt', { host: 'backend', 'x-forwarded-host': 'shop.example.ch, evil.example', 'x-forwarded-proto': 'https' });
    expect(forged.status).toBe(421);
    const proxied = await get(shopPort, '/robots.txt', { host: 'backend', 'x-forwarded-host': 'evil.example, shop.example.ch', 'x-forwarded-proto': 'https' });
    expect(proxied.status).toBe(200);
  });
});

describe('start-up report', () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.ch', SESSION_SECRET: 'x'.repeat(40) };
  it('warns when TRUST_PROXY trusts hops while HOST listens on every interface, not when it listens on loopback', () => {
    const open = productionGaps(loadEnv({ ...production, TRUST_PROXY: '1', HOST: '0.0.0.0' })).filter((g) => g.variable === 'TRUST_PROXY');
    expect(open).toHaveLength(1);
    expect(open[0].message).toMatch(/HOST=0\.0\.0\.0 listens on every interface/);
    expect(productionGaps(loadEnv({ ...production, TRUST_PROXY: '1', HOST: '127.0.0.1' })).some((g) => g.variable === 'TRUST_PROXY')).toBe(false);
    expect(productionGaps(loadEnv({ ...production, TRUST_PROXY: '10.0.0.5', HOST: '0.0.0.0' })).some((g) => g.variable === 'TRUST_PROXY')).toBe(false);
  });
});
