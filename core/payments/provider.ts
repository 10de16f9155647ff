/**
 * Payment providers behind one interface: `sandbox` (the embedded default, a
 * hosted test page served by the shop), `datatrans` (cards, TWINT, PostFinance Card) and `qr-bill`
 * (bank transfer). A provider starts a payment (where to send the customer) and turns a signed
 * webhook into a payment event; recording it is the same for all (core/payments/service.ts).
 */
import type { OrderRow } from '../orders/index.ts';
import type { Shop } from '../shop-type.ts';

/** Where the customer goes back to after the provider's page. */
export type ReturnUrls = { successUrl: string; cancelUrl: string; errorUrl: string };

/** How a payment starts: a hosted page, or an invoice to pay by bank transfer. */
export type PaymentStart = { redirectUrl: string } | { invoiceUrl: string };

/** What a verified webhook says. Amount in Rappen. */
export type WebhookEvent =
  | { kind: 'paid'; providerRef: string; orderRef: string; amount: number; currency: string; raw: unknown }
  | { kind: 'failed'; providerRef: string; orderRef: string; reason: string; raw: unknown }
  | { kind: 'ignored'; reason: string };

export interface PaymentProvider {
  readonly name: string;
  /** The header carrying the webhook signature `t=<ms>,s0=<hex>` (timestamp checked, replays refused). */
  readonly signatureHeader?: string;
  /** Starts a payment for an unpaid order. @throws {DomainError} when the provider refuses. */
  start(shop: Shop, order: OrderRow, urls: ReturnUrls): Promise<PaymentStart>;
  /**
   * Verifies and reads a webhook. @returns null when the signature is missing or wrong (nothing
   * may change then).
   */
  parseWebhook?(shop: Shop, rawBody: string, headers: Headers): WebhookEvent | null;
}
