/**
 * What follows a written order in its checkout (`createOrder`, checkout.ts): an order the
 * influencer bonus pays entirely is settled at once; the shop is told; a bank-transfer order
 * empties the cart and its customer is due the payment details (a card order keeps the cart
 * until paid). The mails follow the events (core/events, made by core/mail); a customer notice
 * that cannot be made is left to the retries: it never undoes the order.
 */
import { eq } from 'drizzle-orm';
import { cartItems, carts, orders, type OrderWithLines } from '../db/index.ts';
import type { Db } from '../db/index.ts';
import { emit } from '../events/index.ts';
import type { Shop } from '../shop-type.ts';
import { clearBoxLines } from '../custom-box/index.ts';
import { alertShopOfMailRetries, noticeOrRetry } from './mail-retry-queue.ts';
import { transitionOrder } from './status-changes.ts';
import type { UserRow } from './checkout-checks.ts';

/** The codes of the orders whose customer notice was left to the retries (`retried`): the shop is alerted after the commit. */
export type QueuedMails = { retried: string[] };

/** The customer's notice with its PDF ({@link noticeOrRetry}): when it cannot be made the order still stands and the notice is retried. */
async function notice(tx: Db, shop: Shop, kind: 'order_received' | 'payment_received', order: OrderWithLines, mails: QueuedMails, now: Date): Promise<void> {
  if (!(await noticeOrRetry(tx, shop, kind, order, now))) mails.retried.push(order.code);
}

/**
 * What follows a written order: one paid entirely by bonus is settled at once; otherwise the shop
 * is told, and a bank-transfer order empties the cart and mails the payment details (a card order
 * keeps the cart until paid, so a declined payment loses nothing). A customer notice that could
 * not be made is kept for a retry (its order's code in `mails.retried`), never undoing the order.
 */
export async function afterOrderWritten(tx: Db, shop: Shop, order: OrderWithLines, user: UserRow, mails: QueuedMails, now: Date): Promise<OrderWithLines> {
  if (order.total === 0) {
    const settled = await settleWithBonus(tx, shop, order, mails, now);
    await emit(tx, { type: 'order.placed', orderId: order.id });
    return settled;
  }
  await emit(tx, { type: 'order.placed', orderId: order.id });
  if (order.paymentMethod === 'qr-bill') {
    await emptyCart(tx, user.id);
    await notice(tx, shop, 'order_received', order, mails, now);
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
async function settleWithBonus(tx: Db, shop: Shop, order: OrderWithLines, mails: QueuedMails, now: Date): Promise<OrderWithLines> {
  await tx
    .update(orders)
    .set({ paymentStatus: 'paid', invoiceNumber: `${now.getUTCFullYear()}-${order.code}` })
    .where(eq(orders.id, order.id));
  const paid = await transitionOrder(tx, order.id, 'paid', `user:${order.userId}`, 'paid with influencer bonus', now);
  await emptyCart(tx, order.userId);
  const full = { ...paid, lines: order.lines };
  await notice(tx, shop, 'payment_received', full, mails, now);
  return full;
}

/**
 * After the order's commit (its mails are delivered by then): tells the shop when a customer
 * notice was left to the retries. Never throws: the order stands.
 */
export async function deliverCheckoutMails(shop: Shop, mails: QueuedMails, now: Date): Promise<void> {
  if (mails.retried.length) await alertShopOfMailRetries(shop, now); // never throws: the order stands
}
