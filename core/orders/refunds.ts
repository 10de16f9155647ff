/**
 * Refunds of an order as recorded: what was refunded, the units returned per
 * line, and the credit note PDF of a refund. Making a refund (money back through the provider) is
 * core/payments/refunds.ts.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import { getSettings } from '../config/index.ts';
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { creditNotePdf } from '../invoices/index.ts';
import { refunds } from '../db/index.ts';
import { findOrder } from './queries.ts';

export type RefundRow = typeof refunds.$inferSelect;

/**
 * Per order line: units already returned by earlier refunds, succeeded or pending (a pending
 * Datatrans refund may have been paid out); failed ones do not count.
 */
export async function returnedUnits(db: Db, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ lines: refunds.lines })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
  const m = new Map<string, number>();
  for (const r of rows) for (const l of r.lines) m.set(l.lineId, (m.get(l.lineId) ?? 0) + l.count);
  return m;
}

/**
 * Refunds of an order, oldest first: the succeeded ones (with a credit note), or with
 * `all: true` also pending and failed Datatrans refunds (the admin order page).
 */
export async function refundsOfOrder(db: Db, orderId: string, opts: { all?: boolean } = {}): Promise<RefundRow[]> {
  const where = opts.all ? eq(refunds.orderId, orderId) : and(eq(refunds.orderId, orderId), eq(refunds.status, 'succeeded'));
  return db.select().from(refunds).where(where).orderBy(asc(refunds.createdAt));
}

/**
 * The credit note PDF of one refund, by credit-note number.
 * @throws {DomainError} `not_found`.
 */
export async function creditNoteFor(db: Db, creditNoteNumber: string): Promise<{ pdf: Buffer; refund: RefundRow }> {
  const [refund] = await db.select().from(refunds).where(eq(refunds.creditNoteNumber, creditNoteNumber)).limit(1);
  const order = refund ? await findOrder(db, refund.orderId) : undefined;
  if (!refund || refund.status !== 'succeeded' || !order) throw new DomainError('not_found', 'Credit note not found', { key: 'orderNotFound' });
  return { pdf: await creditNotePdf(order, refund, await getSettings(db)), refund };
}
