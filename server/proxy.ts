/**
 * Who is really asking: behind a reverse proxy the TCP peer is the proxy,
 * so the client's address, scheme and host come from `X-Forwarded-For`, `X-Forwarded-Proto` and
 * `X-Forwarded-Host` — but only when the peer is a proxy named in `TRUST_PROXY` (anyone can send
 * those headers). Without `TRUST_PROXY` the headers are ignored.
 *
 * {@link forwarded} stores the result on the request context (`client`); `api/client-ip.ts`
 * reads the address from there for rate limits.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import proxyaddr from 'proxy-addr';
import { parseTrustProxy } from '../core/config/index.ts';
import type { Shop } from '../core/shop.ts';

/** The client as the shop sees it after applying `TRUST_PROXY`. */
export type ClientInfo = { ip: string; proto: 'http' | 'https'; host: string };

function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * Last value of a comma-separated forwarded header: the one the proxy next to the shop (the
 * trusted peer) appended. The values before it came with the request from further out, where
 * anybody can write them (`X-Forwarded-Host: shop, evil`).
 */
function last(v: string | undefined): string | undefined {
  const s = v?.split(',').at(-1)?.trim();
  return s ? s : undefined;
}

/**
 * Resolves the client of a request.
 * @param trust compiled `TRUST_PROXY` ({@link parseTrustProxy}); null trusts no proxy.
 */
function resolveClient(c: Context, trust: ((addr: string, i: number) => boolean) | null): ClientInfo {
  const url = new URL(c.req.url);
  const peer = peerAddress(c);
  const direct: ClientInfo = { ip: peer ?? 'unknown', proto: url.protocol === 'https:' ? 'https' : 'http', host: url.host.toLowerCase() };
  if (!trust || !peer || !trust(peer, 0)) return direct;
  const ip = proxyaddr({ connection: { remoteAddress: peer }, headers: { 'x-forwarded-for': c.req.header('x-forwarded-for') } } as never, trust);
  const proto = last(c.req.header('x-forwarded-proto'))?.toLowerCase();
  const host = last(c.req.header('x-forwarded-host'))?.toLowerCase();
  return { ip, proto: proto === 'https' ? 'https' : proto === 'http' ? 'http' : direct.proto, host: host ?? direct.host };
}

/** Middleware: sets `c.get('client')` for everything after it. */
export function forwarded(shop: Pick<Shop, 'env'>): MiddlewareHandler {
  const trust = parseTrustProxy(shop.env.TRUST_PROXY);
  return async (c, next) => {
    c.set('client' as never, resolveClient(c, trust) as never);
    await next();
  };
}

/**
 * The request as the client sent it: behind a trusted proxy, the URL gets the forwarded scheme
 * and host, so React Router's check that a form's `Origin` matches the request URL (its CSRF
 * defence) holds for `https://shop…` forms served over a plain-HTTP hop.
 */
export function publicRequest(c: Context): Request {
  const client = clientOf(c);
  const raw = c.req.raw;
  if (!client) return raw;
  const url = new URL(raw.url);
  if (url.protocol === `${client.proto}:` && url.host === client.host) return raw;
  url.protocol = `${client.proto}:`;
  url.host = client.host;
  const init: RequestInit & { duplex?: 'half' } = { method: raw.method, headers: raw.headers, signal: raw.signal };
  if (raw.method !== 'GET' && raw.method !== 'HEAD' && raw.body) {
    init.body = raw.body;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/** The resolved client of a request, when {@link forwarded} ran. */
export function clientOf(c: Context): ClientInfo | undefined {
  return c.get('client' as never) as ClientInfo | undefined;
}
