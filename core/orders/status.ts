/**
 * The order state machine, in one place:
 * `pending_payment → paid → processing → shipped → delivered`, plus `cancelled`, `expired` and
 * `refunded`. Pure: the service applies it inside a transaction and records every change.
 */

/** Every state of an order. */
import type { OrderStatus } from '../db/browser.ts';
export { ORDER_STATUSES, type OrderStatus } from '../db/browser.ts';

/** Allowed next states of each state. */
export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ['paid', 'cancelled', 'expired'],
  paid: ['processing', 'refunded'],
  processing: ['shipped', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
  expired: [],
  refunded: [],
};

/** States an order reaches only once its full amount has been received. */
const NEEDS_FULL_PAYMENT: readonly OrderStatus[] = ['paid', 'processing', 'shipped', 'delivered'];

/** States from which leaving gives the stock back (the goods never left). */
export const RELEASES_STOCK: readonly OrderStatus[] = ['cancelled', 'expired'];

/**
 * Why an order may not go from `from` to `to`, or null when it may.
 * @param paidAmount Rappen received; @param total Rappen due.
 */
export function transitionRefusal(from: OrderStatus, to: OrderStatus, paidAmount: number, total: number): string | null {
  if (!TRANSITIONS[from].includes(to)) return `An order cannot go from ${from} to ${to}`;
  if (NEEDS_FULL_PAYMENT.includes(to) && paidAmount < total) return `The order is not fully paid (${paidAmount} of ${total} Rappen received)`;
  return null;
}
