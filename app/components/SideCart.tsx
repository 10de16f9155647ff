/**
 * The side cart (docs/product.md §2): a slide-in panel listing items (image or placeholder,
 * name, `count x CHF unit price after discount`, remove button), the subtotal and a Cart button
 * to /shopcart; "The list is empty" when empty; list height 60vh. Closes on overlay click, close
 * icon, Escape or the Cart button. A modal `<dialog>`: the page behind is inert while it is open
 * and focus returns to the cart icon. The items are rendered only while it is open.
 */
import { useId } from 'react';
import { Link, useFetcher } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CartView } from '../../core/cart/index.ts';
import { useFormat } from '../lib/format.ts';
import { productImgProps } from '../lib/product-image.ts';
import { useUiState } from './ui-state.tsx';
import { BoxContents, useBoxLineName } from './custombox/BoxContents.tsx';
import { ModalDialog } from './dialog.tsx';
import { FreeDeliveryNote } from './FreeDeliveryNote.tsx';
import { SummaryRow } from './SummaryRow.tsx';

/** The side cart: the cart's lines, subtotal and a link to the cart page, in a modal panel. */
export function SideCart({ cart }: { cart: CartView }) {
  const { t } = useTranslation('cart');
  const { t: ti } = useTranslation('influencer');
  const { price } = useFormat();
  const { sideCartOpen, setSideCartOpen } = useUiState();
  const titleId = useId();
  return (
    <ModalDialog open={sideCartOpen} onClose={() => setSideCartOpen(false)} labelledBy={titleId} className="sidecart" data-testid="sidecart">
      {sideCartOpen && (
        <>
          <div className="sidecart-head">
            <h2 id={titleId}>{t('yourCart')}</h2>
            <button type="button" className="icon-btn" aria-label={t('close')} onClick={() => setSideCartOpen(false)}>
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <ul className="sidecart-list">
            {cart.lines.length === 0 && <li className="search-state">{t('listEmpty')}</li>}
            {cart.lines.map((l) => (
              <SideCartItem key={l.productId} line={l} label={`${l.count} x ${price(l.unitPrice)}`} />
            ))}
          </ul>
          <div className="sidecart-foot">
            <SummaryRow className="summary-total" label={t('subtotal')} value={price(cart.subtotal)} testId="sidecart-subtotal" />
            {cart.bonus > 0 && <SummaryRow label={ti('summary.bonus')} value={`−${price(cart.bonus)}`} testId="sidecart-bonus" />}
            {cart.lines.length > 0 && (
              <>
                <SummaryRow
                  label={t('shipping.delivery')}
                  value={cart.shipping.fee === 0 ? t('shipping.free') : price(cart.shipping.fee)}
                  testId="sidecart-shipping"
                />
                <FreeDeliveryNote shipping={cart.shipping} testId="sidecart-free-delivery" />
              </>
            )}
            <Link to="/shopcart" className="btn" style={{ width: '100%', marginTop: 12 }} onClick={() => setSideCartOpen(false)}>
              {t('cartButton')}
            </Link>
          </div>
        </>
      )}
    </ModalDialog>
  );
}

function SideCartItem({ line, label }: { line: CartView['lines'][number]; label: string }) {
  const { t } = useTranslation('cart');
  const fetcher = useFetcher();
  const boxName = useBoxLineName();
  return (
    <li className="sidecart-item" data-testid="sidecart-item" style={{ opacity: fetcher.state === 'idle' ? 1 : 0.5 }}>
      <img
        {...productImgProps({
          id: line.productId,
          images: line.image ? [{ path: line.image }] : [],
          category: line.category,
          brand: line.brand,
          name: line.name,
        })}
        alt=""
        width={64}
        height={48}
      />
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
