/**
 * Datatrans (Swiss acquirer accepting tobacco merchants; cards, TWINT, PostFinance Card), through
 * its JSON API v1 (https://docs.datatrans.ch):
 * - init: `POST {DATATRANS_API_URL}/v1/transactions` with HTTP Basic `merchantId:password`,
 *   body `{ currency, refno, amount (Rappen), autoSettle, redirect: { successUrl, cancelUrl, errorUrl }, webhook: { url } }`,
 *   answer `{ transactionId }`; the customer is sent to `{DATATRANS_PAY_URL}/v1/start/{transactionId}`.
 * - webhook: `POST` with header `Datatrans-Signature: t=<timestamp>,s0=<hex HMAC-SHA256(timestamp + raw body)>`
 *   keyed with the hex-decoded sign key; body `{ transactionId, type, status, currency, refno, detail: { authorize: { amount }, settle: { amount } } }`.
 *   `settled`/`transmitted` (and `authorized` with auto-settle) are paid; `failed`/`canceled` are not.
 * Credentials come from the environment; without them the method is not offered.
 */
import { DomainError } from '../errors.ts';
import type { Shop } from '../shop-type.ts';
import type { PaymentProvider, WebhookEvent } from './provider.ts';
import { recordAttempt } from './service.ts';
import { verifySignature } from './signature.ts';

const DATATRANS_SIGNATURE_HEADER = 'Datatrans-Signature';

type DatatransWebhook = {
  transactionId?: string;
  type?: string;
  status?: string;
  currency?: string;
  refno?: string;
  detail?: { authorize?: { amount?: number }; settle?: { amount?: number }; fail?: { reason?: string; message?: string } };
};

function creds(shop: Shop) {
  const { DATATRANS_MERCHANT_ID: id, DATATRANS_PASSWORD: pw, DATATRANS_SIGN_KEY: key } = shop.env;
  if (!id || !pw || !key) throw new DomainError('invalid', 'This payment method is not available', { key: 'paymentMethodUnavailable' });
  return { id, pw, key };
}

export const datatransProvider: PaymentProvider = {
  name: 'datatrans',
  signatureHeader: DATATRANS_SIGNATURE_HEADER,
  async start(shop, order, urls) {
    const { id, pw } = creds(shop);
    const base = shop.env.PUBLIC_URL ?? new URL(urls.successUrl).origin;
    const res = await fetch(`${shop.env.DATATRANS_API_URL}/v1/transactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=UTF-8', authorization: `Basic ${Buffer.from(`${id}:${pw}`).toString('base64')}` },
      body: JSON.stringify({
        currency: 'CHF',
        refno: order.code,
        amount: order.total,
        autoSettle: true,
        redirect: urls,
        webhook: { url: `${base}/api/payment/webhook/datatrans` },
      }),
    }).catch((err: unknown) => {
      shop.log.error({ err }, 'datatrans init failed');
      return null;
    });
    if (!res || !res.ok) {
      if (res) shop.log.error({ status: res.status, body: await res.text().catch(() => '') }, 'datatrans init refused');
      throw new DomainError('conflict', 'The payment provider could not be reached. Please try again.', { key: 'paymentProviderDown' });
    }
    const { transactionId } = (await res.json()) as { transactionId?: string };
    if (!transactionId) throw new DomainError('conflict', 'The payment provider could not be reached. Please try again.', { key: 'paymentProviderDown' });
    await recordAttempt(shop.db, 'datatrans', transactionId, order.id);
    return { redirectUrl: `${shop.env.DATATRANS_PAY_URL}/v1/start/${encodeURIComponent(transactionId)}` };
  },
  parseWebhook(shop, rawBody, headers): WebhookEvent | null {
    const key = shop.env.DATATRANS_SIGN_KEY;
    if (!key || !verifySignature(key, rawBody, headers.get(DATATRANS_SIGNATURE_HEADER))) return null;
    let b: DatatransWebhook;
    try {
      b = JSON.parse(rawBody) as DatatransWebhook;
    } catch {
      return { kind: 'ignored', reason: 'body is not JSON' };
    }
    if (!b.transactionId || !b.refno) return { kind: 'ignored', reason: 'missing transactionId or refno' };
    if (b.type && b.type !== 'payment') return { kind: 'ignored', reason: `type ${b.type}` };
    const status = b.status ?? '';
    if (status === 'settled' || status === 'transmitted' || status === 'authorized') {
      const amount = b.detail?.settle?.amount ?? b.detail?.authorize?.amount;
      if (typeof amount !== 'number') return { kind: 'ignored', reason: 'no amount' };
      return { kind: 'paid', providerRef: b.transactionId, orderRef: b.refno, amount, currency: b.currency ?? '', raw: b };
    }
    if (status === 'failed' || status === 'canceled') return { kind: 'failed', providerRef: b.transactionId, orderRef: b.refno, reason: status, raw: b };
    return { kind: 'ignored', reason: `status ${status}` };
  },
};

/** How long a Datatrans credit call may take, ms; then its outcome is unknown (the refund stays pending). */
export const CREDIT_TIMEOUT_MS = 15_000;

/**
 * What a credit call came to: `ok` with the credit's own transaction id; `refused` when Datatrans
 * answered with a 4xx (nothing was refunded); `unknown` on a timeout, a network error, a 5xx or an
 * unreadable answer (the money may or may not have left: the refund stays pending).
 */
export type CreditOutcome = { kind: 'ok'; creditId: string } | { kind: 'refused'; message: string } | { kind: 'unknown'; message: string };

/**
 * Refunds (part of) a settled Datatrans transaction: `POST {DATATRANS_API_URL}/v1/transactions/{transactionId}/credit`
 * with HTTP Basic `merchantId:password` and body `{ amount (Rappen), currency, refno }`; Datatrans
 * answers 200 `{ transactionId, acquirerAuthorizationCode, date }` (docs.datatrans.ch, "Refund a transaction").
 * `refno` is the refund's idempotency key: a retry of the same refund sends the same one. Never
 * call it inside a database transaction (it waits up to `timeoutMs`, default {@link CREDIT_TIMEOUT_MS}).
 * @returns the outcome; never throws for provider trouble.
 * @throws {DomainError} `invalid` when Datatrans is not configured.
 */
export async function datatransCredit(shop: Shop, transactionId: string, amount: number, refno: string, timeoutMs = CREDIT_TIMEOUT_MS): Promise<CreditOutcome> {
  const { id, pw } = creds(shop);
  let res: Response;
  try {
    res = await fetch(`${shop.env.DATATRANS_API_URL}/v1/transactions/${encodeURIComponent(transactionId)}/credit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=UTF-8', authorization: `Basic ${Buffer.from(`${id}:${pw}`).toString('base64')}` },
      body: JSON.stringify({ amount, currency: 'CHF', refno }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    shop.log.error({ err, refno }, 'datatrans credit: no answer');
    const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return { kind: 'unknown', message: timeout ? `no answer within ${timeoutMs / 1000} s` : 'network error' };
  }
  const body = (await res.json().catch(() => ({}))) as { transactionId?: string; error?: { code?: string; message?: string } };
  if (res.ok && body.transactionId) return { kind: 'ok', creditId: body.transactionId };
  shop.log.error({ status: res.status, body, refno }, 'datatrans credit refused');
  const message = body.error?.message ?? `HTTP ${res.status}`;
  if (res.status >= 400 && res.status < 500) return { kind: 'refused', message };
  return { kind: 'unknown', message };
}
