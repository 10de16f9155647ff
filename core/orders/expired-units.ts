/**
 * Units of lapsed reservations back before a cart is refused: an unpaid order whose time is up
 * still holds its units until the expiry runs (each minute, and before every checkout), so an add
 * to cart refused for stock first expires what is due and tries once more. A sold-out release
 * then takes back an expired reservation's units for the next buyer at once.
 */
import { DomainError } from '../errors.ts';
import type { Shop } from '../shop-type.ts';
import { expireDueOrders } from './status-changes.ts';

/**
 * Runs `add` (an add to cart); when it is refused for stock (`outOfStock`, `notEnoughStock`) and
 * unpaid orders were due to expire, expires them (their units back) and runs `add` once more.
 * @returns what `add` returns.
 * @throws what `add` throws (the second try's error when there was one).
 */
export async function freeingExpiredUnits<T>(shop: Pick<Shop, 'db'>, add: () => Promise<T>): Promise<T> {
  try {
    return await add();
  } catch (e) {
    if (!(e instanceof DomainError) || (e.opts.key !== 'outOfStock' && e.opts.key !== 'notEnoughStock')) throw e;
    if ((await expireDueOrders(shop)) === 0) throw e;
    return add();
  }
}
