/**
 * Host check (issue 12, finding 1): in production only requests for the configured `PUBLIC_URL`
 * host are served, so a forged `Host` (or, behind a trusted proxy, `X-Forwarded-Host`) cannot
 * make the shop build links or redirects to another site. Other hosts get 421 Misdirected
 * Request before any route runs.
 */
import type { MiddlewareHandler } from 'hono';
import type { Shop } from '../core/shop.ts';
import { clientOf } from './proxy.ts';

/** Middleware; a no-op outside production or without `PUBLIC_URL`. Runs after `forwarded`. */
export function hostCheck(shop: Pick<Shop, 'env'>): MiddlewareHandler {
  const { NODE_ENV, PUBLIC_URL } = shop.env;
  if (NODE_ENV !== 'production' || !PUBLIC_URL) return async (_c, next) => next();
  const expected = new URL(PUBLIC_URL).host.toLowerCase();
  return async (c, next) => {
    const host = clientOf(c)?.host ?? new URL(c.req.url).host.toLowerCase();
    if (host !== expected) return c.text('Unknown host: this shop answers only at its public address.', 421, { 'Cache-Control': 'no-store' });
    return next();
  };
}
