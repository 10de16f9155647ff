/**
 * Webhook signatures in Datatrans' scheme, also used by the sandbox provider:
 * header `t=<timestamp>,s0=<hex HMAC-SHA256 of (timestamp + raw body)>`, the key hex-decoded.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signs a raw body. @param keyHex the signing key, hexadecimal. @param timestamp milliseconds since epoch. */
export function signPayload(keyHex: string, rawBody: string, timestamp = Date.now()): string {
  const s0 = createHmac('sha256', Buffer.from(keyHex, 'hex')).update(`${timestamp}${rawBody}`).digest('hex');
  return `t=${timestamp},s0=${s0}`;
}

/**
 * Checks a signature header against the raw body (constant-time comparison).
 * @returns false for a missing, malformed or wrong signature.
 */
export function verifySignature(keyHex: string, rawBody: string, header: string | null | undefined): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(
    header.split(',').map((kv) => {
      const i = kv.indexOf('=');
      return [kv.slice(0, i).trim(), kv.slice(i + 1).trim()];
    }),
  );
  const t = parts.t;
  const s0 = parts.s0;
  if (!t || !/^\d+$/.test(t) || !s0 || !/^[0-9a-f]{64}$/i.test(s0)) return false;
  const expected = createHmac('sha256', Buffer.from(keyHex, 'hex')).update(`${t}${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(s0, 'hex'));
}
