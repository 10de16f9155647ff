/**
 * Which payment methods the shop offers (docs/api.md `paymentMethod`): Datatrans when its
 * credentials are set, else the embedded sandbox provider where allowed, and bank transfer with a
 * QR-bill unless a production shop still has the example IBAN.
 */
import type { Env } from '../config/index.ts';
import { qrBillBlockedByExampleIban } from '../config/browser.ts';
import type { ShopSettings } from '../config/browser.ts';

/** Payment methods the shop knows (docs/api.md `paymentMethod`). */
export const PAYMENT_METHODS = ['sandbox', 'datatrans', 'qr-bill'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Whether Datatrans credentials are configured (all three variables). */
function datatransConfigured(env: Env): boolean {
  return Boolean(env.DATATRANS_MERCHANT_ID && env.DATATRANS_PASSWORD && env.DATATRANS_SIGN_KEY);
}

/**
 * Whether the embedded sandbox provider is offered: never while Datatrans is configured;
 * otherwise only with an explicit `PAYMENT_SANDBOX=on`, or in the tests
 * (`NODE_ENV=test`) unless `PAYMENT_SANDBOX=off`.
 */
export function sandboxEnabled(env: Env): boolean {
  if (datatransConfigured(env)) return false;
  return env.PAYMENT_SANDBOX ? env.PAYMENT_SANDBOX === 'on' : env.NODE_ENV === 'test';
}

/**
 * The payment methods offered: Datatrans when its credentials are set, else the embedded sandbox
 * provider when enabled ({@link sandboxEnabled}); bank transfer with a QR-bill unless a production
 * shop still has the seeded example IBAN (core/config/readiness.ts: the money would not reach the
 * shop). May be empty: a production shop with neither Datatrans nor its own IBAN cannot take payment.
 * @param settings the shop's IBAN; without it bank transfer is listed.
 */
export function availablePaymentMethods(env: Env, settings?: Pick<ShopSettings, 'iban'>): PaymentMethod[] {
  const online: PaymentMethod[] = datatransConfigured(env) ? ['datatrans'] : sandboxEnabled(env) ? ['sandbox'] : [];
  return settings && qrBillBlockedByExampleIban(env, settings) ? online : [...online, 'qr-bill'];
}
