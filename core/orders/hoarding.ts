/**
 * Limits on stock held by unpaid orders. A bank-transfer order keeps its
 * stock until it is paid or expires, so without limits one customer could empty the shelves for
 * weeks. Rules, checked inside the order transaction before stock is taken:
 * - at most {@link MAX_OPEN_UNPAID_ORDERS} unpaid orders per customer at a time;
 * - an unpaid bank-transfer order may reserve at most half of a product's stock (at least
 *   {@link MIN_RESERVABLE_UNITS} units), so others can still buy it;
 * - bank-transfer reservations last {@link MAX_BANK_TRANSFER_DAYS} days at most, whatever the
 *   setting says (the default setting is 5 days).
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { products, orders } from '../db/index.ts';

/** Unpaid orders one customer may have open at once. */
export const MAX_OPEN_UNPAID_ORDERS = 3;
/** Share of a product's stock one unpaid bank-transfer order may reserve. */
const MAX_RESERVED_SHARE = 0.5;
/** Units an unpaid order may always reserve (small stocks). */
const MIN_RESERVABLE_UNITS = 2;
/** Longest bank-transfer reservation, days. */
export const MAX_BANK_TRANSFER_DAYS = 7;

/**
 * Refuses an order that would hold too much stock unpaid.
 * @param lines the cart lines (product id, name, count).
 * @param bankTransfer whether the order waits for a bank transfer (share rule applies).
 * @throws {DomainError} `conflict` (409) `tooManyUnpaidOrders` or `reservationShare` (field `count`).
 */
export async function assertMayReserve(
  tx: Db,
  userId: string,
  lines: { product: { id: string; name: string }; count: number }[],
  bankTransfer: boolean,
): Promise<void> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending_payment')));
  if (n >= MAX_OPEN_UNPAID_ORDERS)
    throw new DomainError('conflict', `You have ${n} unpaid orders. Please pay or cancel one before ordering again.`, {
      key: 'tooManyUnpaidOrders',
      params: { n },
    });
  if (!bankTransfer || lines.length === 0) return;
  const stock = await tx
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((l) => l.product.id),
      ),
    );
  for (const line of lines) {
    const s = stock.find((p) => p.id === line.product.id)?.stock ?? 0;
    const max = Math.max(MIN_RESERVABLE_UNITS, Math.floor(s * MAX_RESERVED_SHARE));
    if (line.count > max)
      throw new DomainError('conflict', `${line.product.name}: at most ${max} can be reserved for payment by bank transfer.`, {
        key: 'reservationShare',
        params: { name: line.product.name, max },
        fields: { count: { key: 'atMost', params: { max } } },
      });
  }
}
