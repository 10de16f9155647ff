/**
 * Cart and order summary (/shopcart): lines with editable counts, remove, subtotal with 2
 * decimals, "your cart is empty, please buy something" when empty. An anonymous visitor is told
 * beside "checkout" why an order needs an account, with "create account" first. Its action serves every cart
 * form of the UI (add, buy now, set count, remove), with or without JavaScript.
 */
import { data, Form, Link, redirect, useFetcher, useRouteLoaderData, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Route } from './+types/shopcart';
import { addToCart, BUY_NOW_PATH, buyNow, removeFromCart, setCartCount } from '../../core/cart/index.ts';
import { freeingExpiredUnits } from '../../core/orders/index.ts';
import { useFormat } from '../lib/format.ts';
import { pageMeta } from '../lib/meta.ts';
import { productImgProps } from '../lib/product-image.ts';
import type { RootData } from '../root.tsx';
import { BoxContents, useBoxLineName } from '../components/custombox/BoxContents.tsx';
import { translate } from '../../core/i18n/index.ts';
import { pageAction, readForm } from '../lib/page-action.server.ts';
import { safeRedirect } from '../../core/safe-redirect.ts';
import { packagingLabel } from '../../core/catalogue/browser.ts';
import { DataTable } from '../components/DataTable.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { FreeDeliveryNote } from '../components/FreeDeliveryNote.tsx';
import { SummaryRow } from '../components/SummaryRow.tsx';
import { CheckoutAccountNote } from '../components/account/CheckoutAccountNote.tsx';
import { AddedNotice } from '../components/AddedNotice.tsx';

const CartForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.enum(['add', 'buy']),
    productId: z.string().min(1).max(64),
    count: z.coerce.number().int().min(1).max(999).catch(1),
    returnTo: z.string().optional(),
    /** A product card's form (one unit): its buy now does not lower a quantity chosen before. */
    card: z.string().optional(),
    js: z.string().optional(),
  }),
  z.object({ intent: z.literal('set'), productId: z.string().min(1).max(64), count: z.coerce.number().int().min(0).max(999), js: z.string().optional() }),
  z.object({ intent: z.literal('remove'), productId: z.string().min(1).max(64), js: z.string().optional() }),
]);

/**
 * Where an add without scripts leads: this cart page with `added=<product id>` and `back=<the
 * page it came from>`, which says what was added (app/components/AddedNotice.tsx) and links back
 * to the product on that page. Not back to the page itself: a list or product page is served from
 * the shared page cache to a visitor without scripts, with only its header their own
 * (server/personal-page.ts), so it could not say so.
 */
function addedReturn(to: string | undefined, productId: string): string {
  // only same-site paths (one check: core/safe-redirect.ts)
  return `/shopcart?${new URLSearchParams({ added: productId, back: safeRedirect(to, '/client/products') })}`;
}

export async function action({ request, context }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ ok: false, error: translate(context.lang, 'cart:invalidRequest') }, { status: 400 }); // not a form body
  }
  const { db } = context.shop;
  const userId = context.auth?.userId ?? null;
  return pageAction(
    context,
    async () => {
      const f = readForm(CartForm, form);
      if (f.intent === 'add') await freeingExpiredUnits(context.shop, () => addToCart(db, context.cartKey, f.productId, f.count, userId));
      else if (f.intent === 'buy')
        await freeingExpiredUnits(context.shop, () => buyNow(db, context.cartKey, f.productId, f.count, userId, { atLeast: Boolean(f.card) }));
      else if (f.intent === 'set') await setCartCount(db, context.cartKey, f.productId, f.count, userId);
      else await removeFromCart(db, context.cartKey, f.productId);
      if (f.intent === 'buy') return redirect(BUY_NOW_PATH); // the chosen quantity, straight to checkout
      if (f.js) return { ok: true as const, error: undefined };
      return redirect(f.intent === 'add' ? addedReturn(f.returnTo, f.productId) : '/shopcart');
    },
    // the cart's buttons post no typed fields: a malformed post is one "invalid request"
    { message: (e) => (e.opts.key === 'invalidInput' ? translate(context.lang, 'cart:invalidRequest') : undefined) },
  );
}

export async function loader({ context }: Route.LoaderArgs) {
  return { title: translate(context.lang, 'cart:title') };
}

export const meta: Route.MetaFunction = ({ data }) => [...pageMeta({ title: data?.title ?? 'Cart' }), { name: 'robots', content: 'noindex' }];

function CountForm({ productId, count, stock, name }: { productId: string; count: number; stock: number; name: string }) {
  const { t } = useTranslation('cart');
  const fetcher = useFetcher<{ ok: boolean; error?: string }>();
  return (
    <fetcher.Form method="post" action="/shopcart" style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
      <input type="hidden" name="intent" value="set" />
      <input type="hidden" name="productId" value={productId} />
      <label className="visually-hidden" htmlFor={`count-${productId}`}>
        {t('quantityOf', { name })}
      </label>
      <input
        id={`count-${productId}`}
        className="qty"
        type="number"
        name="count"
        min={1}
        max={Math.max(stock, count)}
        defaultValue={count}
        key={count}
        inputMode="numeric"
        data-testid="line-count"
        onChange={(e) => {
          const v = e.currentTarget.value;
          if (v && Number(v) >= 1) fetcher.submit(e.currentTarget.form, { method: 'post', action: '/shopcart' });
        }}
      />
      <noscript>
        <button type="submit" className="btn btn-small btn-ghost">
          {t('update')}
        </button>
      </noscript>
      {fetcher.data?.error && (
        <span className="field-error" role="alert">
          {fetcher.data.error}
        </span>
      )}
    </fetcher.Form>
  );
}

export default function ShopCart({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation('cart');
  const { t: ti } = useTranslation('influencer');
  const { price } = useFormat();
  const root = useRouteLoaderData('root') as RootData;
  const cart = root.cart;
  const boxName = useBoxLineName();
  const [search] = useSearchParams();
  return (
    <div className="container">
      <h1>{t('title')}</h1>
      <AddedNotice cart={cart} added={search.get('added')} back={search.get('back')} />
      {search.get('box') === 'created' && cart.lines.some((l) => l.box) && (
        <p className="form-success" role="status" data-testid="box-created">
          {t('custombox:created')}
        </p>
      )}
      {actionData?.error && (
        <p className="form-error" role="alert">
          {actionData.error}
        </p>
      )}
      {cart.lines.length === 0 ? (
        <EmptyState testId="cart-empty" text={t('empty')} linkText={t('continueShopping')} />
      ) : (
        <div className="cart-layout">
          <DataTable
            className="cart-table"
            testId="cart-table"
            caption={t('title')}
            captionClassName="visually-hidden"
            wrapClassName={null}
            rows={cart.lines}
            rowKey={(l) => l.productId}
            rowTestId="cart-line"
            columns={[
              {
                key: 'image',
                header: <span className="visually-hidden">{t('image')}</span>,
                cell: (l) => (
                  <img
                    {...productImgProps(
                      { id: l.productId, images: l.image ? [{ path: l.image }] : [], category: l.category, brand: l.brand, name: l.name },
                      'cart-line-img',
                    )}
                    alt=""
                    width={64}
                    height={48}
                  />
                ),
              },
              {
                key: 'product',
                header: t('product'),
                cell: (l) =>
                  l.box ? (
                    <>
                      <Link to="/custombox">{boxName(l.box)}</Link>
                      <BoxContents box={l.box} />
                    </>
                  ) : (
                    <>
                      <Link to={`/productdetail?id=${encodeURIComponent(l.productId)}`}>{l.name}</Link>
                      <div className="card-meta">{packagingLabel(l.packaging, t)}</div>
                    </>
                  ),
              },
              {
                key: 'quantity',
                header: t('quantity'),
                cell: (l) =>
                  l.box ? <span data-testid="line-count">1</span> : <CountForm productId={l.productId} count={l.count} stock={l.stock} name={l.name} />,
              },
              { key: 'unit', header: t('unitPrice'), className: 'num', cell: (l) => price(l.unitPrice) },
              { key: 'total', header: t('lineTotal'), className: 'num', testId: 'line-total', cell: (l) => price(l.lineTotal) },
              {
                key: 'actions',
                header: <span className="visually-hidden">{t('actions')}</span>,
                cell: (l) => (
                  <Form method="post" action="/shopcart">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="productId" value={l.productId} />
                    <button type="submit" className="btn btn-small btn-ghost" data-testid="remove-line">
                      {t('remove')}
                      <span className="visually-hidden"> {l.box ? boxName(l.box) : l.name}</span>
                    </button>
                  </Form>
                ),
              },
            ]}
          />
          <aside className="summary" aria-labelledby="summary-h">
            <h2 id="summary-h" style={{ fontSize: '1.4rem' }}>
              {t('summary')}
            </h2>
            <SummaryRow label={t('subtotal')} value={price(cart.subtotal)} testId="cart-subtotal" />
            {cart.promoDiscount > 0 && <SummaryRow label={t('promoDiscount')} value={<bdi dir="ltr">−{price(cart.promoDiscount)}</bdi>} />}
            {cart.bonus > 0 && <SummaryRow label={ti('summary.bonus')} value={`−${price(cart.bonus)}`} testId="cart-bonus" />}
            <SummaryRow label={t('shipping.delivery')} value={cart.shipping.fee === 0 ? t('shipping.free') : price(cart.shipping.fee)} testId="cart-shipping" />
            <SummaryRow className="summary-total" label={t('orderPrice')} value={price(cart.orderPrice + cart.shipping.fee)} testId="cart-total" />
            <FreeDeliveryNote shipping={cart.shipping} />
            <p className="card-meta">{t('shipping.taxesIncluded')}</p>
            <Link to="/payment" className="btn" style={{ width: '100%' }} data-testid="checkout">
              {t('checkout')}
            </Link>
            {!root.user && <CheckoutAccountNote registerTo="/register?redirectTo=%2Fpayment" loginTo="/login?redirectTo=%2Fpayment" />}
          </aside>
        </div>
      )}
    </div>
  );
}
