/**
 * The refusals of a checkout before any stock is taken (`createOrder`, checkout.ts): the
 * shop takes orders with the chosen method, the buyer is an adult, the address is in CH/LI, the
 * cart is not empty and its lines are in stock. Each throws the {@link DomainError} the customer
 * is shown.
 */
import { eq } from 'drizzle-orm';
import { users, type PostalAddress } from '../db/index.ts';
import type { Db } from '../db/index.ts';
import { getCart, type Cart } from '../cart/index.ts';
import type { Env } from '../config/index.ts';
import type { ShopSettings } from '../config/browser.ts';
import { DomainError } from '../errors.ts';
import { isAdult, MINIMUM_AGE } from '../accounts/browser.ts';
import { checkAddress } from './address.ts';
import { availablePaymentMethods, type PaymentMethod } from './payment-methods.ts';

/** A customer as read for an order: age, profile address, locale, e-mail and role (for the bonus). */
export type UserRow = typeof users.$inferSelect;

/** The 409 for a line that asks for more than `stock` units of `name`: "out of stock" at 0, else how many are left. */
export function stockConflict(name: string, stock: number): DomainError {
  return stock <= 0
    ? new DomainError('conflict', `${name} is out of stock`, { key: 'outOfStock', params: { name } })
    : new DomainError('conflict', `Only ${stock} of ${name} in stock`, { key: 'notEnoughStock', params: { name, stock } });
}

/** The shop takes orders and offers `requested` ({@link availablePaymentMethods}); else 403/400. */
export function offeredPaymentMethod(env: Env, settings: ShopSettings, requested: string): PaymentMethod {
  if (settings.shop_closed) throw new DomainError('forbidden', 'Store temporarily closed', { key: 'shopClosed' });
  const method = requested as PaymentMethod;
  if (!availablePaymentMethods(env, settings).includes(method))
    throw new DomainError('invalid', 'This payment method is not available', {
      key: 'paymentMethodUnavailable',
      fields: { paymentMethod: { key: 'paymentMethodUnavailable' } },
    });
  return method;
}

/** Tobacco is sold to adults only: the buyer must exist (401) and be {@link MINIMUM_AGE} today in the shop's zone (403). */
export async function adultCustomer(db: Db, userId: string, now: Date, timeZone: string): Promise<UserRow> {
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
export function deliveryAddress(user: UserRow, given: Partial<PostalAddress> | undefined, settings: ShopSettings): PostalAddress {
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
export async function nonEmptyCart(db: Db, userId: string): Promise<Cart> {
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
export function refuseUnavailable(cart: Cart, known?: ReadonlyMap<string, number>): void {
  for (const line of cart.lines) {
    if (line.box) continue;
    const stock = known ? known.get(line.product.id) : line.product.stock;
    if (stock !== undefined && stock < line.count) throw stockConflict(line.product.name, stock);
  }
}
