/**
 * Orders (docs/architecture.md, "Rules of the domain"). A signed-in adult customer's
 * cart becomes an order in ONE transaction: stock is taken with a conditional update
 * (`stock >= count`, so it can never be oversold or go negative), the promo use is counted, the
 * lines snapshot name, SKU, unit price and discount, and the first status event is written.
 * Every status change goes through {@link transitionOrder}; unpaid orders expire and give their
 * stock back ({@link expireDueOrders}). Money in Rappen.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, lte, notExists, sql } from 'drizzle-orm';
import {
  users,
  products,
  cartItems,
  carts,
  orderEvents,
  orderLines,
  orders,
  paymentAttempts,
  type OrderEventRow,
  type OrderLineRow,
  type OrderRow,
  type OrderStatus,
  type OrderWithLines,
  type PostalAddress,
} from '../db/index.ts';
import { getCart, type Cart } from '../cart/index.ts';
import { getSettings } from '../config/index.ts';
import type { Env } from '../config/index.ts';
import { qrBillBlockedByExampleIban } from '../config/browser.ts';
import type { ShopSettings } from '../config/browser.ts';
import type { Db } from '../db/index.ts';
import { recordAudit } from '../audit/index.ts';
import { DomainError } from '../errors.ts';
import { deliverOutbox } from '../mail/index.ts';
import { paymentReferenceFor } from './payment-reference.ts';
import { evaluatePromo, releasePromoUse, takePromoUse, assertCustomerMayRedeem } from '../promos/index.ts';
import { bonusOnTransition, lockSpendableBonus, recordOrderBonus } from '../influencer/index.ts';
import type { Shop } from '../shop.ts';
import { checkAddress } from './address.ts';
import { isAdult, isEffectiveAdmin, MINIMUM_AGE } from '../accounts/browser.ts';
import { newOrderCode } from './code.ts';
import { alertShopOfMailRetries, queueOrderMailOrRetry } from './mail-retry-queue.ts';
import { queueShopOrderMail } from './shop-mail.ts';
import { RELEASES_STOCK, transitionRefusal } from './status.ts';
import { orderTotals } from './summary.ts';
import { PAYMENT_ATTEMPT_HOLD_S } from './payment-hold.ts';
// custom boxes: one line, each cigar's stock taken and given back
import { clearBoxLines, boxReservations, boxStockReturns, takeBoxLine } from '../custom-box/index.ts';
import { assertMayReserve, MAX_BANK_TRANSFER_DAYS } from './hoarding.ts';
import { checkReleaseOrder } from '../releases/index.ts';
import { enterCheckoutQueue } from './checkout-queue.ts';

export type { OrderEventRow, OrderLineRow, OrderRow, OrderWithLines } from '../db/index.ts';

/** Payment methods the shop knows (docs/api.md `paymentMethod`). */
export const PAYMENT_METHODS = ['sandbox', 'datatrans', 'qr-bill'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Whether Datatrans credentials are configured (all three variables). */
export function datatransConfigured(env: Env): boolean {
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

/** What {@link createOrder} needs. */
export type CreateOrderInput = {
  userId: string;
  paymentMethod: string;
  /** Delivery address; missing fields default to the profile's. */
  address?: Partial<PostalAddress>;
  /** Language for e-mails (default the user's). */
  locale?: string;
  now?: Date;
};

function stockConflict(name: string, stock: number): DomainError {
  return stock <= 0
    ? new DomainError('conflict', `${name} is out of stock`, { key: 'outOfStock', params: { name } })
    : new DomainError('conflict', `Only ${stock} of ${name} in stock`, { key: 'notEnoughStock', params: { name, stock } });
}

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
  const locale = input.locale ?? user.locale;
  const mailIds: string[] = [];
  const retried: string[] = [];

  // one checkout of a product at a time per process (core/orders/checkout-queue.ts)
  const turn = await enterCheckoutQueue(seen.lines.filter((l) => !l.box).map((l) => l.product.id));
  // the stock each product line left behind (after the commit), for the next checkout in the queue
  const stockLeft = new Map<string, number>();
  // the checkouts queued before may have taken the last units: the stock the one just before left
  // tells at once (a rush's losers queued behind the last units), else one read, not a transaction
  try {
    refuseUnavailable(seen, turn.stockBefore);
  } catch (e) {
    turn.leave('unchanged');
    throw e;
  }
  try {
    const fresh = await nonEmptyCart(db, user.id);
    for (const line of fresh.lines) if (!line.box) stockLeft.set(line.product.id, line.product.stock);
    refuseUnavailable(fresh);
    stockLeft.clear();
  } catch (e) {
    turn.leave(stockLeft);
    throw e;
  }
  const placing = db.transaction(async (tx) => {
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
        locale,
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
    return afterOrderWritten(tx, shop, placed, user, settings, { mailIds, retried }, now);
  });
  const order = await placing.then(
    (placed) => {
      turn.leave(stockLeft);
      return placed;
    },
    (e: unknown) => {
      turn.leave();
      throw e;
    },
  );
  if (mailIds.length) await deliverOutbox(shop, mailIds).catch((err) => shop.log.warn({ err }, 'order mail delivery failed'));
  if (retried.length) await alertShopOfMailRetries(shop, now); // never throws: the order stands
  return order;
}

/** The shop takes orders and offers `requested` ({@link availablePaymentMethods}); else 403/400. */
function offeredPaymentMethod(env: Env, settings: ShopSettings, requested: string): PaymentMethod {
  if (settings.shop_closed) throw new DomainError('forbidden', 'Store temporarily closed', { key: 'shopClosed' });
  const method = requested as PaymentMethod;
  if (!availablePaymentMethods(env, settings).includes(method))
    throw new DomainError('invalid', 'This payment method is not available', {
      key: 'paymentMethodUnavailable',
      fields: { paymentMethod: { key: 'paymentMethodUnavailable' } },
    });
  return method;
}

/** A customer as read for an order: age, profile address, locale, e-mail and role (for the bonus). */
type UserRow = typeof users.$inferSelect;

/** Tobacco is sold to adults only: the buyer must exist (401) and be {@link MINIMUM_AGE} today in the shop's zone (403). */
async function adultCustomer(db: Db, userId: string, now: Date, timeZone: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new DomainError('unauthenticated', 'Please log in', { key: 'loginRequired' });
  if (!isAdult(user.dateOfBirth, now, timeZone))
    throw new DomainError('forbidden', `You must be at least ${MINIMUM_AGE} years old to buy tobacco products`, {
      key: 'underAge',
      params: { age: MINIMUM_AGE },
    });
  return user;
}

/** The given address fields over the profile's (a field left out keeps the profile's), checked for CH/LI. */
function deliveryAddress(user: UserRow, given: Partial<PostalAddress> | undefined, settings: ShopSettings): PostalAddress {
  const profileAddress = {
    firstName: user.firstName,
    lastName: user.lastName,
    street: user.street,
    postalCode: user.postalCode,
    city: user.city,
    country: user.country,
  };
  const set = Object.fromEntries(Object.entries(given ?? {}).filter(([, v]) => v !== undefined && v !== null));
  return checkAddress({ ...profileAddress, ...set }, settings);
}

/** The customer's cart; an empty one cannot become an order (400). */
async function nonEmptyCart(db: Db, userId: string): Promise<Cart> {
  const cart = await getCart(db, userId);
  if (cart.lines.length === 0) throw new DomainError('invalid', 'Your cart is empty, please buy something', { key: 'cartEmpty' });
  return cart;
}

/**
 * Refuses (409) a cart whose product line asks for more than the stock its read saw, or than
 * `known` says (product id to stock: what the checkout before in the queue left): a quick answer
 * for the buyers who come after a product sold out. Custom boxes are checked by their cigars in
 * the transaction only.
 */
function refuseUnavailable(cart: Cart, known?: ReadonlyMap<string, number>): void {
  for (const line of cart.lines) {
    if (line.box) continue;
    const stock = known ? known.get(line.product.id) : line.product.stock;
    if (stock !== undefined && stock < line.count) throw stockConflict(line.product.name, stock);
  }
}

/**
 * A new card checkout replaces the customer's open card orders, so retries do not hold stock
 * twice; then the anti-hoarding limits apply to what stays reserved (a box counts per cigar).
 */
async function limitOpenReservations(tx: Db, userId: string, cart: Cart, method: PaymentMethod): Promise<void> {
  if (method !== 'qr-bill') await cancelOpenCardOrders(tx, userId, null);
  await assertMayReserve(tx, userId, cart.lines.flatMap(boxReservations), method === 'qr-bill');
}

/** A line as the order keeps it: what was sold at which price, whatever the catalogue says later. */
type LineSnapshot = Omit<OrderLineRow, 'id' | 'orderId'>;

/**
 * Takes every line's stock and snapshots the line. The conditional update (`stock >= count`, active
 * product) means stock is never oversold nor negative; a line that cannot be taken throws 409 and
 * the transaction gives back what earlier lines took.
 * @param stockLeft filled with each product line's stock after the update (product id to units).
 */
async function reserveStock(tx: Db, cart: Cart, stockLeft: Map<string, number>): Promise<LineSnapshot[]> {
  const snapshot: LineSnapshot[] = [];
  for (const line of cart.lines) {
    if (line.box) {
      snapshot.push(await takeBoxLine(tx, { product: line.product, box: line.box }));
      continue;
    }
    const [taken] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.count}`, updatedAt: sql`now()` })
      .where(and(eq(products.id, line.product.id), eq(products.active, true), sql`${products.stock} >= ${line.count}`))
      .returning({
        sku: products.sku,
        name: products.name,
        packaging: products.packaging,
        basePrice: products.basePrice,
        discountPercent: products.discountPercent,
        stock: products.stock,
      });
    if (!taken) {
      const [p] = await tx.select({ stock: products.stock, active: products.active }).from(products).where(eq(products.id, line.product.id));
      throw stockConflict(line.product.name, p?.active ? p.stock : 0);
    }
    stockLeft.set(line.product.id, taken.stock);
    snapshot.push({
      productId: line.product.id,
      sku: taken.sku,
      name: taken.name,
      packaging: taken.packaging,
      box: null,
      count: line.count,
      basePrice: taken.basePrice,
      discountPercent: taken.discountPercent,
      unitPrice: line.unitPrice,
      lineTotal: line.lineTotal,
    });
  }
  return snapshot;
}

/**
 * The cart's promo code, if any, checked again at order time (still valid, per-customer limit) and
 * one use counted; a code used up meanwhile is refused (400).
 */
async function redeemPromo(
  tx: Db,
  promoCode: string | null,
  subtotal: number,
  userId: string,
  now: Date,
): Promise<{ discount: number; influencerUserId: string | null }> {
  if (!promoCode) return { discount: 0, influencerUserId: null };
  const evaluated = await evaluatePromo(tx, promoCode, subtotal, now);
  await assertCustomerMayRedeem(tx, evaluated.promo, userId);
  if (!(await takePromoUse(tx, promoCode)))
    throw new DomainError('invalid', 'This promo code has been used up', { key: 'promoUsedUp', fields: { code: { key: 'promoUsedUp' } } });
  return { discount: evaluated.discount, influencerUserId: evaluated.promo.influencerUserId };
}

/** Everything {@link writeOrder} stores on the order row besides its lines. */
type NewOrder = {
  userId: string;
  method: PaymentMethod;
  totals: ReturnType<typeof orderTotals>;
  subtotal: number;
  discount: number;
  promoCode: string | null;
  address: PostalAddress;
  locale: string;
  settings: ShopSettings;
  /** A release's shorter bank-transfer reservation, hours (core/releases); null: the shop's. */
  bankTransferHours: number | null;
  now: Date;
};

/**
 * When an unpaid order expires: bank transfer gets days (capped against hoarding, and shortened
 * to a release's hours), card minutes.
 */
function paymentDeadline(method: PaymentMethod, settings: ShopSettings, now: Date, releaseHours: number | null): Date {
  if (method !== 'qr-bill') return new Date(now.getTime() + settings.cardPaymentExpiryMinutes * 60_000);
  const ms = Math.min(settings.bankTransferExpiryDays, MAX_BANK_TRANSFER_DAYS) * 86_400_000;
  return new Date(now.getTime() + Math.min(ms, (releaseHours ?? Infinity) * 3_600_000));
}

/** A fresh order code; codes are random, so one already taken is drawn again. */
async function unusedOrderCode(tx: Db): Promise<string> {
  let code = newOrderCode();
  while ((await tx.select({ id: orders.id }).from(orders).where(eq(orders.code, code)).limit(1)).length > 0) code = newOrderCode();
  return code;
}

/** Writes the order row (`pending_payment`), its lines and its first status event. */
async function writeOrder(tx: Db, o: NewOrder, snapshot: LineSnapshot[]): Promise<OrderWithLines> {
  const { shippingFee, total, vat, bonus } = o.totals;
  const code = await unusedOrderCode(tx);
  const id = randomUUID();
  const [row] = await tx
    .insert(orders)
    .values({
      id,
      code,
      userId: o.userId,
      status: 'pending_payment',
      paymentMethod: o.method,
      subtotal: o.subtotal,
      discount: o.discount,
      bonus,
      shippingFee,
      total,
      vat,
      promoCode: o.promoCode,
      address: o.address,
      locale: o.locale,
      paymentReference: o.method === 'qr-bill' ? paymentReferenceFor(code, o.settings.iban) : null,
      expiresAt: paymentDeadline(o.method, o.settings, o.now, o.bankTransferHours),
      createdAt: o.now,
      updatedAt: o.now,
    })
    .returning();
  const lines = snapshot.map((l) => ({ ...l, id: randomUUID(), orderId: id }));
  await tx.insert(orderLines).values(lines);
  await tx
    .insert(orderEvents)
    .values({ id: randomUUID(), orderId: id, fromStatus: null, toStatus: 'pending_payment', actor: `user:${o.userId}`, createdAt: o.now });
  return { ...row, lines };
}

/** The mails an order's transaction queued (`mailIds`) and the codes of orders whose customer mail is left to the retries (`retried`). */
type QueuedMails = { mailIds: string[]; retried: string[] };

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
async function afterOrderWritten(
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
  settings: Awaited<ReturnType<typeof getSettings>>,
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
 * Moves an order to another state: the ONE place where order states change. Locks the order row,
 * checks the transition ({@link transitionRefusal}: allowed edge, full payment for `paid` and
 * beyond), records the change in `order_events` with time and actor, and gives stock and the promo
 * use back when an unpaid order is cancelled or expires. Call inside a transaction.
 * @param actor `user:<id>`, `admin:<id>`, `system` or `provider:<name>`.
 * @returns the updated order.
 * @throws {DomainError} `not_found`; `conflict` (409) when the transition is not allowed.
 */
export async function transitionOrder(tx: Db, orderId: string, to: OrderStatus, actor: string, note?: string, now = new Date()): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  if (!order) throw new DomainError('not_found', 'Order not found', { key: 'orderNotFound' });
  const refusal = transitionRefusal(order.status, to, order.paidAmount, order.total);
  if (refusal) throw new DomainError('conflict', refusal, { key: 'orderTransitionRefused', params: { from: order.status, to } });
  const [updated] = await tx
    .update(orders)
    .set({ status: to, updatedAt: now, ...(to === 'paid' ? { paidAt: now } : {}) })
    .where(eq(orders.id, orderId))
    .returning();
  await tx.insert(orderEvents).values({ id: randomUUID(), orderId, fromStatus: order.status, toStatus: to, actor, note: note ?? null, createdAt: now });
  await bonusOnTransition(tx, orderId, to, now);
  if (order.status === 'pending_payment' && RELEASES_STOCK.includes(to)) {
    const lines = await tx
      .select({ productId: orderLines.productId, count: orderLines.count, box: orderLines.box })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    for (const l of lines.flatMap(boxStockReturns))
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${l.count}`, updatedAt: sql`now()` })
        .where(eq(products.id, l.productId));
    if (order.promoCode) await releasePromoUse(tx, order.promoCode);
  }
  return updated;
}

/**
 * Expires every unpaid order whose time is up, giving its stock back. Runs periodically (server.ts)
 * and lazily before orders are created or shown. Each order in its own transaction; an order paid
 * meanwhile is left alone.
 * @returns how many orders expired.
 */
export async function expireDueOrders(shop: Pick<Shop, 'db'>, now = new Date()): Promise<number> {
  const due = await shop.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending_payment'), lte(orders.expiresAt, now)))
    .limit(200);
  let n = 0;
  for (const { id } of due) {
    const done = await shop.db.transaction(async (tx) => {
      const [o] = await tx.select({ status: orders.status, expiresAt: orders.expiresAt }).from(orders).where(eq(orders.id, id)).for('update');
      if (!o || o.status !== 'pending_payment' || !o.expiresAt || o.expiresAt > now) return false;
      await transitionOrder(tx, id, 'expired', 'system', 'payment not received in time', now);
      return true;
    });
    if (done) n++;
  }
  return n;
}

/**
 * Cancels a customer's other unpaid card orders when they start a new one, so retries do not hold
 * stock twice. Bank-transfer orders are left alone (the money may be on its way), and so is a card
 * order whose payment was started less than {@link PAYMENT_ATTEMPT_HOLD_S} ago: it may still pay
 * (the customer may have the provider's page open in another tab); it keeps its units until it
 * is paid, fails or expires.
 */
export async function cancelOpenCardOrders(tx: Db, userId: string, exceptOrderId: string | null, now = new Date()): Promise<void> {
  const heldSince = new Date(now.getTime() - PAYMENT_ATTEMPT_HOLD_S * 1000);
  const inFlight = tx
    .select({ one: sql`1` })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orders.id), gt(paymentAttempts.startedAt, heldSince)));
  const open = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'pending_payment'),
        inArray(orders.paymentMethod, ['sandbox', 'datatrans']),
        eq(orders.paidAmount, 0),
        notExists(inFlight),
      ),
    );
  for (const o of open) if (o.id !== exceptOrderId) await transitionOrder(tx, o.id, 'cancelled', `user:${userId}`, 'replaced by a new checkout');
}

async function withLines(db: Db, rows: OrderRow[]): Promise<OrderWithLines[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(orderLines.name);
  return rows.map((r) => ({ ...r, lines: lines.filter((l) => l.orderId === r.id) }));
}

/** A user's orders with their lines, newest first. */
export async function listOrdersOfUser(shop: Pick<Shop, 'db'>, userId: string): Promise<OrderWithLines[]> {
  await expireDueOrders(shop);
  const rows = await shop.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
  return withLines(shop.db, rows);
}

/**
 * One order by id or code, for a viewer. Customers see only their own orders: anyone else's is
 * "not found" (its existence is not revealed). Admins see every order.
 * @throws {DomainError} `not_found`.
 */
export async function getOrderFor(shop: Pick<Shop, 'db'>, idOrCode: string, viewer: { userId: string; role: string }): Promise<OrderWithLines> {
  await expireDueOrders(shop);
  const order = await findOrder(shop.db, idOrCode);
  if (!order || (order.userId !== viewer.userId && !isEffectiveAdmin(viewer))) throw new DomainError('not_found', 'Order not found', { key: 'orderNotFound' });
  return order;
}

/** An order by id or code, or undefined. */
export async function findOrder(db: Db, idOrCode: string): Promise<OrderWithLines | undefined> {
  const byCode = /^[0-9A-Z]{8}$/.test(idOrCode);
  const [row] = await db
    .select()
    .from(orders)
    .where(byCode ? eq(orders.code, idOrCode) : eq(orders.id, idOrCode))
    .limit(1);
  return row ? (await withLines(db, [row]))[0] : undefined;
}

/** The status history of an order, oldest first. */
export async function orderEventsOf(db: Db, orderId: string): Promise<OrderEventRow[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.createdAt);
}

/**
 * An admin changes an order's state (through {@link transitionOrder}).
 * @throws {DomainError} `not_found`, `conflict`.
 */
export async function adminTransition(shop: Pick<Shop, 'db'>, orderId: string, to: OrderStatus, adminId: string, note?: string): Promise<OrderRow> {
  return shop.db.transaction(async (tx) => {
    const [before] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).limit(1);
    const row = await transitionOrder(tx, orderId, to, `admin:${adminId}`, note);
    await recordAudit(tx, {
      actor: `admin:${adminId}`,
      action: 'order.status',
      entity: 'order',
      entityId: orderId,
      before: { status: before?.status ?? null },
      after: { status: to, ...(note ? { note } : {}) },
    });
    return row;
  });
}
