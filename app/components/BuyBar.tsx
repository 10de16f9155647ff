/**
 * The product page's "add to cart" bar on phones. Pure CSS (app/styles/app.css `.buy-bar`): the
 * bar is the page's last element with `position: sticky; bottom: 0`, so it stays at the bottom of
 * the screen over the page and comes to rest below the content at the page's end (it never covers
 * the last lines). Where the browser has scroll-driven animations, it hides while the page's own
 * add-to-cart form is on screen (a view timeline of that form). Hidden above the phone width.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddToCartForm } from './AddToCartForm.tsx';

export function BuyBar({ productId, stock, price }: { productId: string; stock: number; price: ReactNode }) {
  const { t } = useTranslation('cart');
  if (stock <= 0) return null;
  return (
    <aside className="buy-bar" aria-label={t('buyBarLabel')} data-testid="buy-bar">
      <AddToCartForm productId={productId} stock={stock} bar={price} />
    </aside>
  );
}
