/**
 * The security headers of every answer (docs/architecture.md, "Security rules"): a
 * Content-Security-Policy, HSTS when the shop is reached over HTTPS, `X-Frame-Options: DENY`,
 * `nosniff`, the referrer policy, a Permissions-Policy turning off camera, microphone,
 * geolocation, payment, USB and topics, and Hono's other defaults (Cross-Origin-Opener/Resource-Policy,
 * Origin-Agent-Cluster…). Pages get a fresh CSP nonce for their inline scripts; the JSON API
 * gets the same headers with `script-src 'self'` and no nonce, which a JSON answer
 * never uses and which cost a random number per call.
 */
import type { MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { secureTransport } from '../core/config/browser.ts';
import type { Shop } from '../core/shop.ts';

/**
 * Middleware setting the security headers on the finished response.
 * @param opts.nonce pages: a per-request nonce in `script-src` (read by the app as
 *   `c.get('secureHeadersNonce')`); false for the API.
 * @param opts.formActionOrigins extra origins forms may post to (payment pages).
 */
export function shopSecureHeaders(shop: Pick<Shop, 'env'>, opts: { nonce: boolean; formActionOrigins?: string[] }): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: opts.nonce ? ["'self'", NONCE] : ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'", ...(opts.formActionOrigins ?? [])],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    strictTransportSecurity: secureTransport(shop.env) ? 'max-age=31536000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    // the shop uses none of these: a script that slipped in cannot ask for them either
    permissionsPolicy: { camera: false, microphone: false, geolocation: false, payment: false, usb: false, browsingTopics: false },
  });
}
