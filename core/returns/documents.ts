/** An order's documents (invoice, credit notes) and parcel tracking, as its customer sees them. */
import type { OrderRow, Db } from '../db/index.ts';
import { trackingUrl } from '../orders/browser.ts';
import { refundsOfOrder } from '../orders/index.ts';

/** A downloadable document of an order: its invoice or a credit note, with the URL answering the PDF. */
export type OrderDocument = { kind: 'invoice' | 'credit_note'; number: string; url: string; createdAt: Date };

/**
 * The order's documents for its customer: the invoice once paid (also after a refund), and the
 * credit note of every refund. URLs are the shop's own (`/client/invoice`, `/client/creditnote`),
 * answered to the order's customer or an admin only.
 */
export async function orderDocuments(db: Db, order: OrderRow): Promise<OrderDocument[]> {
  const docs: OrderDocument[] = [];
  if (order.invoiceNumber && (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded'))
    docs.push({ kind: 'invoice', number: order.invoiceNumber, url: `/client/invoice?id=${order.code}`, createdAt: order.paidAt ?? order.createdAt });
  for (const r of await refundsOfOrder(db, order.id))
    docs.push({
      kind: 'credit_note',
      number: r.creditNoteNumber!,
      url: `/client/creditnote?no=${encodeURIComponent(r.creditNoteNumber!)}`,
      createdAt: r.createdAt,
    });
  return docs;
}

/** An order's parcel tracking: carrier, number and the carrier's tracking page, or null. */
export function orderTracking(order: Pick<OrderRow, 'carrier' | 'trackingNumber'>): { carrier: string; number: string; url: string | null } | null {
  if (!order.carrier || !order.trackingNumber) return null;
  return { carrier: order.carrier, number: order.trackingNumber, url: trackingUrl(order.carrier, order.trackingNumber) };
}
