/**
 * The request log line (docs/architecture.md, "Logging": pino, request id on every line): method,
 * path (tokens of reset and confirmation links scrubbed, core/redact.ts), status and duration in
 * ms, at level `info`. Nothing is measured or built when the shop logs above `info` (the bench
 * and many production set-ups run at `warn`).
 */
import type { MiddlewareHandler } from 'hono';
import { scrubPath } from '../core/redact.ts';
import type { Shop } from '../core/shop.ts';

/** Whether `info` lines are written (looked up per request: tests replace `shop.log`). */
function infoEnabled(shop: Pick<Shop, 'log'>): boolean {
  const log = shop.log as { isLevelEnabled?: (level: string) => boolean };
  return log.isLevelEnabled?.('info') ?? true;
}

/** Middleware writing one `request` line per answered request; runs after `requestId()`. */
export function requestLog(shop: Pick<Shop, 'log'>): MiddlewareHandler {
  return async (c, next) => {
    if (!infoEnabled(shop)) return next();
    const start = performance.now();
    await next();
    const ms = Math.round((performance.now() - start) * 10) / 10;
    shop.log.info({ reqId: c.get('requestId' as never), method: c.req.method, path: scrubPath(c.req.path), status: c.res.status, ms }, 'request');
  };
}
