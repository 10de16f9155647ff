/**
 * The sandbox provider, the embedded default: a hosted test payment page served by the shop
 * (`/sandbox-pay`) that behaves like a real provider (approve, decline, cancel) and confirms with
 * a webhook signed like Datatrans', so the real confirmation path runs on a fresh machine.
 * Its keys derive from the shop's session secret; links to the page carry an HMAC of the order id
 * so nobody can open the page for someone else's order.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { OrderRow } from '../orders/index.ts';
import type { Shop } from '../shop-type.ts';
import type { PaymentProvider, ReturnUrls, WebhookEvent } from './provider.ts';
import { signPayload, verifySignature } from './signature.ts';

export const SANDBOX_SIGNATURE_HEADER = 'Sandbox-Signature';

/** The sandbox webhook signing key (hex), derived from the session secret. */
export function sandboxSignKey(shop: Pick<Shop, 'sessionSecret'>): string {
  return createHmac('sha256', shop.sessionSecret).update('sandbox-webhook-key').digest('hex');
}

/** The token that opens the sandbox page for one order. */
function sandboxPageToken(shop: Pick<Shop, 'sessionSecret'>, orderId: string): string {
  return createHmac('sha256', shop.sessionSecret).update(`sandbox-page:${orderId}`).digest('base64url');
}

/** Whether a sandbox page token is the one for an order. */
export function checkSandboxPageToken(shop: Pick<Shop, 'sessionSecret'>, orderId: string, token: string): boolean {
  const a = Buffer.from(sandboxPageToken(shop, orderId));
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The body of a sandbox webhook. Amount in Rappen. */
export type SandboxWebhookBody = { transactionId: string; refno: string; status: 'approved' | 'declined' | 'cancelled'; amount: number; currency: string };

/**
 * Builds a signed sandbox webhook as the "provider" sends it.
 * @returns the raw body and the signature header value.
 */
export function sandboxWebhook(
  shop: Pick<Shop, 'sessionSecret'>,
  order: Pick<OrderRow, 'code' | 'total'>,
  status: SandboxWebhookBody['status'],
  transactionId: string = `sbx_${randomUUID()}`,
) {
  const body: SandboxWebhookBody = { transactionId, refno: order.code, status, amount: order.total, currency: 'CHF' };
  const raw = JSON.stringify(body);
  return { raw, signature: signPayload(sandboxSignKey(shop), raw) };
}

export const sandboxProvider: PaymentProvider = {
  name: 'sandbox',
  signatureHeader: SANDBOX_SIGNATURE_HEADER,
  async start(shop, order, urls: ReturnUrls) {
    const base = shop.env.PUBLIC_URL ?? new URL(urls.successUrl).origin;
    const q = new URLSearchParams({ order: order.id, token: sandboxPageToken(shop, order.id) });
    return { redirectUrl: `${base}/sandbox-pay?${q}` };
  },
  parseWebhook(shop, rawBody, headers): WebhookEvent | null {
    if (!verifySignature(sandboxSignKey(shop), rawBody, headers.get(SANDBOX_SIGNATURE_HEADER))) return null;
    let b: SandboxWebhookBody;
    try {
      b = JSON.parse(rawBody) as SandboxWebhookBody;
    } catch {
      return { kind: 'ignored', reason: 'body is not JSON' };
    }
    if (typeof b.transactionId !== 'string' || typeof b.refno !== 'string') return { kind: 'ignored', reason: 'missing fields' };
    if (b.status === 'approved')
      return { kind: 'paid', providerRef: b.transactionId, orderRef: b.refno, amount: Number(b.amount), currency: String(b.currency), raw: b };
    return { kind: 'failed', providerRef: b.transactionId, orderRef: b.refno, reason: b.status, raw: b };
  },
};
