/** A price after discount, with the original price struck through when discounted. Rappen in. */
import { useFixedT } from '../i18n/useFixedT.ts';
import { unitPrice } from '../../core/pricing/browser.ts';
import { useFormat } from '../lib/format.ts';

export function Price({ basePrice, discountPercent }: { basePrice: number; discountPercent: number }) {
  const { price } = useFormat();
  const { t } = useFixedT('catalogue');
  const now = unitPrice(basePrice, discountPercent);
  return (
    <span className="price">
      {price(now)}
      {discountPercent > 0 && (
        <del className="price-old">
          <span className="visually-hidden">{t('originalPrice')} </span>
          {price(basePrice)}
        </del>
      )}
    </span>
  );
}
