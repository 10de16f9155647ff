/**
 * The data of the admin's order page (/admin/order/details): the order with its customer, payments,
 * refunds, returns and status history, shaped for the page (money in Rappen, dates as ISO strings).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../core/db/index.ts';
import { getSettings } from '../../core/config/index.ts';
import { adminOrderDetails } from '../../core/orders/index.ts';
import { trackingUrl } from '../../core/orders/browser.ts';
import { returnsOfOrder, suggestedRefund } from '../../core/returns/index.ts';
import { acceptsManualPayment, MANUAL_NOTE_MAX, MANUAL_PAYMENT_METHODS, manualPaymentToday } from '../../core/payments/index.ts';
import { orderView } from './checkout.server.ts';
import { returnView } from './customer-order.server.ts';

/** The confirmations the page shows after a redirect (`?done=`). */
const DONE = ['shipped', 'refunded', 'returnAccepted', 'returnRefused', 'refundResolved', 'paymentRecorded', 'paymentPaid', 'paymentDuplicate'] as const;
type AdminOrderDone = (typeof DONE)[number];

/**
 * Everything the admin's order page shows, or `undefined` when no order has this id or code.
 * @param idOrCode the order's id or its code (e.g. `CH-1234-ABCD`).
 * @param doneParam the `done` query parameter; anything but a known confirmation is dropped.
 */
export async function adminOrderPage(db: Db, idOrCode: string, doneParam: string | null) {
  const d = await adminOrderDetails(db, idOrCode);
  if (!d) return undefined;
  const settings = await getSettings(db);
  const o = d.order;
  const returns = await returnsOfOrder(db, o.id);
  return {
    returns: returns.map((r) => ({
      ...returnView(r),
      note: r.decisionNote,
      restock: r.restock,
      creditNote: d.refunds.find((x) => x.id === r.refundId)?.creditNoteNumber ?? null,
      suggested: r.status === 'requested' ? suggestedRefund(o, r.lines, d.returned) : 0,
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
    })),
    order: {
      ...orderView(o),
      refundedAmount: o.refundedAmount,
      carrier: o.carrier,
      trackingNumber: o.trackingNumber,
      shippedAt: o.shippedAt?.toISOString() ?? null,
      locale: o.locale,
    },
    trackingUrl: trackingUrl(o.carrier, o.trackingNumber),
    customer: d.customer,
    events: d.events.map((e) => ({ id: e.id, from: e.fromStatus, to: e.toStatus, actor: e.actor, note: e.note, at: e.createdAt.toISOString() })),
    payments: d.payments.map((p) => ({
      id: p.id,
      provider: p.provider,
      providerRef: p.providerRef,
      amount: p.amount,
      status: p.status,
      at: p.createdAt.toISOString(),
      manual: p.provider === 'manual' ? manualPaymentView(p.raw) : null,
    })),
    // a new one-time key each time the form is shown: the same form sent twice records one payment
    manualPayment: acceptsManualPayment(o)
      ? {
          key: randomUUID(),
          today: manualPaymentToday(settings.timeZone),
          open: o.total - o.paidAmount,
          methods: [...MANUAL_PAYMENT_METHODS],
          noteMax: MANUAL_NOTE_MAX,
        }
      : null,
    refunds: d.refunds.map((r) => ({
      id: r.id,
      amount: r.amount,
      reason: r.reason,
      restock: r.restock,
      lines: r.lines,
      provider: r.provider,
      creditNoteNumber: r.creditNoteNumber,
      status: r.status,
      key: r.idempotencyKey,
      message: r.providerMessage,
      at: r.createdAt.toISOString(),
    })),
    returned: Object.fromEntries(d.returned),
    canShip: o.paidAmount >= o.total && (o.status === 'paid' || o.status === 'processing'),
    // a pending Datatrans refund may have been paid out: it is not offered again
    refundable: o.paidAmount - o.refundedAmount - d.refunds.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.amount, 0),
    vatRate: settings.vatRateBasisPoints / 100,
    done: (DONE as readonly string[]).includes(doneParam ?? '') ? (doneParam as AdminOrderDone) : null,
  };
}

/** How a payment recorded by hand was made (kept in its `raw` column by core/payments/manual.ts). */
function manualPaymentView(raw: unknown): { method: string; day: string; note: string } | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  return { method: String(r.method ?? 'other'), day: String(r.day ?? ''), note: String(r.note ?? '') };
}

/** The admin's order page data (what {@link adminOrderPage} returns for a found order). */
export type AdminOrderPage = NonNullable<Awaited<ReturnType<typeof adminOrderPage>>>;
