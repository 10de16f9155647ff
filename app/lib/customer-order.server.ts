/**
 * The data of the customer's order page (/client/historydetails): the order, its status history,
 * tracking, documents, returns so far and whether a return may be asked now, shaped for the page
 * (money in Rappen, dates as ISO strings).
 */
import type { Db, ReturnRow } from '../../core/db/index.ts';
import { getSettings } from '../../core/config/index.ts';
import type { ShopSettings } from '../../core/config/index.ts';
import { CARRIERS } from '../../core/orders/browser.ts';
import { bankTransferDetails, refundsOfOrder, orderEventsOf, type OrderWithLines } from '../../core/orders/index.ts';
import { displayIban } from '../../core/returns/browser.ts';
import { orderDocuments, orderTracking, returnEligibility, returnsOfOrder } from '../../core/returns/index.ts';
import { translate } from '../../core/i18n/index.ts';
import { orderView } from './checkout.server.ts';
import { boxModelName } from '../../core/custom-box/index.ts';

/**
 * The order with each custom box line named in `lang`: the shop's default model names ("Cedar box
 * for 10") in that language, an owner's own name as written (core/custom-box boxModelName).
 */
function withBoxModelNames(order: OrderWithLines, lang: string): OrderWithLines {
  return { ...order, lines: order.lines.map((l) => (l.box ? { ...l, name: boxModelName({ name: l.name, capacity: l.box.capacity }, lang) } : l)) };
}

/**
 * A return request as both order pages show it: the photos as links to /client/returnphoto and
 * the IBAN grouped in fours (core/returns/iban.ts).
 */
export function returnView(r: ReturnRow) {
  return {
    id: r.id,
    status: r.status,
    reason: r.reason,
    message: r.message,
    lines: r.lines,
    photos: r.photos.map((p) => `/client/returnphoto?r=${r.id}&p=${p.id}`),
    iban: r.iban ? displayIban(r.iban) : null,
  };
}

/**
 * The payment data of an unpaid bank-transfer (QR-bill) order, as text for the page (beneficiary,
 * IBAN, reference, amount still open in Rappen, last day as an ISO string), or null for any other
 * order: what the customer copies into a banking app on the phone that shows the page.
 */
export function bankTransferView(order: OrderWithLines, settings: ShopSettings) {
  if (order.paymentMethod !== 'qr-bill' || order.status !== 'pending_payment' || order.paidAmount >= order.total) return null;
  const d = bankTransferDetails(order, settings);
  return { ...d, dueAt: d.dueAt?.toISOString() ?? null };
}

/** What {@link bankTransferView} gives for an unpaid bank-transfer order. */
export type BankTransferView = NonNullable<ReturnType<typeof bankTransferView>>;

/**
 * Everything the customer's order page shows of `order` (already checked to be the viewer's).
 * @param lang the page language (the title, the box models' default names).
 * @param doneParam the `done` query parameter; anything but `cancelled`, `returned` or `iban` is dropped.
 */
export async function customerOrderPage(db: Db, stored: OrderWithLines, lang: string, doneParam: string | null) {
  // the page, its return form and its returns name a custom box in the page's language
  const order = withBoxModelNames(stored, lang);
  const names = new Map(order.lines.map((l) => [l.id, l.name]));
  const [events, settings, returns, documents, eligibility, refunds] = await Promise.all([
    orderEventsOf(db, order.id),
    getSettings(db),
    returnsOfOrder(db, order.id),
    orderDocuments(db, order),
    returnEligibility(db, order),
    refundsOfOrder(db, order.id),
  ]);
  const tracking = orderTracking(order);
  return {
    title: translate(lang, 'checkout:details.title', { code: order.code }),
    order: orderView(order),
    events: events.map((e) => ({ id: e.id, status: e.toStatus, at: e.createdAt.toISOString() })),
    vatRate: settings.vatRateBasisPoints / 100,
    tracking: tracking && { ...tracking, carrierName: CARRIERS[tracking.carrier as keyof typeof CARRIERS]?.name ?? tracking.carrier },
    documents: documents.map((d) => ({ kind: d.kind, number: d.number, url: d.url })),
    canCancel: order.status === 'pending_payment' && order.paidAmount === 0 && order.paymentStatus === 'unpaid',
    bankTransfer: order.paymentMethod === 'qr-bill',
    transfer: bankTransferView(order, settings),
    returns: returns.map((r) => ({
      ...returnView({ ...r, lines: r.lines.map((l) => ({ ...l, name: names.get(l.lineId) ?? l.name })) }),
      note: r.status === 'refused' ? r.decisionNote : null,
      refunded: refunds.find((x) => x.id === r.refundId)?.amount ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    eligibility: {
      eligible: eligibility.eligible,
      why: eligibility.why,
      deadline: eligibility.deadline?.toISOString() ?? null,
      lines: eligibility.lines,
    },
    done: doneParam === 'cancelled' || doneParam === 'returned' || doneParam === 'iban' ? doneParam : null,
  };
}

/** The customer's order page data (what {@link customerOrderPage} returns). */
export type CustomerOrderPage = Awaited<ReturnType<typeof customerOrderPage>>;
