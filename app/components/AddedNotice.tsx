/**
 * "Added to the cart" after an add without JavaScript: the cart form's redirect
 * (app/routes/shopcart.tsx) leads to the cart page with `?added=<product id>&back=<page>`, which
 * says what was added and links back to the product on the page the visitor came from (its card,
 * or the product page's form, by fragment). Shown only while the cart holds that product, so an
 * old or edited link says nothing false. With scripts the add opens the side cart instead.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { safeRedirect } from '../../core/safe-redirect.ts';
import type { RootData } from '../root.tsx';

export function AddedNotice({ cart, added, back }: { cart: Pick<RootData['cart'], 'lines'>; added: string | null; back: string | null }) {
  const { t } = useTranslation('cart');
  const line = added ? cart.lines.find((l) => l.productId === added && !l.box) : undefined;
  if (!line) return null;
  const to = `${safeRedirect(back, '/client/products').split('#')[0]}#p-${encodeURIComponent(line.productId)}`;
  return (
    <p className="form-success added-notice" role="status" data-testid="added-notice">
      {t('addedNotice', { name: line.name, n: line.count })}{' '}
      <Link to={to} data-testid="added-back">
        {t('addedBackToProduct')}
      </Link>
    </p>
  );
}
