/**
 * What is still missing to free delivery ("Add CHF 41.00 more for free delivery"), or that the
 * order ships free: shown under the cart's and the side cart's totals (figures in Rappen from
 * core/pricing/shipping.ts).
 */
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format.ts';

export function FreeDeliveryNote({ shipping, testId = 'free-delivery' }: { shipping: { fee: number; remaining: number }; testId?: string }) {
  const { t } = useTranslation('cart');
  const { price } = useFormat();
  return (
    <p className="card-meta" data-testid={testId}>
      {shipping.remaining > 0 ? t('shipping.remaining', { amount: price(shipping.remaining) }) : t('shipping.reached')}
    </p>
  );
}
