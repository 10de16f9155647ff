/**
 * Quantity, "Add to cart" and "Buy now" for one product. With JavaScript the add runs in the
 * background and opens the side cart (errors go to the snackbar); without it, the form posts to
 * /shopcart and the server answers with the cart page saying what was added, with a link back
 * to the product (add), or with the checkout holding the chosen quantity (buy now). A product card uses the
 * compact form (`cardName`): one unit, no quantity field, the product's name in the buttons'
 * accessible names. The product page's phone bar (`bar`, app/components/BuyBar.tsx) is a third
 * form: the price, a quantity and "add to cart".
 */
import { useEffect, useRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUiState } from './ui-state.tsx';

/**
 * @param cardName the product's name when the form sits on a product card (compact form).
 * @param bar the price shown in the product page's sticky phone bar (that form, with "add to cart" only).
 */
export function AddToCartForm({ productId, stock, cardName, bar }: { productId: string; stock: number; cardName?: string; bar?: ReactNode }) {
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
      className={cardName ? 'card-buy' : bar ? 'buy-bar-form' : 'buy-box'}
      // the product page's own form: the fragment the no-script "added" message links back to
      id={cardName || bar ? undefined : `p-${productId}`}
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
      {bar && <div className="buy-bar-price">{bar}</div>}
      {cardName ? (
        <>
          <input type="hidden" name="count" value="1" />
          <input type="hidden" name="card" value="1" />
        </>
      ) : bar ? (
        <>
          <label htmlFor="qty-bar" className="visually-hidden">
            {t('quantity')}
          </label>
          <input
            id="qty-bar"
            className="qty"
            type="number"
            name="count"
            min={1}
            max={stock}
            defaultValue={1}
            required
            inputMode="numeric"
            data-testid="bar-qty"
          />
        </>
      ) : (
        <div>
          <label htmlFor="qty">{t('quantity')}</label>
          <input id="qty" className="qty" type="number" name="count" min={1} max={stock} defaultValue={1} required inputMode="numeric" />
        </div>
      )}
      <IntentButton intent="add" cardName={cardName} testId={bar ? 'bar-add-to-cart' : 'add-to-cart'} disabled={busy}>
        {busy ? t('adding') : t('addToCart')}
      </IntentButton>
      {!bar && (
        <IntentButton intent="buy" cardName={cardName} testId="buy-now" ghost formAction="/shopcart">
          {t('buyNow')}
        </IntentButton>
      )}
    </fetcher.Form>
  );
}

/**
 * A submit button of the form naming its `intent`: small on a product card, where its test id
 * starts with `card-` and its accessible name ends with the product's name.
 */
function IntentButton({
  intent,
  cardName,
  testId,
  ghost = false,
  children,
  ...button
}: {
  intent: 'add' | 'buy';
  cardName: string | undefined;
  testId: string;
  /** The secondary look (`btn-ghost`). */
  ghost?: boolean;
  children: ReactNode;
} & Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'formAction'>) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={`btn${cardName ? ' btn-small' : ''}${ghost ? ' btn-ghost' : ''}`}
      data-testid={cardName ? `card-${testId}` : testId}
      {...button}
    >
      {children}
      {cardName && <span className="visually-hidden">: {cardName}</span>}
    </button>
  );
}
