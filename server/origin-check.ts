/**
 * Cross-site form posts are refused: React Router checks the `Origin` of
 * page actions itself, but not of resource routes such as `/logout` and `/preferences`, and it
 * answers a mismatch with a bare 400. This middleware runs for every state-changing request to
 * a page or resource route (everything outside `/api`, whose callers authenticate with a header
 * token, not a cookie, and whose payment webhooks are signed):
 * - an `Origin` header must be the shop's own origin (the address the visitor used, as resolved
 *   behind `TRUST_PROXY`, or `PUBLIC_URL`); `Origin: null` (sandboxed frames, privacy redirects)
 *   is refused too;
 * - without `Origin` (old browsers, non-browser clients), `Sec-Fetch-Site: cross-site` or
 *   `same-site` (a sibling sub-domain) is refused; anything else passes.
 * Refused requests get 403 with a short translated text. Same-origin forms, with or without
 * JavaScript, always carry the shop's own origin.
 */
import type { MiddlewareHandler } from 'hono';
import type { Shop } from '../core/shop.ts';
import { publicOrigin } from '../core/config/browser.ts';
import type { Locale } from '../core/i18n/browser.ts';
import { translate } from '../core/i18n/index.ts';
import { clientOf } from './proxy.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a state-changing request comes from the shop's own pages.
 * @param origin the `Origin` header (undefined when absent).
 * @param fetchSite the `Sec-Fetch-Site` header (undefined when absent).
 * @param own the origins that count as the shop (`scheme://host[:port]`).
 */
function sameOriginRequest(origin: string | undefined, fetchSite: string | undefined, own: readonly string[]): boolean {
  if (origin !== undefined) return own.includes(origin.toLowerCase());
  return fetchSite !== 'cross-site' && fetchSite !== 'same-site';
}

/** Middleware: 403 for cross-site POST/PUT/PATCH/DELETE outside `/api`. Runs after `forwarded`. */
export function originCheck(shop: Pick<Shop, 'env'>): MiddlewareHandler<{ Variables: { locale: Locale } }> {
  const configured = publicOrigin(shop.env).toLowerCase();
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.req.path === '/api' || c.req.path.startsWith('/api/')) return next();
    const client = clientOf(c);
    const direct = new URL(c.req.url);
    const self = client ? `${client.proto}://${client.host}` : `${direct.protocol}//${direct.host}`.toLowerCase();
    if (sameOriginRequest(c.req.header('origin'), c.req.header('sec-fetch-site'), [self, configured])) return next();
    // in the request's language, `?lang=` included, as the page the form came from
    return c.text(translate(c.get('locale'), 'security:crossSite'), 403, { 'Cache-Control': 'no-store' });
  };
}
