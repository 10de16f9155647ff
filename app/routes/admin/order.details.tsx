/**
 * Admin: one order (/admin/order/details?id=): customer, lines, money summary, delivery address,
 * payments received and the full status history with actors.
 */
import { eq } from 'drizzle-orm';
import { data, redirect, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/order.details';
import { requireAdmin } from '../../lib/auth.server.ts';
import { users } from '../../../core/accounts/schema.ts';
import { getSettings } from '../../../core/config/service.ts';
import { findOrder, orderEventsOf } from '../../../core/orders/service.ts';
import { paymentsOfOrder } from '../../../core/payments/service.ts';
import { OrderSummary, PaymentBox } from '../../components/OrderSummary.tsx';
import { BoxContents } from '../../components/custombox/BoxContents.tsx';
import { orderView } from '../../lib/checkout.server.ts';
import { useFormat } from '../../lib/format.ts';
import { adminMeta } from '../../lib/admin-meta.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const id = (new URL(request.url).searchParams.get('id') ?? '').slice(0, 64);
  if (!id) throw redirect('/admin/order/list');
  const { db } = context.shop;
  const order = id ? await findOrder(db, id) : undefined;
  if (!order) throw data('Not found', { status: 404 });
  const [customer] = await db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName, phone: users.phone }).from(users).where(eq(users.id, order.userId));
  const events = await orderEventsOf(db, order.id);
  const pays = await paymentsOfOrder(db, order.id);
  const settings = await getSettings(db);
  return {
    order: orderView(order),
    customer: customer ?? null,
    events: events.map((e) => ({ id: e.id, from: e.fromStatus, to: e.toStatus, actor: e.actor, note: e.note, at: e.createdAt.toISOString() })),
    payments: pays.map((p) => ({ id: p.id, provider: p.provider, providerRef: p.providerRef, amount: p.amount, status: p.status, at: p.createdAt.toISOString() })),
    vatRate: settings.vatRateBasisPoints / 100,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => adminMeta(matches, 'titles.order', { code: data?.order.code ?? '' });

export default function AdminOrderDetails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout');
  const { price, dateTime } = useFormat();
  const { order: o, customer, events, payments } = loaderData;
  return (
    <div>
      <p>
        <Link to="/admin/order/list">← {t('admin.orders')}</Link>
      </p>
      <h1>{t('details.title', { code: o.code })}</h1>
      <p>
        <span className={`status-badge status-${o.status}`} data-testid="admin-order-status">
          {t(`status.${o.status}`)}
        </span>{' '}
        <Link to={`/admin/order/edit?id=${o.id}`} className="btn btn-small btn-ghost">
          {t('admin.changeStatus')}
        </Link>
      </p>
      <div className="cart-layout">
        <div>
          <h2 className="checkout-h2">{t('admin.customer')}</h2>
          <p>
            {customer ? `${customer.firstName} ${customer.lastName} · ${customer.email}${customer.phone ? ` · ${customer.phone}` : ''}` : '—'}
          </p>
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
                  <th scope="col" className="num">
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
                    <td>{l.sku}</td>
                    <td>
                      {l.name} <span className="card-meta">{l.packaging}</span>
                      {l.box && <BoxContents box={l.box} showSku />}
                    </td>
                    <td className="num">{l.count}</td>
                    <td className="num">{price(l.unitPrice)}</td>
                    <td className="num">{price(l.lineTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2 className="checkout-h2" style={{ marginTop: 24 }}>
            {t('details.deliveryTo')}
          </h2>
          <address style={{ fontStyle: 'normal' }}>
            {o.address.firstName} {o.address.lastName}, {o.address.street}, {o.address.postalCode} {o.address.city}, {o.address.country}
          </address>
          <h2 className="checkout-h2" style={{ marginTop: 24 }}>
            {t('details.timeline')}
          </h2>
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
            {o.invoiceNumber && (
              <div className="summary-row">
                <span>{t('admin.invoiceNo')}</span>
                <span>{o.invoiceNumber}</span>
              </div>
            )}
            <ul className="timeline">
              {payments.map((p) => (
                <li key={p.id}>
                  {dateTime(p.at)} · {p.provider} <code>{p.providerRef}</code> · {price(p.amount)} · {t(`admin.payment_${p.status === 'overpaid' ? 'overpaid' : p.status === 'unmatched' ? 'unmatched' : 'captured'}`)}
                </li>
              ))}
            </ul>
            {(o.invoiceNumber || (o.paymentMethod === 'qr-bill' && o.status === 'pending_payment')) && (
              <a className="btn btn-ghost btn-small" href={`/client/invoice?id=${o.code}`}>
                PDF
              </a>
            )}
          </PaymentBox>
        </div>
      </div>
    </div>
  );
}
