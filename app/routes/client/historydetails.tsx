/**
 * Order details (/client/historydetails?id=<code or id>): the title includes the order code;
 * lines, order summary (subtotal, discount, shipping fee, total, VAT), payment status, delivery
 * address, status history and the invoice (or QR-bill) download. Own orders only: another
 * customer's order is "not found". Also the customer's own routine (api-contract "Running the
 * shop day to day"): the parcel's tracking link, the documents (invoice, credit notes), cancelling
 * while unpaid, and a return request (damaged goods or a wrong item, up to 7 days after delivery,
 * with a message, up to 3 photos and, for a bank-transfer order, the IBAN for the refund), with
 * the returns asked so far. Forms work without JavaScript.
 */
import { useState } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/historydetails';
import { getSettings } from '../../../core/config/index.ts';
import { DomainError } from '../../../core/errors.ts';
import { getOrderFor, orderEventsOf } from '../../../core/orders/index.ts';
import { OrderSummary, PaymentBox } from '../../components/OrderSummary.tsx';
import { BoxContents, useBoxLineName } from '../../components/custombox/BoxContents.tsx';
import { translate } from '../../i18n/resources.server.ts';
import { orderView } from '../../lib/checkout.server.ts';
import { useFormat } from '../../lib/format.ts';
import { pageMeta } from '../../lib/meta.ts';
import { packagingLabel } from '../../../core/catalogue/browser.ts';
import { requireUser } from '../../lib/auth.server.ts';
import { pageAction } from '../../lib/page-action.server.ts';
import { CARRIERS } from '../../../core/orders/browser.ts';
import { refundsOfOrder } from '../../../core/orders/index.ts';
import { MAX_RETURN_MESSAGE, MAX_RETURN_PHOTO_BYTES, MAX_RETURN_PHOTOS } from '../../../core/returns/browser.ts';
import {
  cancelOrderByCustomer,
  orderDocuments,
  orderTracking,
  requestReturn,
  returnEligibility,
  returnsOfOrder,
  setReturnIban,
} from '../../../core/returns/index.ts';
import { displayIban } from '../../../core/returns/browser.ts';
import '../../styles/returns.css';

export async function loader({ context, url }: Route.LoaderArgs) {
  if (!context.auth) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  const id = (url.searchParams.get('id') ?? '').slice(0, 64);
  try {
    const order = await getOrderFor(context.shop, id, context.auth);
    const { db } = context.shop;
    const [events, settings, returns, documents, eligibility, refunds] = await Promise.all([
      orderEventsOf(db, order.id),
      getSettings(db),
      returnsOfOrder(db, order.id),
      orderDocuments(db, order),
      returnEligibility(db, order),
      refundsOfOrder(db, order.id),
    ]);
    const tracking = orderTracking(order);
    const done = url.searchParams.get('done');
    return {
      title: translate(context.lang, 'checkout:details.title', { code: order.code }),
      order: orderView(order),
      events: events.map((e) => ({ id: e.id, status: e.toStatus, at: e.createdAt.toISOString() })),
      vatRate: settings.vatRateBasisPoints / 100,
      tracking: tracking && { ...tracking, carrierName: CARRIERS[tracking.carrier as keyof typeof CARRIERS]?.name ?? tracking.carrier },
      documents: documents.map((d) => ({ kind: d.kind, number: d.number, url: d.url })),
      canCancel: order.status === 'pending_payment' && order.paidAmount === 0 && order.paymentStatus === 'unpaid',
      bankTransfer: order.paymentMethod === 'qr-bill',
      returns: returns.map((r) => ({
        id: r.id,
        status: r.status,
        reason: r.reason,
        message: r.message,
        lines: r.lines,
        photos: r.photos.map((p) => `/client/returnphoto?r=${r.id}&p=${p.id}`),
        iban: r.iban ? displayIban(r.iban) : null,
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
      done: done === 'cancelled' || done === 'returned' || done === 'iban' ? done : null,
    };
  } catch (e) {
    if (e instanceof DomainError) throw data({ notFound: true }, { status: 404 });
    throw e;
  }
}

type ActionResult = { intent: 'cancel' | 'return' | 'iban'; error: string; fields: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const auth = requireUser(context, request);
  const id = (new URL(request.url).searchParams.get('id') ?? '').slice(0, 64);
  const form = await request.formData();
  const intent = form.get('intent') === 'cancel' ? 'cancel' : form.get('intent') === 'iban' ? 'iban' : 'return';
  const shop = context.shop;
  return pageAction(
    context,
    async () => {
      const order = await getOrderFor(shop, id, { userId: auth.userId, role: 'Customer' });
      const back = (done: string) => redirect(`/client/historydetails?id=${order.code}&done=${done}`);
      if (intent === 'cancel') {
        await cancelOrderByCustomer(shop, order.id, auth.userId);
        return back('cancelled');
      }
      if (intent === 'iban') {
        await setReturnIban(shop, String(form.get('returnId') ?? '').slice(0, 64), auth.userId, String(form.get('iban') ?? '').slice(0, 64));
        return back('iban');
      }
      const lines: { lineId: string; count: number }[] = [];
      for (const [k, v] of form.entries()) {
        if (typeof v !== 'string' || !k.startsWith('line-')) continue;
        const n = Number(v || '0');
        lines.push({ lineId: k.slice(5), count: Number.isFinite(n) ? n : -1 });
      }
      const files = form.getAll('photos').filter((f): f is File => typeof f !== 'string' && f.size > 0);
      await requestReturn(shop, {
        orderId: order.id,
        userId: auth.userId,
        reason: String(form.get('reason') ?? ''),
        message: String(form.get('message') ?? '').slice(0, MAX_RETURN_MESSAGE + 100),
        lines: lines.length ? lines : undefined,
        photos: await Promise.all(files.map(async (f) => ({ bytes: new Uint8Array(await f.arrayBuffer()), name: f.name }))),
        iban: String(form.get('iban') ?? '').slice(0, 64),
        requireIban: true,
      });
      return back('returned');
    },
    { extra: (): Pick<ActionResult, 'intent'> => ({ intent }) },
  );
}

export const meta: Route.MetaFunction = ({ data }) => [...pageMeta({ title: data?.title ?? 'Order' }), { name: 'robots', content: 'noindex' }];

export default function HistoryDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout');
  const boxName = useBoxLineName();
  const { price, date, dateTime } = useFormat();
  const o = loaderData.order;
  const invoice = o.paymentStatus === 'paid' && o.invoiceNumber;
  const qrBill = !invoice && o.paymentMethod === 'qr-bill' && o.status === 'pending_payment';
  return (
    <div className="container">
      <p>
        <Link to="/client/history">← {t('details.back')}</Link>
      </p>
      <h1 data-testid="order-title">{t('details.title', { code: o.code })}</h1>
      <p className="card-meta">
        {t('details.placed', { date: dateTime(o.createdAt) })} ·{' '}
        <span className={`status-badge status-${o.status}`} data-testid="order-status">
          {t(`status.${o.status}`)}
        </span>
      </p>
      {loaderData.done && !actionData && (
        <p className="form-success" role="status" data-testid="order-done">
          {t(`returns.done_${loaderData.done}`)}
        </p>
      )}
      <div className="cart-layout">
        <div>
          <h2 className="checkout-h2">{t('details.items')}</h2>
          <table className="history-table">
            <thead>
              <tr>
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
                  <td>
                    {l.box ? boxName(l.box) : l.name}
                    <span className="card-meta" style={{ display: 'block' }}>
                      {t('details.sku')} {l.sku} · {l.box ? l.name : packagingLabel(l.packaging, t)}
                    </span>
                    {l.box && <BoxContents box={l.box} />}
                  </td>
                  <td className="num">{l.count}</td>
                  <td className="num hide-sm">{price(l.unitPrice)}</td>
                  <td className="num">{price(l.lineTotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2 className="checkout-h2" style={{ marginTop: 24 }}>
            {t('details.deliveryTo')}
          </h2>
          <address style={{ fontStyle: 'normal' }}>
            {o.address.firstName} {o.address.lastName}
            <br />
            {o.address.street}
            <br />
            {o.address.postalCode} {o.address.city}
            <br />
            {o.address.country === 'LI' ? t('payment.countryLI') : t('payment.countryCH')}
          </address>
          <h2 className="checkout-h2" style={{ marginTop: 24 }}>
            {t('details.timeline')}
          </h2>
          <ul className="timeline">
            {loaderData.events.map((e) => (
              <li key={e.id}>
                {dateTime(e.at)} — {t(`status.${e.status}`)}
              </li>
            ))}
          </ul>
          <ReturnsSection data={loaderData} actionData={actionData} />
        </div>
        <div>
          <OrderSummary s={o} vatRate={loaderData.vatRate} />
          <PaymentBox paymentMethod={o.paymentMethod} paymentStatus={o.paymentStatus}>
            {o.paidAmount > 0 && (
              <div className="summary-row">
                <span>{t('details.paid')}</span>
                <span>
                  {price(o.paidAmount)}
                  {o.paidAt ? ` · ${date(o.paidAt)}` : ''}
                </span>
              </div>
            )}
            {invoice && (
              <a className="btn btn-ghost" style={{ width: '100%', marginTop: 12 }} href={`/client/invoice?id=${o.code}`} data-testid="invoice-download">
                {t('details.invoice')}
              </a>
            )}
            {qrBill && (
              <a className="btn btn-ghost" style={{ width: '100%', marginTop: 12 }} href={`/client/invoice?id=${o.code}`} data-testid="qr-bill-download">
                {t('details.qrBill')}
              </a>
            )}
          </PaymentBox>
          <OrderAside data={loaderData} actionData={actionData} />
        </div>
      </div>
    </div>
  );
}

type PageData = Route.ComponentProps['loaderData'];
type ActionData = Route.ComponentProps['actionData'];

/** Tracking, documents and the cancel button, beside the order summary. */
function OrderAside({ data: d, actionData }: { data: PageData; actionData: ActionData }) {
  const { t } = useTranslation('checkout');
  const busy = useNavigation().state === 'submitting';
  const cancelErr = actionData?.intent === 'cancel' ? actionData.error : null;
  return (
    <>
      {d.tracking && (
        <section className="summary order-box" aria-labelledby="tracking-h" data-testid="tracking">
          <h2 id="tracking-h">{t('returns.trackingTitle')}</h2>
          <p className="card-meta">{t('returns.trackingWith', { carrier: d.tracking.carrierName, number: d.tracking.number })}</p>
          {d.tracking.url && (
            <a className="btn btn-ghost btn-block" href={d.tracking.url} rel="noopener noreferrer" target="_blank" data-testid="tracking-link">
              {t('returns.trackingLink')}
            </a>
          )}
        </section>
      )}
      <section className="summary order-box" aria-labelledby="docs-h">
        <h2 id="docs-h">{t('returns.documents')}</h2>
        {d.documents.length === 0 ? (
          <p className="card-meta">{t('returns.noDocuments')}</p>
        ) : (
          <ul className="order-docs" data-testid="documents">
            {d.documents.map((doc) => (
              <li key={doc.url}>
                <a href={doc.url} data-testid={`doc-${doc.kind}`}>
                  {t(doc.kind === 'invoice' ? 'returns.docInvoice' : 'returns.docCreditNote', { number: doc.number })}
                </a>
                <span className="card-meta"> · PDF</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {d.canCancel && (
        <section className="summary order-box" aria-labelledby="cancel-h">
          <h2 id="cancel-h">{t('returns.cancelTitle')}</h2>
          <p className="card-meta">{t('returns.cancelHint')}</p>
          <details className="order-cancel">
            <summary className="btn btn-ghost btn-block">{t('returns.cancelOpen')}</summary>
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <p>{t('returns.cancelConfirmText')}</p>
              <button type="submit" className="btn btn-danger btn-block" disabled={busy} data-testid="cancel-order">
                {t('returns.cancelConfirm')}
              </button>
            </Form>
          </details>
          {cancelErr && (
            <p className="form-error" role="alert">
              {cancelErr}
            </p>
          )}
        </section>
      )}
    </>
  );
}

/** The returns asked so far and, while allowed, the return request form. */
function ReturnsSection({ data: d, actionData }: { data: PageData; actionData: ActionData }) {
  const { t } = useTranslation('checkout');
  const { date, price } = useFormat();
  const nav = useNavigation();
  const busy = nav.state === 'submitting' && nav.formData?.get('intent') === 'return';
  const err = actionData?.intent === 'return' ? actionData : null;
  const ibanErr = actionData?.intent === 'iban' ? actionData : null;
  const [photoError, setPhotoError] = useState<string | null>(null);
  const e = d.eligibility;
  const fieldErr = (name: string) =>
    err?.fields[name] ? (
      <p className="field-error" id={`${name}-error`}>
        {err.fields[name]}
      </p>
    ) : null;
  const onPhotos = (ev: React.ChangeEvent<HTMLInputElement>) => {
    const files = [...(ev.target.files ?? [])];
    const msg =
      files.length > MAX_RETURN_PHOTOS
        ? t('returns.photosTooMany', { max: MAX_RETURN_PHOTOS })
        : files.some((f) => f.size > MAX_RETURN_PHOTO_BYTES)
          ? t('returns.photosTooLarge', { max: MAX_RETURN_PHOTO_BYTES / 1024 / 1024 })
          : null;
    ev.target.setCustomValidity(msg ?? '');
    setPhotoError(msg);
  };
  return (
    <section className="order-returns" aria-labelledby="returns-h" id="returns">
      <h2 id="returns-h" className="checkout-h2">
        {t('returns.title')}
      </h2>
      {d.returns.length > 0 && (
        <ul className="return-list" data-testid="returns">
          {d.returns.map((r) => (
            <li key={r.id} className="return-item">
              <p>
                <span className={`status-badge return-${r.status}`} data-testid="return-status">
                  {t(`returns.status_${r.status}`)}
                </span>{' '}
                {t(`returns.reason_${r.reason}`)} · {t('returns.requestedOn', { date: date(r.createdAt) })}
              </p>
              <p className="card-meta">{r.lines.map((l) => `${l.count}× ${l.name}`).join(', ')}</p>
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
              {r.status === 'refused' && r.note && <p data-testid="return-refused">{t('returns.refusedWhy', { note: r.note })}</p>}
              {r.status === 'accepted' && r.refunded !== null && <p>{t('returns.refunded', { amount: price(r.refunded) })}</p>}
              {d.bankTransfer && r.iban && <p className="card-meta">{t('returns.ibanGiven', { iban: r.iban })}</p>}
              {d.bankTransfer && r.status === 'requested' && !r.iban && (
                <Form method="post" className="return-iban-form">
                  <input type="hidden" name="intent" value="iban" />
                  <input type="hidden" name="returnId" value={r.id} />
                  <p>{t('returns.ibanMissing')}</p>
                  <div className="field">
                    <label htmlFor={`iban-${r.id}`}>{t('returns.iban')}</label>
                    <input
                      id={`iban-${r.id}`}
                      name="iban"
                      required
                      autoComplete="off"
                      inputMode="text"
                      spellCheck={false}
                      maxLength={42}
                      aria-invalid={ibanErr?.fields.iban ? true : undefined}
                    />
                    {ibanErr?.fields.iban && <p className="field-error">{ibanErr.fields.iban}</p>}
                  </div>
                  <button type="submit" className="btn btn-small">
                    {t('returns.ibanSave')}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {e.eligible ? (
        <Form method="post" encType="multipart/form-data" className="return-form" data-testid="return-form" aria-describedby="return-intro">
          <input type="hidden" name="intent" value="return" />
          <p id="return-intro">{t('returns.intro', { date: e.deadline ? date(e.deadline) : '' })}</p>
          {err?.error && !Object.keys(err.fields).length && (
            <p className="form-error" role="alert">
              {err.error}
            </p>
          )}
          <fieldset className="field" aria-describedby={err?.fields.reason ? 'reason-error' : 'reason-hint'}>
            <legend>{t('returns.reason')}</legend>
            {(['damaged', 'wrong_item'] as const).map((r) => (
              <label key={r} className="return-choice">
                <input type="radio" name="reason" value={r} required /> {t(`returns.reason_${r}`)}
              </label>
            ))}
            <small id="reason-hint" className="card-meta">
              {t('returns.reasonHint')}
            </small>
            {fieldErr('reason')}
          </fieldset>
          <fieldset className="field">
            <legend>{t('returns.items')}</legend>
            {e.lines.map((l) => (
              <div className="return-line" key={l.lineId}>
                <label htmlFor={`line-${l.lineId}`}>
                  {l.name} <span className="card-meta">({t('returns.upTo', { n: l.left })})</span>
                </label>
                <input
                  id={`line-${l.lineId}`}
                  name={`line-${l.lineId}`}
                  type="number"
                  min={0}
                  max={l.left}
                  step={1}
                  defaultValue={l.left}
                  inputMode="numeric"
                />
              </div>
            ))}
            {fieldErr('lines')}
          </fieldset>
          <div className="field">
            <label htmlFor="return-message">{t('returns.message')}</label>
            <textarea
              id="return-message"
              name="message"
              required
              maxLength={MAX_RETURN_MESSAGE}
              rows={4}
              aria-invalid={err?.fields.message ? true : undefined}
              aria-describedby="message-hint"
            />
            <small id="message-hint" className="card-meta">
              {t('returns.messageHint', { max: MAX_RETURN_MESSAGE })}
            </small>
            {fieldErr('message')}
          </div>
          <div className="field">
            <label htmlFor="return-photos">{t('returns.photos')}</label>
            <input
              id="return-photos"
              name="photos"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              onChange={onPhotos}
              aria-invalid={err?.fields.photos || photoError ? true : undefined}
              aria-describedby="photos-hint"
            />
            <small id="photos-hint" className="card-meta">
              {t('returns.photosHint', { max: MAX_RETURN_PHOTOS, mb: MAX_RETURN_PHOTO_BYTES / 1024 / 1024 })}
            </small>
            {photoError && <p className="field-error">{photoError}</p>}
            {fieldErr('photos')}
          </div>
          {d.bankTransfer && (
            <div className="field">
              <label htmlFor="return-iban">{t('returns.iban')}</label>
              <input
                id="return-iban"
                name="iban"
                required
                autoComplete="off"
                spellCheck={false}
                maxLength={42}
                placeholder="CH00 0000 0000 0000 0000 0"
                aria-invalid={err?.fields.iban ? true : undefined}
                aria-describedby="iban-hint"
              />
              <small id="iban-hint" className="card-meta">
                {t('returns.ibanHint')}
              </small>
              {fieldErr('iban')}
            </div>
          )}
          <button type="submit" className="btn" disabled={busy} data-testid="return-submit">
            {busy ? t('returns.sending') : t('returns.submit')}
          </button>
        </Form>
      ) : (
        <p className="card-meta" data-testid="return-unavailable">
          {e.why === 'windowClosed' && e.deadline
            ? t('returns.windowClosed', { date: date(e.deadline) })
            : e.why === 'notShipped'
              ? t('returns.notShipped')
              : e.why === 'openReturn'
                ? t('returns.openReturn')
                : t('returns.nothingLeft')}
        </p>
      )}
    </section>
  );
}
