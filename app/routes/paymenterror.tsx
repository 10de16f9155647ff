/**
 * Payment failed (/paymenterror?order=CODE&reason=declined|cancelled|error): why, and a way to
 * retry. The cart is not lost: card orders keep the cart until paid.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/paymenterror';
import { translate } from '../../core/i18n/index.ts';
import { pageMeta } from '../lib/meta.ts';

const REASONS = ['declined', 'cancelled', 'error'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const r = url.searchParams.get('reason');
  const reason = REASONS.find((x) => x === r) ?? 'error';
  const code = url.searchParams.get('order') ?? '';
  return { title: translate(context.lang, 'checkout:error.title'), reason, code: /^[0-9A-Z]{8}$/.test(code) ? code : null };
}

export const meta: Route.MetaFunction = ({ data }) => [...pageMeta({ title: data?.title ?? 'Payment failed' }), { name: 'robots', content: 'noindex' }];

export default function PaymentError({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout');
  return (
    <div className="container">
      <h1>{t('error.title')}</h1>
      <div className="result-box" data-testid="payment-error">
        {loaderData.code && <p className="card-meta">{t('error.order', { code: loaderData.code })}</p>}
        <p role="alert" data-testid="payment-error-reason">
          {t(`error.${loaderData.reason}`)}
        </p>
        <p>{t('error.cartKept')}</p>
        <div className="result-actions">
          <Link to="/payment" className="btn" data-testid="payment-retry">
            {t('error.retry')}
          </Link>
          <Link to="/shopcart" className="btn btn-ghost">
            {t('error.cart')}
          </Link>
        </div>
      </div>
    </div>
  );
}
