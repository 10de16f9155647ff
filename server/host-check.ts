/**
 * Host check: in production only requests for the configured `PUBLIC_URL`
 * host are served, so a forged `Host` (or, behind a trusted proxy, `X-Forwarded-Host`) cannot
 * make the shop build links or redirects to another site. Other hosts get 421 Misdirected
 * Request before any route runs.
 */
import type { MiddlewareHandler } from 'hono';
import type { Shop } from '../core/shop.ts';
import { clientOf } from './proxy.ts';
import { LOOPBACK_HOSTS } from '../core/config/browser.ts';

/**
 * Middleware; a no-op outside production. Runs after `forwarded`. Without `PUBLIC_URL` a
 * production shop answers only to this machine's loopback names (any port), so `npm start` works
 * on a fresh machine and nobody else can reach it under a forged name.
 */
export function hostCheck(shop: Pick<Shop, 'env'>): MiddlewareHandler {
  const { NODE_ENV, PUBLIC_URL } = shop.env;
  if (NODE_ENV !== 'production') return async (_c, next) => next();
  const expected = PUBLIC_URL ? new URL(PUBLIC_URL).host.toLowerCase() : null;
  const allowed = (host: string) => (expected ? host === expected : LOOPBACK_HOSTS.includes(host.replace(/:\d+$/, '')));
  return async (c, next) => {
    const host = clientOf(c)?.host ?? new URL(c.req.url).host.toLowerCase();
    if (!allowed(host)) return c.text('Unknown host: this shop answers only at its public address.', 421, { 'Cache-Control': 'no-store' });
    return next();
  };
}
