/** Payments needing the admin, with the order code of each (admin order list and dashboard). */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { orders } from '../db/index.ts';
import { paymentsNeedingAttention, type PaymentRow } from './service.ts';

/** {@link paymentsNeedingAttention} with each payment's order code (null when unmatched). */
export async function paymentsNeedingAttentionWithCodes(db: Db): Promise<(PaymentRow & { orderCode: string | null })[]> {
  const rows = await paymentsNeedingAttention(db);
  const ids = [...new Set(rows.filter((p) => p.orderId).map((p) => p.orderId!))];
  const codes = ids.length ? await db.select({ id: orders.id, code: orders.code }).from(orders).where(inArray(orders.id, ids)) : [];
  return rows.map((p) => ({ ...p, orderCode: codes.find((c) => c.id === p.orderId)?.code ?? null }));
}
