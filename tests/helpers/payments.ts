/** Payment helpers for tests and seeds: an order paid as the payment providers would pay it. */
import { addToCart } from '../../core/cart/service.ts';
import { shipOrder } from '../../core/orders/admin.ts';
import { createOrder, findOrder, type OrderWithLines } from '../../core/orders/index.ts';
import { datatransProvider } from '../../core/payments/datatrans.ts';
import { recordPayment, type PaymentOutcome } from '../../core/payments/service.ts';
import type { Shop } from '../../core/shop.ts';
import { productWith, type TestCustomer } from './customers.ts';
import type { FakeDatatrans } from './fake-datatrans.ts';

/**
 * Pays an order in full through `recordPayment`: as the card sandbox does (`sandbox`: the exact
 * amount, by order code) or as a bank transfer is matched (`qr-bill`: by order code and QR
 * reference, any amount). Amounts in Rappen.
 * @param providerRef the provider's id of the payment (default `pay-<order code>`).
 */
export function payInFull(
  shop: Shop,
  order: { code: string; total: number; paymentReference: string | null },
  method: 'sandbox' | 'qr-bill',
  providerRef = `pay-${order.code}`,
): Promise<PaymentOutcome> {
  return recordPayment(shop, {
    provider: method === 'sandbox' ? 'sandbox' : 'bank',
    providerRef,
    orderRef: order.code,
    reference: order.paymentReference,
    amount: order.total,
    currency: 'CHF',
    exactAmount: method === 'sandbox',
  });
}

/**
 * Pays an order in full by a bank transfer that names only its QR reference (no order code), as
 * the bank's credit notification carries it: `recordPayment` with provider `bank`, provider
 * reference `B-<order code>`, the order's total in Rappen, any amount accepted.
 */
export function payByQrReference(shop: Shop, order: { code: string; total: number; paymentReference: string | null }): Promise<PaymentOutcome> {
  return recordPayment(shop, {
    provider: 'bank',
    providerRef: `B-${order.code}`,
    reference: order.paymentReference,
    amount: order.total,
    currency: 'CHF',
    exactAmount: false,
  });
}

/**
 * A Datatrans order of `count` units of a new product (stock 20, CHF 50.00; `index` keeps its SKU
 * apart), initialised at the fake, settled there and recorded as paid.
 * @returns the paid order, the fake's transaction id and the product's id.
 */
export async function paidDatatransOrder(
  shop: Shop,
  fake: FakeDatatrans,
  c: TestCustomer,
  index: number,
  count: number,
): Promise<{ order: OrderWithLines; transactionId: string; productId: string }> {
  const p = await productWith(shop, 20, 5000, index);
  await addToCart(shop.db, c.id, p.id, count, c.id);
  const o = await createOrder(shop, { userId: c.id, paymentMethod: 'datatrans' });
  const started = await datatransProvider.start(shop, o, { successUrl: 'http://shop.test/s', cancelUrl: 'http://shop.test/c', errorUrl: 'http://shop.test/e' });
  const transactionId = /\/v1\/start\/(\d+)$/.exec('redirectUrl' in started ? started.redirectUrl : '')![1];
  fake.webhookFor(transactionId, 'settled');
  await recordPayment(shop, { provider: 'datatrans', providerRef: transactionId, orderRef: o.code, amount: o.total, currency: 'CHF', exactAmount: true });
  return { order: (await findOrder(shop.db, o.id))!, transactionId, productId: p.id };
}

/**
 * A shipped bank-transfer order of `c`: 2 units of a new product (stock 40, CHF 60.00; `index`
 * keeps its SKU apart), paid in full by a matched transfer and shipped with Swiss Post by `actor`
 * at `shippedAt` (now by default), so it can be returned.
 * @returns the order as created (before payment and shipping).
 */
export async function paidShippedOrder(shop: Shop, c: TestCustomer, index: number, actor: string, shippedAt?: Date) {
  const p = await productWith(shop, 40, 6_000, index);
  await addToCart(shop.db, c.id, p.id, 2, c.id);
  const o = await createOrder(shop, { userId: c.id, paymentMethod: 'qr-bill' });
  await payInFull(shop, o, 'qr-bill');
  await shipOrder(shop, o.id, { carrier: 'swiss-post', trackingNumber: '99.00.123456.78901234' }, actor, shippedAt);
  return o;
}
