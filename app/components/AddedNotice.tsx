/**
 * "Added to the cart" after an add without JavaScript: the cart form's redirect
 * (app/routes/shopcart.tsx) brings the visitor back with `?added=<product id>#p-<product id>`.
 * Shown only while the cart holds that product, so an old or edited link says nothing false.
 * With scripts the add opens the side cart instead and no such parameter appears.
 */
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RootData } from '../root.tsx';

export function AddedNotice({ cart }: { cart: Pick<RootData['cart'], 'lines'> }) {
  const { t } = useTranslation('cart');
  const [search] = useSearchParams();
  const id = search.get('added');
  const line = id ? cart.lines.find((l) => l.productId === id && !l.box) : undefined;
  if (!line) return null;
  return (
    <div className="container">
      <p className="form-success added-notice" role="status" data-testid="added-notice">
        {t('addedNotice', { name: line.name, n: line.count })} <a href={`#p-${line.productId}`}>{t('addedBackToProduct')}</a>
        {' · '}
        <Link to="/shopcart">{t('addedViewCart')}</Link>
      </p>
    </div>
  );
}
