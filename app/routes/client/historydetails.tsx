/**
 * Order details (/client/historydetails?id=<code or id>): the title includes the order code;
 * lines, order summary (subtotal, discount, shipping fee, total, VAT), payment status, delivery
 * address, status history and the invoice (or QR-bill) download. Own orders only: another
 * customer's order is "not found".
 */
import { data, Link, redirect } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/historydetails';
import { getSettings } from '../../../core/config/service.ts';
import { DomainError } from '../../../core/errors.ts';
import { getOrderFor, orderEventsOf } from '../../../core/orders/service.ts';
import { OrderSummary, PaymentBox } from '../../components/OrderSummary.tsx';
import { BoxContents, useBoxLineName } from '../../components/custombox/BoxContents.tsx';
import { translate } from '../../i18n/resources.server.ts';
import { orderView } from '../../lib/checkout.server.ts';
import { useFormat } from '../../lib/format.ts';
import { pageMeta } from '../../lib/meta.ts';
import { packagingLabel } from '../../../core/catalogue/packaging.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!context.auth) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  const id = (url.searchParams.get('id') ?? '').slice(0, 64);
  try {
    const order = await getOrderFor(context.shop, id, context.auth);
    const events = await orderEventsOf(context.shop.db, order.id);
    const settings = await getSettings(context.shop.db);
    return {
      title: translate(context.lang, 'checkout:details.title', { code: order.code }),
      order: orderView(order),
      events: events.map((e) => ({ id: e.id, status: e.toStatus, at: e.createdAt.toISOString() })),
      vatRate: settings.vatRateBasisPoints / 100,
    };
  } catch (e) {
    if (e instanceof DomainError) throw data({ notFound: true }, { status: 404 });
    throw e;
  }
}

export const meta: Route.MetaFunction = ({ data }) => [...pageMeta({ title: data?.title ?? 'Order' }), { name: 'robots', content: 'noindex' }];

export default function HistoryDetails({ loaderData }: Route.ComponentProps) {
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
        </div>
      </div>
    </div>
  );
}
