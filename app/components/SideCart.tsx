/**
 * The side cart (specification section 2): a slide-in panel listing items (image or placeholder,
 * name, `count x CHF unit price after discount`, remove button), the subtotal and a Cart button
 * to /shopcart; "The list is empty" when empty; list height 60vh. Closes on overlay click, close
 * icon, Escape or the Cart button. Radix Dialog traps focus while open.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { Link, useFetcher } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CartView } from '../lib/cart-view.server.ts';
import { useFormat } from '../lib/format.ts';
import { productImageSrc } from '../lib/product-image.ts';
import { useUiState } from './ui-state.tsx';
import { BoxContents, useBoxLineName } from './custombox/BoxContents.tsx';

export function SideCart({ cart }: { cart: CartView }) {
  const { t } = useTranslation('cart');
  const { t: ti } = useTranslation('influencer');
  const { price } = useFormat();
  const { sideCartOpen, setSideCartOpen } = useUiState();
  return (
    <Dialog.Root open={sideCartOpen} onOpenChange={setSideCartOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="sidecart-overlay" data-testid="sidecart-overlay" />
        <Dialog.Content className="sidecart" aria-describedby={undefined} data-testid="sidecart">
          <div className="sidecart-head">
            <Dialog.Title asChild>
              <h2>{t('yourCart')}</h2>
            </Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={t('close')}>
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <ul className="sidecart-list">
            {cart.lines.length === 0 && <li className="search-state">{t('listEmpty')}</li>}
            {cart.lines.map((l) => (
              <SideCartItem key={l.productId} line={l} label={`${l.count} x ${price(l.unitPrice)}`} />
            ))}
          </ul>
          <div className="sidecart-foot">
            <div className="summary-row summary-total">
              <span>{t('subtotal')}</span>
              <span data-testid="sidecart-subtotal">{price(cart.subtotal)}</span>
            </div>
            {cart.bonus > 0 && (
              <div className="summary-row">
                <span>{ti('summary.bonus')}</span>
                <span data-testid="sidecart-bonus">−{price(cart.bonus)}</span>
              </div>
            )}
            <Link to="/shopcart" className="btn" style={{ width: '100%', marginTop: 12 }} onClick={() => setSideCartOpen(false)}>
              {t('cartButton')}
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SideCartItem({ line, label }: { line: CartView['lines'][number]; label: string }) {
  const { t } = useTranslation('cart');
  const fetcher = useFetcher();
  const boxName = useBoxLineName();
  return (
    <li className="sidecart-item" data-testid="sidecart-item" style={{ opacity: fetcher.state === 'idle' ? 1 : 0.5 }}>
      <img src={productImageSrc({ id: line.productId, images: line.image ? [{ path: line.image }] : [] })} alt="" width={64} height={48} />
      <div>
        <div>{line.box ? boxName(line.box) : line.name}</div>
        {line.box && <BoxContents box={line.box} />}
        <div className="card-meta" data-testid="sidecart-line-price">
          {label}
        </div>
      </div>
      <fetcher.Form method="post" action="/shopcart">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="productId" value={line.productId} />
        <input type="hidden" name="js" value="1" />
        <button type="submit" className="icon-btn" aria-label={t('removeItem', { name: line.box ? boxName(line.box) : line.name })}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          </svg>
        </button>
      </fetcher.Form>
    </li>
  );
}
