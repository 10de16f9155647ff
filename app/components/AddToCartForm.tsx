/**
 * Quantity, "Add to cart" and "Buy now" for one product. With JavaScript the add runs in the
 * background and opens the side cart (errors go to the snackbar); without it, the form posts to
 * /shopcart and the server redirects back (add) or to the cart (buy now).
 */
import { useEffect, useRef } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUiState } from './ui-state.tsx';

export function AddToCartForm({ productId, stock }: { productId: string; stock: number }) {
  const { t } = useTranslation('cart');
  const fetcher = useFetcher<{ ok?: boolean; error?: string }>();
  const { setSideCartOpen, notify } = useUiState();
  const location = useLocation();
  const lastHandled = useRef<unknown>(null);
  const busy = fetcher.state !== 'idle';

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || lastHandled.current === fetcher.data) return;
    lastHandled.current = fetcher.data;
    if (fetcher.data.ok) setSideCartOpen(true);
    else if (fetcher.data.error) notify(fetcher.data.error);
  }, [fetcher.state, fetcher.data, setSideCartOpen, notify]);

  if (stock <= 0) return null;
  return (
    <fetcher.Form
      method="post"
      action="/shopcart"
      className="buy-box"
      onSubmit={(e) => {
        const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.value === 'buy') return; // buy now: a normal navigation to /shopcart
        e.preventDefault();
        const fd = new FormData(e.currentTarget);
        fd.set('intent', 'add');
        fd.set('js', '1');
        fetcher.submit(fd, { method: 'post', action: '/shopcart' });
      }}
    >
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <div>
        <label htmlFor="qty">{t('quantity')}</label>
        <input id="qty" className="qty" type="number" name="count" min={1} max={stock} defaultValue={1} required inputMode="numeric" />
      </div>
      <button type="submit" name="intent" value="add" className="btn" disabled={busy} data-testid="add-to-cart">
        {busy ? t('adding') : t('addToCart')}
      </button>
      <button type="submit" name="intent" value="buy" className="btn btn-ghost" formAction="/shopcart" data-testid="buy-now">
        {t('buyNow')}
      </button>
    </fetcher.Form>
  );
}
