/**
 * Admin: one order (/admin/order/details?id=): customer, lines, money summary, delivery address,
 * payments and refunds, the status history; fulfilment (packing list, ship with carrier and
 * tracking number, which mails the customer) and refunds (full or partial, returned units back
 * into stock on request, credit note PDF); the customer's returns (reason, message, photos, IBAN),
 * accepted (refund, credit note, restock if ticked) or refused with a reason. A Datatrans refund
 * whose outcome is unknown shows as pending, to check with Datatrans, then retry (same reference)
 * or resolve by hand. Forms work without JavaScript.
 */
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/order.details';
import { requireAdmin } from '../../lib/auth.server.ts';
import { getSettings } from '../../../core/config/index.ts';
import { adminOrderDetails, shipOrder } from '../../../core/orders/index.ts';
import { CARRIERS, DEFAULT_CARRIER, trackingUrl } from '../../../core/orders/browser.ts';
import { refundOrder, resolvePendingRefund, retryRefund } from '../../../core/payments/index.ts';
import { parseChfInput, rappenToDecimalString } from '../../../core/pricing/browser.ts';
import { OrderSummary, PaymentBox } from '../../components/OrderSummary.tsx';
import { BoxContents } from '../../components/custombox/BoxContents.tsx';
import { orderView } from '../../lib/checkout.server.ts';
import { pageAction } from '../../lib/page-action.server.ts';
import { useFormat } from '../../lib/format.ts';
import { adminMeta } from '../../lib/admin-meta.ts';
import { packagingLabel } from '../../../core/catalogue/browser.ts';
import { acceptReturn, refuseReturn, returnsOfOrder, suggestedRefund } from '../../../core/returns/index.ts';
import { displayIban } from '../../../core/returns/browser.ts';
import '../../styles/returns.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const id = (params.get('id') ?? '').slice(0, 64);
  if (!id) throw redirect('/admin/order/list');
  const { db } = context.shop;
  const doneParam = params.get('done');
  const d = await adminOrderDetails(db, id);
  if (!d) throw data('Not found', { status: 404 });
  const settings = await getSettings(db);
  const o = d.order;
  const returns = await returnsOfOrder(db, o.id);
  return {
    returns: returns.map((r) => ({
      id: r.id,
      status: r.status,
      reason: r.reason,
      message: r.message,
      lines: r.lines,
      photos: r.photos.map((p) => `/client/returnphoto?r=${r.id}&p=${p.id}`),
      iban: r.iban ? displayIban(r.iban) : null,
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
    })),
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
    done:
      doneParam === 'shipped' || doneParam === 'refunded' || doneParam === 'returnAccepted' || doneParam === 'returnRefused' || doneParam === 'refundResolved'
        ? doneParam
        : null,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => adminMeta(matches, 'titles.order', { code: data?.order.code ?? '' });

type ActionResult = {
  intent: 'ship' | 'refund' | 'return-accept' | 'return-refuse' | 'refund-retry' | 'refund-resolve';
  error: string;
  fields: Record<string, string>;
  returnId?: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await request.formData();
  const id = String(form.get('id') ?? '').slice(0, 64);
  const given = form.get('intent');
  const intent =
    given === 'refund' || given === 'return-accept' || given === 'return-refuse' || given === 'refund-retry' || given === 'refund-resolve' ? given : 'ship';
  const returnId = String(form.get('returnId') ?? '').slice(0, 64);
  const work = async () => {
    if (intent === 'return-accept') {
      const amount = parseChfInput(String(form.get('amount') ?? ''));
      if (amount === null || amount <= 0) return data<ActionResult>({ intent, returnId, error: '', fields: { amount: 'amount' } }, { status: 400 });
      await acceptReturn(
        context.shop,
        returnId,
        { amount, restock: form.get('restock') === 'on', note: String(form.get('note') ?? '').slice(0, 500) },
        admin.userId,
      );
      return redirect(`/admin/order/details?id=${id}&done=returnAccepted#returns`);
    }
    if (intent === 'refund-retry' || intent === 'refund-resolve') {
      const refundId = String(form.get('refundId') ?? '').slice(0, 64);
      if (intent === 'refund-retry') await retryRefund(context.shop, refundId, admin.userId);
      else await resolvePendingRefund(context.shop, refundId, form.get('outcome') === 'refunded' ? 'refunded' : 'not_refunded', admin.userId);
      return redirect(`/admin/order/details?id=${id}&done=${intent === 'refund-retry' ? 'refunded' : 'refundResolved'}#refund`);
    }
    if (intent === 'return-refuse') {
      await refuseReturn(context.shop, returnId, String(form.get('note') ?? '').slice(0, 600), admin.userId);
      return redirect(`/admin/order/details?id=${id}&done=returnRefused#returns`);
    }
    if (intent === 'ship') {
      await shipOrder(
        context.shop,
        id,
        { carrier: String(form.get('carrier') ?? ''), trackingNumber: String(form.get('trackingNumber') ?? '').slice(0, 60) },
        admin.userId,
      );
      return redirect(`/admin/order/details?id=${id}&done=shipped`);
    }
    const amount = parseChfInput(String(form.get('amount') ?? ''));
    if (amount === null || amount <= 0) return data<ActionResult>({ intent, error: '', fields: { amount: 'amount' } }, { status: 400 });
    const lines: { lineId: string; count: number }[] = [];
    for (const [k, v] of form.entries()) {
      if (typeof v !== 'string' || !k.startsWith('line-')) continue;
      const n = Number(v || '0');
      if (!Number.isInteger(n) || n < 0) return data<ActionResult>({ intent, error: '', fields: { [k]: 'count' } }, { status: 400 });
      if (n > 0) lines.push({ lineId: k.slice(5), count: n });
    }
    await refundOrder(
      context.shop,
      id,
      { amount, lines, restock: form.get('restock') === 'on', reason: String(form.get('reason') ?? '').slice(0, 500) },
      admin.userId,
    );
    return redirect(`/admin/order/details?id=${id}&done=refunded`);
  };
  return pageAction(context, work, { namespace: 'adminshop', extra: () => ({ intent, returnId }) });
}

export default function AdminOrderDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout');
  const { t: ta } = useTranslation('adminshop');
  const { price, dateTime } = useFormat();
  const nav = useNavigation();
  const busy = nav.state === 'submitting';
  const { order: o, customer, events, payments, refunds, returned } = loaderData;
  const done = actionData ? null : loaderData.done;
  const shipErr = actionData?.intent === 'ship' ? actionData : null;
  const refundErr = actionData?.intent === 'refund' || actionData?.intent === 'refund-retry' || actionData?.intent === 'refund-resolve' ? actionData : null;
  return (
    <div>
      <p>
        <Link to="/admin/order/list">← {ta('orders.title')}</Link>
      </p>
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
          {done === 'shipped'
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
          <div className="table-scroll">
            <table className="history-table">
              <thead>
                <tr>
                  <th scope="col">{t('details.sku')}</th>
                  <th scope="col">{t('details.item')}</th>
                  <th scope="col" className="num">
                    {t('details.count')}
                  </th>
                  <th scope="col" className="num hide-sm">
                    {t('details.unitPrice')}
                  </th>
                  <th scope="col" className="num">
                    {t('details.lineTotal')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {o.lines.map((l) => (
                  <tr key={l.id}>
                    <td className="nowrap">{l.sku}</td>
                    <td>
                      {l.name} <span className="card-meta">{packagingLabel(l.packaging, t)}</span>
                      {l.box && <BoxContents box={l.box} showSku />}
                      {returned[l.id] ? <span className="card-meta admin-block">{ta('refund.returnedUnits', { n: returned[l.id] })}</span> : null}
                    </td>
                    <td className="num">{l.count}</td>
                    <td className="num hide-sm">{price(l.unitPrice)}</td>
                    <td className="num">{price(l.lineTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2 className="checkout-h2 admin-gap">{t('details.deliveryTo')}</h2>
          <address style={{ fontStyle: 'normal' }}>
            {o.address.firstName} {o.address.lastName}, {o.address.street}, {o.address.postalCode} {o.address.city}, {o.address.country}
          </address>

          <section aria-labelledby="ship-h" className="admin-panel" id="ship">
            <h2 id="ship-h" className="checkout-h2">
              {ta('fulfil.title')}
            </h2>
            {o.trackingNumber ? (
              <p data-testid="tracking">
                {ta('fulfil.shippedWith', {
                  carrier: CARRIERS[o.carrier as keyof typeof CARRIERS]?.name ?? o.carrier,
                  date: o.shippedAt ? dateTime(o.shippedAt) : '',
                })}{' '}
                {loaderData.trackingUrl ? (
                  <a href={loaderData.trackingUrl} rel="noopener noreferrer" target="_blank">
                    {o.trackingNumber}
                  </a>
                ) : (
                  o.trackingNumber
                )}
              </p>
            ) : loaderData.canShip ? (
              <Form method="post" className="admin-inline-form" noValidate={false}>
                <input type="hidden" name="id" value={o.id} />
                <input type="hidden" name="intent" value="ship" />
                <div className="field">
                  <label htmlFor="carrier">{ta('fulfil.carrier')}</label>
                  <select id="carrier" name="carrier" defaultValue={DEFAULT_CARRIER}>
                    {Object.entries(CARRIERS).map(([k, c]) => (
                      <option key={k} value={k}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field field-grow">
                  <label htmlFor="trackingNumber">{ta('fulfil.tracking')}</label>
                  <input
                    id="trackingNumber"
                    name="trackingNumber"
                    required
                    minLength={6}
                    maxLength={60}
                    autoComplete="off"
                    aria-invalid={shipErr?.fields.trackingNumber ? true : undefined}
                    aria-describedby="tracking-hint"
                  />
                  <small id="tracking-hint" className="card-meta">
                    {ta('fulfil.trackingHint')}
                  </small>
                </div>
                <button type="submit" className="btn btn-small" disabled={busy}>
                  {ta('fulfil.ship')}
                </button>
              </Form>
            ) : (
              <p className="card-meta">{o.status === 'pending_payment' ? ta('fulfil.needsPayment') : ta('fulfil.notShippable')}</p>
            )}
            {shipErr?.error && (
              <p className="form-error" role="alert">
                {shipErr.error}
              </p>
            )}
          </section>

          <AdminReturns returns={loaderData.returns} orderId={o.id} actionData={actionData} busy={busy} />

          <section aria-labelledby="refund-h" className="admin-panel" id="refund">
            <h2 id="refund-h" className="checkout-h2">
              {ta('refund.title')}
            </h2>
            {refunds.length > 0 && (
              <ul className="timeline" data-testid="refunds">
                {refunds.map((r) => (
                  <li key={r.id} data-status={r.status} className={r.status === 'pending' ? 'refund-pending' : undefined}>
                    {r.status === 'pending' && (
                      <>
                        <strong className="status-badge status-pending_payment">{ta('refundState.pending')}</strong>{' '}
                      </>
                    )}
                    {r.status === 'failed' && <strong>{ta('refundState.failed')} · </strong>}
                    {dateTime(r.at)} · −{price(r.amount)} · {r.lines.map((l) => `${l.count}× ${l.sku}`).join(', ') || ta('refund.noItems')}
                    {r.restock ? ` · ${ta('refund.restocked')}` : ''}
                    {r.reason ? ` · ${r.reason}` : ''}
                    {r.creditNoteNumber && (
                      <>
                        {' · '}
                        <a href={`/admin/order/creditnote?no=${encodeURIComponent(r.creditNoteNumber)}`}>
                          {ta('refund.creditNote')} {r.creditNoteNumber}
                        </a>
                      </>
                    )}
                    {r.status === 'failed' && r.message ? ` · ${r.message}` : ''}
                    {r.status === 'pending' && (
                      <>
                        <span className="card-meta" style={{ display: 'block' }}>
                          {ta('refundState.pendingHint', { key: r.key ?? '', message: r.message ?? '—' })}
                        </span>
                        <span className="admin-actions">
                          <Form method="post" style={{ display: 'inline' }}>
                            <input type="hidden" name="id" value={o.id} />
                            <input type="hidden" name="refundId" value={r.id} />
                            <button className="btn btn-small" name="intent" value="refund-retry" disabled={busy}>
                              {ta('refundState.retry')}
                            </button>
                          </Form>
                          <Form method="post" style={{ display: 'inline' }}>
                            <input type="hidden" name="id" value={o.id} />
                            <input type="hidden" name="refundId" value={r.id} />
                            <input type="hidden" name="intent" value="refund-resolve" />
                            <button className="btn btn-small btn-ghost" name="outcome" value="refunded" disabled={busy}>
                              {ta('refundState.markRefunded')}
                            </button>{' '}
                            <button className="btn btn-small btn-ghost" name="outcome" value="not_refunded" disabled={busy}>
                              {ta('refundState.markNotRefunded')}
                            </button>
                          </Form>
                        </span>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {loaderData.refundable > 0 ? (
              <Form method="post" className="admin-form admin-refund-form">
                <input type="hidden" name="id" value={o.id} />
                <input type="hidden" name="intent" value="refund" />
                <p className="card-meta">
                  {ta('refund.available', { amount: price(loaderData.refundable) })}
                  {o.paymentMethod === 'datatrans' ? ` ${ta('refund.viaDatatrans')}` : ` ${ta('refund.manual')}`}
                </p>
                <fieldset>
                  <legend>{ta('refund.returnedItems')}</legend>
                  {o.lines.map((l) => {
                    const left = l.count - (returned[l.id] ?? 0);
                    return (
                      <div className="field admin-line-count" key={l.id}>
                        <label htmlFor={`line-${l.id}`}>
                          {l.name} <span className="card-meta">({ta('refund.upTo', { n: left })})</span>
                        </label>
                        <input
                          id={`line-${l.id}`}
                          name={`line-${l.id}`}
                          type="number"
                          min={0}
                          max={left}
                          step={1}
                          defaultValue={0}
                          inputMode="numeric"
                          disabled={left === 0}
                        />
                      </div>
                    );
                  })}
                  <div className="field field-check">
                    <label>
                      <input type="checkbox" name="restock" defaultChecked style={{ width: 'auto', minHeight: 0 }} /> {ta('refund.restock')}
                    </label>
                  </div>
                </fieldset>
                <div className="grid-2">
                  <div className="field">
                    <label htmlFor="amount">{ta('refund.amount')}</label>
                    <input
                      id="amount"
                      name="amount"
                      required
                      inputMode="decimal"
                      defaultValue={rappenToDecimalString(loaderData.refundable)}
                      aria-invalid={refundErr?.fields.amount ? true : undefined}
                      aria-describedby="amount-hint"
                    />
                    <small id="amount-hint" className="card-meta">
                      {ta('refund.amountHint')}
                    </small>
                  </div>
                  <div className="field">
                    <label htmlFor="reason">{ta('refund.reason')}</label>
                    <input id="reason" name="reason" maxLength={500} />
                  </div>
                </div>
                <button type="submit" className="btn btn-small" disabled={busy}>
                  {ta('refund.submit')}
                </button>
              </Form>
            ) : (
              <p className="card-meta">{o.paidAmount > 0 ? ta('refund.allRefunded') : ta('refund.nothingPaid')}</p>
            )}
            {refundErr && (
              <p className="form-error" role="alert">
                {refundErr.error || ta('refund.amountInvalid')}
              </p>
            )}
          </section>

          <h2 className="checkout-h2 admin-gap">{t('details.timeline')}</h2>
          <ul className="timeline" data-testid="admin-events">
            {events.map((e) => (
              <li key={e.id}>
                {dateTime(e.at)} — {e.from ? `${t(`status.${e.from}`)} → ` : ''}
                {t(`status.${e.to}`)} · <code>{e.actor}</code>
                {e.note ? ` · ${e.note}` : ''}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <OrderSummary s={o} vatRate={loaderData.vatRate} />
          <PaymentBox paymentMethod={o.paymentMethod} paymentStatus={o.paymentStatus}>
            <div className="summary-row">
              <span>{t('details.paid')}</span>
              <span>{price(o.paidAmount)}</span>
            </div>
            {o.refundedAmount > 0 && (
              <div className="summary-row">
                <span>{ta('refund.refunded')}</span>
                <span data-testid="refunded-amount">−{price(o.refundedAmount)}</span>
              </div>
            )}
            {o.invoiceNumber && (
              <div className="summary-row">
                <span>{t('admin.invoiceNo')}</span>
                <span>{o.invoiceNumber}</span>
              </div>
            )}
            <ul className="timeline">
              {payments.map((p) => (
                <li key={p.id}>
                  {dateTime(p.at)} · {p.provider} <code>{p.providerRef}</code> · {price(p.amount)} ·{' '}
                  {p.status === 'refund'
                    ? ta('refund.movement')
                    : t(`admin.payment_${p.status === 'overpaid' ? 'overpaid' : p.status === 'unmatched' ? 'unmatched' : 'captured'}`)}
                </li>
              ))}
            </ul>
            {(o.invoiceNumber || (o.paymentMethod === 'qr-bill' && o.status === 'pending_payment')) && (
              <a className="btn btn-ghost btn-small" href={`/client/invoice?id=${o.code}`}>
                {ta('orders.invoicePdf')}
              </a>
            )}
          </PaymentBox>
        </div>
      </div>
    </div>
  );
}

type AdminReturn = Route.ComponentProps['loaderData']['returns'][number];

/** The customer's returns: the request, and accept / refuse forms while it is open. */
function AdminReturns({
  returns,
  orderId,
  actionData,
  busy,
}: {
  returns: AdminReturn[];
  orderId: string;
  actionData: Route.ComponentProps['actionData'];
  busy: boolean;
}) {
  const { t: ta } = useTranslation('adminshop');
  const { t } = useTranslation('checkout');
  const { price, dateTime } = useFormat();
  if (returns.length === 0) return null;
  return (
    <section aria-labelledby="returns-h" className="admin-panel" id="returns">
      <h2 id="returns-h" className="checkout-h2">
        {ta('returns.title')}
      </h2>
      <ul className="return-list" data-testid="admin-returns">
        {returns.map((r) => {
          const err = actionData && 'returnId' in actionData && actionData.returnId === r.id ? actionData : null;
          return (
            <li key={r.id} className="return-item">
              <p>
                <span className={`status-badge return-${r.status}`} data-testid="admin-return-status">
                  {t(`returns.status_${r.status}`)}
                </span>{' '}
                <strong>{t(`returns.reason_${r.reason}`)}</strong> · {dateTime(r.createdAt)}
              </p>
              <p className="card-meta">{r.lines.map((l) => `${l.count}× ${l.sku} ${l.name}`).join(', ')}</p>
              <p className="return-message">{r.message}</p>
              {r.photos.length > 0 && (
                <p className="return-photos">
                  {r.photos.map((src, i) => (
                    <a key={src} href={src} target="_blank" rel="noopener">
                      <img src={src} alt={t('returns.photoAlt', { n: i + 1 })} width={96} height={72} loading="lazy" />
                    </a>
                  ))}
                </p>
              )}
              {r.iban ? (
                <p>
                  {ta('returns.iban')}: <code data-testid="admin-return-iban">{r.iban}</code>
                </p>
              ) : null}
              {r.status !== 'requested' && (
                <p className="card-meta">
                  {r.decidedAt ? dateTime(r.decidedAt) : ''}
                  {r.note ? ` · ${r.note}` : ''}
                  {r.creditNote && (
                    <>
                      {' · '}
                      <a href={`/admin/order/creditnote?no=${encodeURIComponent(r.creditNote)}`}>
                        {ta('refund.creditNote')} {r.creditNote}
                      </a>
                    </>
                  )}
                  {r.restock ? ` · ${ta('refund.restocked')}` : ''}
                </p>
              )}
              {r.status === 'requested' && (
                <div className="admin-return-forms">
                  <Form method="post" className="admin-form">
                    <input type="hidden" name="id" value={orderId} />
                    <input type="hidden" name="returnId" value={r.id} />
                    <input type="hidden" name="intent" value="return-accept" />
                    <div className="field">
                      <label htmlFor={`ret-amount-${r.id}`}>{ta('returns.amount')}</label>
                      <input
                        id={`ret-amount-${r.id}`}
                        name="amount"
                        required
                        inputMode="decimal"
                        defaultValue={rappenToDecimalString(r.suggested)}
                        aria-describedby={`ret-amount-hint-${r.id}`}
                        aria-invalid={err?.intent === 'return-accept' && err.fields.amount ? true : undefined}
                      />
                      <small id={`ret-amount-hint-${r.id}`} className="card-meta">
                        {ta('returns.amountHint', { amount: price(r.suggested) })}
                      </small>
                    </div>
                    <div className="field field-check">
                      <label>
                        <input type="checkbox" name="restock" defaultChecked={r.reason === 'wrong_item'} style={{ width: 'auto', minHeight: 0 }} />{' '}
                        {ta('refund.restock')}
                      </label>
                    </div>
                    <div className="field">
                      <label htmlFor={`ret-note-${r.id}`}>{ta('returns.note')}</label>
                      <input id={`ret-note-${r.id}`} name="note" maxLength={500} />
                    </div>
                    <button type="submit" className="btn btn-small" disabled={busy} data-testid="return-accept">
                      {ta('returns.accept')}
                    </button>
                  </Form>
                  <Form method="post" className="admin-form">
                    <input type="hidden" name="id" value={orderId} />
                    <input type="hidden" name="returnId" value={r.id} />
                    <input type="hidden" name="intent" value="return-refuse" />
                    <div className="field">
                      <label htmlFor={`ret-why-${r.id}`}>{ta('returns.refuseReason')}</label>
                      <textarea
                        id={`ret-why-${r.id}`}
                        name="note"
                        required
                        maxLength={500}
                        rows={3}
                        aria-invalid={err?.intent === 'return-refuse' && err.fields.note ? true : undefined}
                      />
                    </div>
                    <button type="submit" className="btn btn-small btn-ghost" disabled={busy} data-testid="return-refuse">
                      {ta('returns.refuse')}
                    </button>
                  </Form>
                </div>
              )}
              {err && (
                <p className="form-error" role="alert">
                  {err.error || (err.fields.amount === 'amount' ? ta('refund.amountInvalid') : Object.values(err.fields)[0])}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
