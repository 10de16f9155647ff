/**
 * What follows a written order in its checkout (`createOrder`, checkout.ts): an order the
 * influencer bonus pays entirely is settled at once; the shop is told; a bank-transfer order
 * empties the cart and mails the payment details (a card order keeps the cart until paid); and,
 * after the commit, the queued mails are delivered. A customer mail that cannot be made is left to
 * the retries: it never undoes the order.
 */
import { eq } from 'drizzle-orm';
import { cartItems, carts, orders, type OrderWithLines } from '../db/index.ts';
import type { Db } from '../db/index.ts';
import type { ShopSettings } from '../config/browser.ts';
import { deliverOutbox } from '../mail/index.ts';
import type { Shop } from '../shop-type.ts';
import { clearBoxLines } from '../custom-box/index.ts';
import { alertShopOfMailRetries, queueOrderMailOrRetry } from './mail-retry-queue.ts';
import { queueShopOrderMail } from './shop-mail.ts';
import { transitionOrder } from './status-changes.ts';
import type { UserRow } from './checkout-checks.ts';

/** The mails an order's transaction queued (`mailIds`) and the codes of orders whose customer mail is left to the retries (`retried`). */
export type QueuedMails = { mailIds: string[]; retried: string[] };

/**
 * Queues a customer mail that draws a PDF ({@link queueOrderMailOrRetry}): when it cannot be
 * made (e.g. swissqrbill refuses the stored IBAN) the order still stands and the mail is retried.
 */
async function queueCustomerMail(
  tx: Db,
  shop: Shop,
  kind: 'order_received' | 'payment_received',
  order: OrderWithLines,
  email: string,
  settings: ShopSettings,
  mails: QueuedMails,
  now: Date,
): Promise<void> {
  const id = await queueOrderMailOrRetry(tx, shop, kind, order, email, settings, now);
  if (id) mails.mailIds.push(id);
  else mails.retried.push(order.code);
}

/**
 * What follows a written order: one paid entirely by bonus is settled at once; otherwise the shop
 * is told, and a bank-transfer order empties the cart and mails the payment details (a card order
 * keeps the cart until paid, so a declined payment loses nothing). Queued mail ids go to
 * `mails.mailIds`; a customer mail that could not be made is kept for a retry, never undoing the order.
 */
export async function afterOrderWritten(
  tx: Db,
  shop: Shop,
  order: OrderWithLines,
  user: UserRow,
  settings: ShopSettings,
  mails: QueuedMails,
  now: Date,
): Promise<OrderWithLines> {
  if (order.total === 0) {
    const settled = await settleWithBonus(tx, shop, order, user.email, settings, mails, now);
    mails.mailIds.push(await queueShopOrderMail(tx, shop, settled, user, settings));
    return settled;
  }
  mails.mailIds.push(await queueShopOrderMail(tx, shop, order, user, settings));
  if (order.paymentMethod === 'qr-bill') {
    await emptyCart(tx, user.id);
    await queueCustomerMail(tx, shop, 'order_received', order, user.email, settings, mails, now);
  }
  return order;
}

/** Empties the customer's cart once the order holds its goods: lines, custom boxes and promo code. */
async function emptyCart(tx: Db, userId: string): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.cartKey, userId));
  await clearBoxLines(tx, userId);
  await tx.update(carts).set({ promoCode: null }).where(eq(carts.cartKey, userId));
}

/**
 * An order whose goods the influencer bonus pays entirely (total 0, free shipping; ADR 009) needs
 * no payment: it is paid at once, gets its invoice number, the cart is emptied and the
 * payment-received mail queued. Inside createOrder's transaction.
 */
async function settleWithBonus(
  tx: Db,
  shop: Shop,
  order: OrderWithLines,
  email: string,
  settings: ShopSettings,
  mails: QueuedMails,
  now: Date,
): Promise<OrderWithLines> {
  await tx
    .update(orders)
    .set({ paymentStatus: 'paid', invoiceNumber: `${now.getUTCFullYear()}-${order.code}` })
    .where(eq(orders.id, order.id));
  const paid = await transitionOrder(tx, order.id, 'paid', `user:${order.userId}`, 'paid with influencer bonus', now);
  await emptyCart(tx, order.userId);
  const full = { ...paid, lines: order.lines };
  await queueCustomerMail(tx, shop, 'payment_received', full, email, settings, mails, now);
  return full;
}

/**
 * After the order's commit: delivers the mails its transaction queued (a failed delivery is
 * logged, not thrown) and tells the shop when a customer mail was left to the retries. Never
 * throws: the order stands.
 */
export async function deliverCheckoutMails(shop: Shop, mails: QueuedMails, now: Date): Promise<void> {
  if (mails.mailIds.length) await deliverOutbox(shop, mails.mailIds).catch((err) => shop.log.warn({ err }, 'order mail delivery failed'));
  if (mails.retried.length) await alertShopOfMailRetries(shop, now); // never throws: the order stands
}
