/** The states of an order (spec §4), in their usual order; no dependencies, so pages may import it. */
export const ORDER_STATUSES = ['pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'expired', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
