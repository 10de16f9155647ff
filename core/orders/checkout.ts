/**
 * Checkout (docs/architecture.md, "Rules of the domain"): a signed-in adult customer's cart
 * becomes an order in ONE transaction: stock is taken with a conditional update (`stock >= count`,
 * so it can never be oversold or go negative), the promo use is counted, the lines snapshot name,
 * SKU, unit price and discount, and the first status event is written. The steps live beside this
 * file: the refusals before (checkout-checks.ts), the transaction's writes (checkout-writes.ts),
 * what follows the written order (checkout-after.ts), and the per-product queue of checkouts in
 * this process (checkout-queue.ts). Money in Rappen.
 */
import { eq } from 'drizzle-orm';
import { users, type Db, type OrderWithLines, type PostalAddress } from '../db/index.ts';
import type { Cart } from '../cart/index.ts';
import { getSettings } from '../config/index.ts';
import type { ShopSettings } from '../config/browser.ts';
import { lockSpendableBonus, recordOrderBonus } from '../influencer/index.ts';
import { checkReleaseOrder } from '../releases/index.ts';
import type { Shop } from '../shop-type.ts';
import { orderTotals } from './summary.ts';
import { enterCheckoutQueue } from './checkout-queue.ts';
import { expireDueOrders } from './status-changes.ts';
import type { PaymentMethod } from './payment-methods.ts';
import { adultCustomer, deliveryAddress, nonEmptyCart, offeredPaymentMethod, refuseUnavailable, type UserRow } from './checkout-checks.ts';
import { limitOpenReservations, redeemPromo, reserveStock, writeOrder } from './checkout-writes.ts';
import { afterOrderWritten, deliverCheckoutMails, type QueuedMails } from './checkout-after.ts';

/** What {@link createOrder} needs. */
type CreateOrderInput = {
  userId: string;
  paymentMethod: string;
  /** Delivery address; missing fields default to the profile's. */
  address?: Partial<PostalAddress>;
  /** Language for e-mails (default the user's). */
  locale?: string;
  now?: Date;
};

/** A checkout as its checks left it: who buys, how they pay, where it goes, in which language, and when. */
type Checkout = { user: UserRow; method: PaymentMethod; address: PostalAddress; locale: string; settings: ShopSettings; now: Date };

/**
 * Turns the customer's cart into an order awaiting payment.
 *
 * Checks, in order: shop open (403 "store temporarily closed"), method offered (400), customer
 * exists and is 18 or older today from the date of birth (403), delivery address in CH/LI with a
 * 4-digit postcode (400), cart not empty (400 "your cart is empty, please buy something"), the
 * applied promo code still applies (400), stock for every line (409; nothing is taken then).
 * Card orders keep the cart until paid (a declined payment loses nothing); a bank-transfer order
 * empties the cart at once. Unpaid orders expire after `cardPaymentExpiryMinutes` (card/sandbox)
 * or `bankTransferExpiryDays` (bank transfer).
 * @returns the order with its lines.
 * @throws {DomainError} as listed above.
 */
export async function createOrder(shop: Shop, input: CreateOrderInput): Promise<OrderWithLines> {
  const { db } = shop;
  const now = input.now ?? new Date();
  const settings = await getSettings(db);
  const method = offeredPaymentMethod(shop.env, settings, input.paymentMethod);
  const user = await adultCustomer(db, input.userId, now, settings.timeZone);
  const address = deliveryAddress(user, input.address, settings);
  await expireDueOrders(shop, now);
  // answered at once, without a transaction: an empty cart, a line already sold out (a release's
  // losers); the transaction checks both again
  const seen = await nonEmptyCart(db, user.id);
  refuseUnavailable(seen);
  const checkout: Checkout = { user, method, address, locale: input.locale ?? user.locale, settings, now };
  const mails: QueuedMails = { retried: [] };
  const order = await inCheckoutQueue(db, user.id, seen, (stockLeft) => placeOrder(shop, checkout, stockLeft, mails));
  await deliverCheckoutMails(shop, mails, now);
  return order;
}

/**
 * Runs `place` at the cart's turn in the queue of checkouts of its products in this process
 * (checkout-queue.ts), and leaves the queue with the stock the next checkout may go by. Before
 * `place`, the cart is refused (409) when the stock the checkout just before left tells at once
 * that it cannot be had (a rush's losers queued behind the last units), else after one fresh read
 * of the cart, not a transaction.
 * @param seen the customer's (`userId`) cart as read before queueing.
 * @param place opens the order's transaction; fills the map it is given with each product line's
 *   stock after its update, which the next checkout in the queue is told.
 */
async function inCheckoutQueue(
  db: Db,
  userId: string,
  seen: Cart,
  place: (stockLeft: Map<string, number>) => Promise<OrderWithLines>,
): Promise<OrderWithLines> {
  const turn = await enterCheckoutQueue(seen.lines.filter((l) => !l.box).map((l) => l.product.id));
  // the stock each product line left behind (after the commit), for the next checkout in the queue
  const stockLeft = new Map<string, number>();
  try {
    refuseUnavailable(seen, turn.stockBefore);
  } catch (e) {
    turn.leave('unchanged');
    throw e;
  }
  try {
    const fresh = await nonEmptyCart(db, userId);
    for (const line of fresh.lines) if (!line.box) stockLeft.set(line.product.id, line.product.stock);
    refuseUnavailable(fresh);
    stockLeft.clear();
  } catch (e) {
    turn.leave(stockLeft);
    throw e;
  }
  return place(stockLeft).then(
    (placed) => {
      turn.leave(stockLeft);
      return placed;
    },
    (e: unknown) => {
      turn.leave();
      throw e;
    },
  );
}

/**
 * The order's transaction: the customer's row locked, the cart read again, open card orders
 * replaced and the hoarding limits checked, stock taken, a release's rules applied, the promo and
 * the influencer bonus redeemed, the order written and what follows it done
 * ({@link afterOrderWritten}; its mails go to `mails`).
 * @param stockLeft filled with each product line's stock after its update.
 */
async function placeOrder(shop: Shop, c: Checkout, stockLeft: Map<string, number>, mails: QueuedMails): Promise<OrderWithLines> {
  const { user, method, address, settings, now } = c;
  return shop.db.transaction(async (tx) => {
    // One checkout per customer at a time: concurrent calls from one cart wait here, then read the
    // cart (emptied, or its open card order replaced) and count the unpaid orders that the calls
    // before them committed, so one cart makes one open order and the hoarding caps hold.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const cart = await nonEmptyCart(tx, user.id);
    await limitOpenReservations(tx, user.id, cart, method);
    const snapshot = await reserveStock(tx, cart, stockLeft);
    const release = await checkReleaseOrder(tx, {
      userId: user.id,
      address,
      lines: cart.lines.filter((l) => !l.box).map((l) => ({ productId: l.product.id, name: l.product.name, count: l.count })),
      bankTransfer: method === 'qr-bill',
      now,
      timeZone: settings.timeZone,
    });
    const subtotal = snapshot.reduce((s, l) => s + l.lineTotal, 0);
    const promo = await redeemPromo(tx, cart.promoCode, subtotal, user.id, now);
    // influencer bonus (ADR 009): locks the buyer's row, so concurrent orders never spend it twice
    const bonusToSpend = await lockSpendableBonus(tx, user, subtotal - Math.min(promo.discount, subtotal));
    const totals = orderTotals(subtotal, promo.discount, settings, bonusToSpend);
    const placed = await writeOrder(
      tx,
      {
        userId: user.id,
        method,
        totals,
        subtotal,
        discount: promo.discount,
        promoCode: cart.promoCode,
        address,
        locale: c.locale,
        settings,
        bankTransferHours: release.bankTransferHours,
        now,
      },
      snapshot,
    );
    await recordOrderBonus(tx, {
      orderId: placed.id,
      buyerId: user.id,
      spent: totals.bonus,
      promoCode: cart.promoCode,
      influencerUserId: promo.influencerUserId,
      goods: subtotal - promo.discount - totals.bonus,
      percent: settings.influencerBonusPercent,
      now,
    });
    return afterOrderWritten(tx, shop, placed, user, mails, now);
  });
}
