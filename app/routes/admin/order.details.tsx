/**
 * Admin: one order (/admin/order/details?id=): customer, lines, money summary, delivery address,
 * payments and refunds, the status history; fulfilment (packing list, ship with carrier and
 * tracking number, which mails the customer) and refunds (full or partial, returned units back
 * into stock on request, credit note PDF); the customer's returns (reason, message, photos, IBAN),
 * accepted (refund, credit note, restock if ticked) or refused with a reason. A Datatrans refund
 * whose outcome is unknown shows as pending, to check with Datatrans, then retry (same reference)
 * or resolve by hand. Forms work without JavaScript.
 */
import { data, Link, redirect, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Route } from './+types/order.details';
import { requireAdmin } from '../../lib/auth.server.ts';
import { DomainError } from '../../../core/errors.ts';
import { shipOrder } from '../../../core/orders/index.ts';
import { recordManualPayment, refundOrder, resolvePendingRefund, retryRefund, type ManualPaymentMethod } from '../../../core/payments/index.ts';
import { parseChfInput } from '../../../core/pricing/browser.ts';
import { OrderSummary } from '../../components/OrderSummary.tsx';
import { adminOrderPage } from '../../lib/admin-order.server.ts';
import { pageAction, readForm } from '../../lib/page-action.server.ts';
import { MAX_ID_LENGTH } from '../../../core/validation.ts';
import { useFormat } from '../../lib/format.ts';
import { adminMeta } from '../../lib/admin-meta.ts';
import { acceptReturn, refuseReturn } from '../../../core/returns/index.ts';
import { AdminOrderLines } from '../../components/admin/order/AdminOrderLines.tsx';
import { ShipPanel } from '../../components/admin/order/ShipPanel.tsx';
import { RefundPanel } from '../../components/admin/order/RefundPanel.tsx';
import { AdminReturns } from '../../components/admin/order/AdminReturns.tsx';
import { AdminPaymentBox } from '../../components/admin/order/AdminPaymentBox.tsx';
import { ManualPaymentPanel } from '../../components/admin/order/ManualPaymentPanel.tsx';
import '../../styles/returns.css';
import { describeActors, type ActorView } from '../../../core/audit/index.ts';
import { BackLink } from '../../components/BackLink.tsx';

/** Who changed the order's status: a person's name with "customer" or "admin", or "system". */
function ActorName({ actor, fallback }: { actor: ActorView | undefined; fallback: string }) {
  if (!actor) return <code>{fallback}</code>;
  return (
    <span className="event-actor" title={actor.email ?? undefined}>
      {actor.name}
      {actor.role ? ` (${actor.role})` : ''}
    </span>
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const id = (params.get('id') ?? '').slice(0, MAX_ID_LENGTH);
  if (!id) throw redirect('/admin/order/list');
  const page = await adminOrderPage(context.shop.db, id, params.get('done'));
  if (!page) throw data('Not found', { status: 404 });
  // the history's "who" by name, with "customer", "admin" or "system" (one query for all)
  const actors = await describeActors(
    context.shop.db,
    page.events.map((e) => e.actor),
    context.lang,
  );
  return { ...page, actors };
}

export const meta: Route.MetaFunction = ({ data, matches }) => adminMeta(matches, 'titles.order', { code: data?.order.code ?? '' });

type ActionResult = {
  intent: 'ship' | 'refund' | 'return-accept' | 'return-refuse' | 'refund-retry' | 'refund-resolve' | 'payment';
  error: string;
  fields: Record<string, string>;
  returnId?: string;
};

/** Text of a form field; a missing field reads as empty (core validates what it gets). */
const text = z.string().default('');
/** An id from the form, cut to {@link MAX_ID_LENGTH} (a longer one finds nothing). */
const idText = text.transform((s) => s.slice(0, MAX_ID_LENGTH));
const INTENTS = ['ship', 'refund', 'return-accept', 'return-refuse', 'refund-retry', 'refund-resolve', 'payment'] as const;
/** What every form of the page posts: the order, which form (an unknown one ships) and the return it concerns. */
const Head = z.object({ id: idText, intent: z.enum(INTENTS).catch('ship'), returnId: idText });
/** Length cuts where core takes any text (core/payments manual.ts refuses a note over its own limit). */
const cut = (max: number) => text.transform((s) => s.slice(0, max));
const PaymentForm = z.object({ amount: text, day: cut(10), method: text, note: text.transform((s) => s.trim()), paymentKey: cut(100) });
const ReturnAcceptForm = z.object({ amount: text, restock: text, note: cut(500) });
const RefundTaskForm = z.object({ refundId: idText, outcome: text });
/** The refusal's reason, uncut: core (refuseReturn) refuses one over its limit with its own message. */
const ReturnRefuseForm = z.object({ note: text });
const ShipForm = z.object({ carrier: text, trackingNumber: cut(60) });
/** The refund form: amount, reason, restock and one `line-<line id>` count per order line. */
const RefundForm = z.object({ amount: text, restock: text, reason: cut(500) }).catchall(z.string());

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await request.formData();
  let intent: ActionResult['intent'] = 'ship';
  let returnId = '';
  const work = async () => {
    const head = readForm(Head, form);
    ({ intent, returnId } = head);
    const id = head.id;
    if (intent === 'payment') {
      const f = readForm(PaymentForm, form);
      const amount = parseChfInput(f.amount);
      if (amount === null)
        throw new DomainError('invalid', 'Enter an amount in CHF', {
          key: 'manualPaymentInvalid',
          fields: { amount: { key: f.amount.trim() ? 'adminshop:errors.manualPaymentAmountFormat' : 'adminshop:errors.manualPaymentAmount' } },
        });
      const outcome = await recordManualPayment(
        context.shop,
        { orderId: id, amount, day: f.day, method: f.method as ManualPaymentMethod, note: f.note, key: f.paymentKey },
        admin.userId,
      );
      const done = outcome.result === 'duplicate' ? 'paymentDuplicate' : outcome.orderPaid ? 'paymentPaid' : 'paymentRecorded';
      return redirect(`/admin/order/details?id=${id}&done=${done}`);
    }
    if (intent === 'return-accept') {
      const f = readForm(ReturnAcceptForm, form);
      const amount = parseChfInput(f.amount);
      if (amount === null || amount <= 0) return data<ActionResult>({ intent, returnId, error: '', fields: { amount: 'amount' } }, { status: 400 });
      await acceptReturn(context.shop, returnId, { amount, restock: f.restock === 'on', note: f.note }, admin.userId);
      return redirect(`/admin/order/details?id=${id}&done=returnAccepted#returns`);
    }
    if (intent === 'refund-retry' || intent === 'refund-resolve') {
      const f = readForm(RefundTaskForm, form);
      if (intent === 'refund-retry') await retryRefund(context.shop, f.refundId, admin.userId);
      else await resolvePendingRefund(context.shop, f.refundId, f.outcome === 'refunded' ? 'refunded' : 'not_refunded', admin.userId);
      return redirect(`/admin/order/details?id=${id}&done=${intent === 'refund-retry' ? 'refunded' : 'refundResolved'}#refund`);
    }
    if (intent === 'return-refuse') {
      await refuseReturn(context.shop, returnId, readForm(ReturnRefuseForm, form).note, admin.userId);
      return redirect(`/admin/order/details?id=${id}&done=returnRefused#returns`);
    }
    if (intent === 'ship') {
      const f = readForm(ShipForm, form);
      await shipOrder(context.shop, id, { carrier: f.carrier, trackingNumber: f.trackingNumber }, admin.userId);
      return redirect(`/admin/order/details?id=${id}&done=shipped`);
    }
    const f = readForm(RefundForm, form);
    const amount = parseChfInput(f.amount);
    if (amount === null || amount <= 0) return data<ActionResult>({ intent, error: '', fields: { amount: 'amount' } }, { status: 400 });
    const lines: { lineId: string; count: number }[] = [];
    for (const [k, v] of Object.entries(f)) {
      if (!k.startsWith('line-')) continue;
      const n = Number(v || '0');
      if (!Number.isInteger(n) || n < 0) return data<ActionResult>({ intent, error: '', fields: { [k]: 'count' } }, { status: 400 });
      if (n > 0) lines.push({ lineId: k.slice(5), count: n });
    }
    await refundOrder(context.shop, id, { amount, lines, restock: f.restock === 'on', reason: f.reason }, admin.userId);
    return redirect(`/admin/order/details?id=${id}&done=refunded`);
  };
  return pageAction(context, work, { namespace: 'adminshop', form, extra: () => ({ intent, returnId }) });
}

export default function AdminOrderDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout');
  const { t: ta } = useTranslation('adminshop');
  const { dateTime, price } = useFormat();
  const nav = useNavigation();
  const busy = nav.state === 'submitting';
  const { order: o, customer, events, payments, refunds, returned } = loaderData;
  const done = actionData ? null : loaderData.done;
  const shipErr = actionData?.intent === 'ship' ? actionData : null;
  const refundErr = actionData?.intent === 'refund' || actionData?.intent === 'refund-retry' || actionData?.intent === 'refund-resolve' ? actionData : null;
  const paymentErr = actionData?.intent === 'payment' ? actionData : null;
  const returnErr = (returnId: string) => (actionData && 'returnId' in actionData && actionData.returnId === returnId ? actionData : null);
  return (
    <div>
      <BackLink to="/admin/order/list">{ta('orders.title')}</BackLink>
      <h1>{t('details.title', { code: o.code })}</h1>
      <p className="admin-actions">
        <span className={`status-badge status-${o.status}`} data-testid="admin-order-status">
          {t(`status.${o.status}`)}
        </span>
        <Link to={`/admin/order/edit?id=${o.id}`} className="btn btn-small btn-ghost">
          {t('admin.changeStatus')}
        </Link>
        <Link to={`/admin/order/packing?id=${o.id}`} className="btn btn-small btn-ghost">
          {ta('fulfil.packingList')}
        </Link>
      </p>
      {done && (
        <p className="form-success" role="status">
          {done === 'paymentRecorded'
            ? ta('manualPayment.done', { paid: price(o.paidAmount), total: price(o.total) })
            : done === 'paymentPaid'
              ? ta('manualPayment.donePaid')
              : done === 'paymentDuplicate'
                ? ta('manualPayment.duplicate')
                : done === 'shipped'
                  ? ta('fulfil.shippedDone')
                  : done === 'returnAccepted'
                    ? ta('returns.acceptedDone')
                    : done === 'returnRefused'
                      ? ta('returns.refusedDone')
                      : done === 'refundResolved'
                        ? ta('refundState.resolved')
                        : ta('refund.done')}
        </p>
      )}
      <div className="cart-layout">
        <div>
          <h2 className="checkout-h2">{ta('orders.customer')}</h2>
          <p>{customer ? `${customer.firstName} ${customer.lastName} · ${customer.email}${customer.phone ? ` · ${customer.phone}` : ''}` : '—'}</p>
          <h2 className="checkout-h2">{t('details.items')}</h2>
          <AdminOrderLines lines={o.lines} returned={returned} />
          <h2 className="checkout-h2 admin-gap">{t('details.deliveryTo')}</h2>
          <address style={{ fontStyle: 'normal' }}>
            {o.address.firstName} {o.address.lastName}, {o.address.street}, {o.address.postalCode} {o.address.city}, {o.address.country}
          </address>
          {loaderData.manualPayment && <ManualPaymentPanel order={o} form={loaderData.manualPayment} problem={paymentErr} busy={busy} />}
          <ShipPanel order={o} trackingUrl={loaderData.trackingUrl} canShip={loaderData.canShip} problem={shipErr} busy={busy} />
          <AdminReturns returns={loaderData.returns} orderId={o.id} problemOf={returnErr} busy={busy} />
          <RefundPanel order={o} refunds={refunds} returned={returned} refundable={loaderData.refundable} problem={refundErr} busy={busy} />
          <h2 className="checkout-h2 admin-gap">{t('details.timeline')}</h2>
          <ul className="timeline" data-testid="admin-events">
            {events.map((e) => (
              <li key={e.id}>
                {dateTime(e.at)} —{' '}
                {e.from ? (
                  <>
                    {t(`status.${e.from}`)} <span className="dir-arrow">→</span>{' '}
                  </>
                ) : (
                  ''
                )}
                {t(`status.${e.to}`)} · <ActorName actor={loaderData.actors[e.actor]} fallback={e.actor} />
                {e.note ? ` · ${e.note}` : ''}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <OrderSummary s={o} vatRate={loaderData.vatRate} />
          <AdminPaymentBox order={o} payments={payments} />
        </div>
      </div>
    </div>
  );
}
