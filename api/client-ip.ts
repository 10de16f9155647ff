/**
 * The client's IP address for rate limits: the address resolved by `server/proxy.ts` (the real
 * client behind a proxy named in `TRUST_PROXY`), else the TCP peer of the connection
 * (`@hono/node-server`), or `unknown` when the transport does not tell (in-process requests in
 * tests). Forwarded headers from untrusted peers are ignored: anyone can send them.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

export function clientIp(c: Context): string {
  const resolved = (c.get('client' as never) as { ip?: string } | undefined)?.ip;
  if (resolved) return resolved;
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
