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

/** How far a webhook's signed timestamp may be from now, ms (5 minutes; issue 12, finding 10). */
export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

/**
 * The signed timestamp (ms) and signature of a header `t=…,s0=…`, or null when malformed.
 * Only meaningful after {@link verifySignature} accepted the header.
 */
export function signatureParts(header: string | null | undefined): { t: number; s0: string } | null {
  const t = /(?:^|,)\s*t=(\d+)/.exec(header ?? '')?.[1];
  const s0 = /(?:^|,)\s*s0=([0-9a-fA-F]{64})/.exec(header ?? '')?.[1];
  return t && s0 ? { t: Number(t), s0: s0.toLowerCase() } : null;
}

/**
 * Whether a signed timestamp is fresh: at most {@link WEBHOOK_TOLERANCE_MS} from `now`, either
 * way (clocks differ a little). A stale one is a replay of an old message.
 */
export function freshTimestamp(t: number, now = Date.now()): boolean {
  return Math.abs(now - t) <= WEBHOOK_TOLERANCE_MS;
}
