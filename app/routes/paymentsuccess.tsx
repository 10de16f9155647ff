/**
 * Payment succeeded (/paymentsuccess?order=CODE): the order code and what happens next. For a
 * card payment whose confirmation has not arrived yet it says so; for bank transfer it shows how
 * and by when to pay, with the QR-bill to download and the payment data as text to copy. Only the order's customer sees its details.
 * An order cancelled (or expired) before its payment completed is never shown as a success: the
 * page says so and that a payment that still arrives is refunded (the shop sees it among the
 * payments that need attention).
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/paymentsuccess';
import { DomainError } from '../../core/errors.ts';
import { getOrderFor, orderMailPending } from '../../core/orders/index.ts';
import { translate } from '../../core/i18n/index.ts';
import { MAX_ID_LENGTH } from '../../core/validation.ts';
import { orderView } from '../lib/checkout.server.ts';
import { bankTransferView } from '../lib/customer-order.server.ts';
import { getSettings } from '../../core/config/index.ts';
import { BankTransferBox } from '../components/order/BankTransferBox.tsx';
import { useFormat } from '../lib/format.ts';
import { pageMeta } from '../lib/meta.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const code = new URL(request.url).searchParams.get('order')?.slice(0, MAX_ID_LENGTH) ?? '';
  let order = null;
  let transfer = null;
  // the QR-bill could not be made at checkout (core/orders/mail-retries.ts): the customer is told it follows by mail
  let detailsFollow = false;
  if (code && context.auth) {
    try {
      const found = await getOrderFor(context.shop, code, context.auth);
      order = orderView(found);
      detailsFollow = found.paymentMethod === 'qr-bill' && found.status === 'pending_payment' && (await orderMailPending(context.shop.db, found.id));
      transfer = bankTransferView(found, await getSettings(context.shop.db));
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
    }
  }
  const closed = order?.status === 'cancelled' || order?.status === 'expired';
  return { title: translate(context.lang, closed ? 'checkout:success.cancelledTitle' : 'checkout:success.title'), order, transfer, detailsFollow };
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta({ title: data?.order ? `${data.title} · ${data.order.code}` : (data?.title ?? 'Thank you') }),
  { name: 'robots', content: 'noindex' },
];

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout');
  const { price, date } = useFormat();
  const o = loaderData.order;
  if (o && (o.status === 'cancelled' || o.status === 'expired'))
    return (
      <div className="container">
        <h1>{t('success.cancelledTitle')}</h1>
        <div className="result-box" data-testid="payment-order-cancelled">
          <p>{t('success.orderCode')}</p>
          <p className="order-code" data-testid="order-code">
            {o.code}
          </p>
          <p role="status">{t('success.cancelled')}</p>
          <div className="result-actions">
            <Link to={`/client/historydetails?id=${o.code}`} className="btn">
              {t('success.history')}
            </Link>
          </div>
        </div>
      </div>
    );
  return (
    <div className="container">
      <h1>{t('success.title')}</h1>
      <div className="result-box" data-testid="payment-success">
        {o ? (
          <>
            <p>{t('success.orderCode')}</p>
            <p className="order-code" data-testid="order-code">
              {o.code}
            </p>
            {o.status === 'paid' || o.paymentStatus === 'paid' ? (
              <p data-testid="success-paid">{t('success.paid')}</p>
            ) : o.paymentMethod === 'qr-bill' && loaderData.detailsFollow ? (
              <p data-testid="success-details-follow" role="status">
                {t('success.detailsFollow')}
              </p>
            ) : o.paymentMethod === 'qr-bill' ? (
              <>
                <p>{t('success.bankTransfer', { total: price(o.total - o.paidAmount), date: o.expiresAt ? date(o.expiresAt) : '' })}</p>
                <p>
                  <a href={`/client/invoice?id=${o.code}`} className="btn btn-ghost" data-testid="qr-bill-download">
                    {t('success.downloadQrBill')}
                  </a>
                </p>
                {loaderData.transfer && <BankTransferBox transfer={loaderData.transfer} />}
              </>
            ) : (
              <p data-testid="success-confirming">{t('success.confirming')}</p>
            )}
            <p className="card-meta">{t('success.mailSent')}</p>
          </>
        ) : (
          <p>{t('success.unknown')}</p>
        )}
        <div className="result-actions">
          <Link to={o ? `/client/historydetails?id=${o.code}` : '/client/history'} className="btn">
            {t('success.history')}
          </Link>
          <Link to="/client/products" className="btn btn-ghost">
            {t('success.continue')}
          </Link>
        </div>
      </div>
    </div>
  );
}
