/**
 * The client's IP address for rate limits: the TCP peer of the connection (`@hono/node-server`),
 * or `unknown` when the transport does not tell (in-process requests in tests). Forwarded headers
 * are not trusted: anyone can send them.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
