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
 * The `t` and `s0` of a header `t=…,s0=…`, or null when malformed. A header naming `t` or `s0`
 * twice is malformed: otherwise the signature could be checked against one timestamp and the
 * freshness against another (an old signed message with a fresh `t=` in front).
 */
function parseHeader(header: string | null | undefined): { t: string; s0: string } | null {
  if (!header) return null;
  const parts = new Map<string, string>();
  for (const kv of header.split(',')) {
    const i = kv.indexOf('=');
    if (i < 0) continue;
    const key = kv.slice(0, i).trim();
    if (parts.has(key)) return null;
    parts.set(key, kv.slice(i + 1).trim());
  }
  const t = parts.get('t');
  const s0 = parts.get('s0');
  if (!t || !/^\d+$/.test(t) || !s0 || !/^[0-9a-f]{64}$/i.test(s0)) return null;
  return { t, s0 };
}

/**
 * Checks a signature header against the raw body (constant-time comparison).
 * @returns false for a missing, malformed (also: a repeated `t=` or `s0=`) or wrong signature.
 */
export function verifySignature(keyHex: string, rawBody: string, header: string | null | undefined): boolean {
  const parts = parseHeader(header);
  if (!parts) return false;
  const expected = createHmac('sha256', Buffer.from(keyHex, 'hex')).update(`${parts.t}${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.s0, 'hex'));
}

/** How far a webhook's signed timestamp may be from now, ms (5 minutes). */
export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

/**
 * The signed timestamp (ms) and signature of a header `t=…,s0=…`, or null when malformed.
 * Only meaningful after {@link verifySignature} accepted the header.
 */
export function signatureParts(header: string | null | undefined): { t: number; s0: string } | null {
  const parts = parseHeader(header);
  return parts ? { t: Number(parts.t), s0: parts.s0.toLowerCase() } : null;
}

/**
 * Whether a signed timestamp is fresh: at most {@link WEBHOOK_TOLERANCE_MS} from `now`, either
 * way (clocks differ a little). A stale one is a replay of an old message.
 */
export function freshTimestamp(t: number, now = Date.now()): boolean {
  return Math.abs(now - t) <= WEBHOOK_TOLERANCE_MS;
}
