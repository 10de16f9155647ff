/**
 * Starting a payment and receiving provider webhooks: the hand-off between orders and providers.
 */
import { DomainError } from '../errors.ts';
import { getOrderFor, PAYMENT_ATTEMPT_HOLD_S, sandboxEnabled } from '../orders/index.ts';
import type { Shop } from '../shop-type.ts';
import { datatransProvider } from './datatrans.ts';
import type { PaymentProvider, PaymentStart, ReturnUrls } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';
import { recordPayment, recordPaymentFailure, type PaymentOutcome } from './service.ts';
import { paymentAttempts, webhookReceipts, type Db } from '../db/index.ts';
import { freshTimestamp, signatureParts, WEBHOOK_TOLERANCE_MS } from './signature.ts';
import { and, desc, eq, lt } from 'drizzle-orm';

/**
 * The payment attempt of an order started less than `PAYMENT_ATTEMPT_HOLD_S` (core/orders, 10 min) ago, if any
 * (the newest one): while it is open the customer's own cancel is refused.
 * @returns when it was started and the seconds left until the hold ends, or null.
 */
export async function openPaymentAttempt(db: Db, orderId: string, now = new Date()): Promise<{ startedAt: Date; holdLeftS: number } | null> {
  const [a] = await db
    .select({ startedAt: paymentAttempts.startedAt })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(desc(paymentAttempts.startedAt))
    .limit(1);
  if (!a) return null;
  const holdLeftS = Math.ceil(PAYMENT_ATTEMPT_HOLD_S - (now.getTime() - a.startedAt.getTime()) / 1000);
  return holdLeftS > 0 ? { startedAt: a.startedAt, holdLeftS } : null;
}

/** Bank transfer: the "start" is the invoice with the QR-bill to download. */
const qrBillProvider: PaymentProvider = {
  name: 'qr-bill',
  async start(_shop, order) {
    return { invoiceUrl: `/client/invoice?id=${order.code}` };
  },
};

/** The providers by name. */
const PROVIDERS: Record<string, PaymentProvider> = {
  sandbox: sandboxProvider,
  datatrans: datatransProvider,
  'qr-bill': qrBillProvider,
};

/** Return URLs after a provider's page, for an order, under an origin. */
function returnUrls(origin: string, orderCode: string): ReturnUrls {
  const q = `order=${encodeURIComponent(orderCode)}`;
  return {
    successUrl: `${origin}/paymentsuccess?${q}`,
    cancelUrl: `${origin}/paymenterror?${q}&reason=cancelled`,
    errorUrl: `${origin}/paymenterror?${q}&reason=error`,
  };
}

/**
 * Starts paying an order of the caller.
 * @returns `{ redirectUrl }` (hosted payment page) or `{ invoiceUrl }` (QR-bill).
 * @throws {DomainError} `not_found` for someone else's order; `conflict` when it no longer awaits payment.
 */
export async function startPayment(shop: Shop, orderId: string, viewer: { userId: string; role: string }, origin: string): Promise<PaymentStart> {
  const order = await getOrderFor(shop, orderId, viewer);
  if (order.status !== 'pending_payment')
    throw new DomainError('conflict', 'This order no longer awaits payment', { key: 'orderNotPayable', params: { status: order.status } });
  const provider = PROVIDERS[order.paymentMethod];
  if (!provider) throw new DomainError('invalid', 'This payment method is not available', { key: 'paymentMethodUnavailable' });
  return provider.start(shop, order, returnUrls(origin, order.code));
}

/** What a webhook did. `duplicate`: the same signed message was received before; nothing changed. */
export type WebhookResult =
  { handled: 'paid'; outcome: PaymentOutcome } | { handled: 'failed'; cancelled: boolean } | { handled: 'ignored'; reason: string } | { handled: 'duplicate' };

/**
 * Claims a webhook's signature. @returns false when the same signed
 * message was already received. Receipts older than twice the tolerance are pruned on the way.
 */
async function claimReceipt(shop: Shop, provider: string, s0: string): Promise<boolean> {
  await shop.db.delete(webhookReceipts).where(lt(webhookReceipts.receivedAt, new Date(Date.now() - 2 * WEBHOOK_TOLERANCE_MS)));
  const rows = await shop.db.insert(webhookReceipts).values({ provider, signature: s0 }).onConflictDoNothing().returning({ s: webhookReceipts.signature });
  return rows.length === 1;
}

/**
 * Handles a provider webhook from its raw body (the signature covers the exact bytes).
 * @throws {DomainError} `not_found` for an unknown provider; `unauthenticated` (401) for a
 *   missing or wrong signature; `invalid` (400) when the payment does not match its order.
 *   Nothing changes in any of these cases.
 */
export async function receiveWebhook(shop: Shop, providerName: string, rawBody: string, headers: Headers): Promise<WebhookResult> {
  const provider = PROVIDERS[providerName];
  if (!provider?.parseWebhook) throw new DomainError('not_found', 'Unknown payment provider', { key: 'notFound' });
  if (providerName === 'datatrans' && !shop.env.DATATRANS_SIGN_KEY) throw new DomainError('not_found', 'Unknown payment provider', { key: 'notFound' });
  if (providerName === 'sandbox' && !sandboxEnabled(shop.env)) throw new DomainError('not_found', 'Unknown payment provider', { key: 'notFound' });
  const event = provider.parseWebhook(shop, rawBody, headers);
  if (!event) {
    shop.log.warn({ provider: providerName }, 'webhook with a bad signature refused');
    throw new DomainError('unauthenticated', 'Invalid webhook signature', { key: 'webhookSignature' });
  }
  // The signature covers its timestamp: an old message (a replay) is refused, and the same
  // message twice is answered as a duplicate without acting again.
  const parts = provider.signatureHeader ? signatureParts(headers.get(provider.signatureHeader)) : null;
  if (parts && !freshTimestamp(parts.t)) {
    shop.log.warn({ provider: providerName, signedAt: parts.t }, 'stale webhook refused (replay?)');
    throw new DomainError('invalid', 'The webhook is too old (signed more than 5 minutes ago)', { key: 'webhookStale' });
  }
  if (event.kind === 'ignored') return { handled: 'ignored', reason: event.reason };
  if (parts && !(await claimReceipt(shop, providerName, parts.s0))) return { handled: 'duplicate' };
  try {
    if (event.kind === 'failed')
      return { handled: 'failed', cancelled: await recordPaymentFailure(shop, providerName, event.orderRef, event.reason, event.providerRef) };
    const outcome = await recordPayment(shop, {
      provider: providerName,
      providerRef: event.providerRef,
      orderRef: event.orderRef,
      amount: event.amount,
      currency: event.currency,
      exactAmount: true,
      raw: event.raw,
    });
    return { handled: 'paid', outcome };
  } catch (e) {
    // not handled: the provider's retry of this very message must be processed
    if (parts) await shop.db.delete(webhookReceipts).where(and(eq(webhookReceipts.provider, providerName), eq(webhookReceipts.signature, parts.s0)));
    throw e;
  }
}
