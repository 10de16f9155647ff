/**
 * Payment step (/payment, "finish payment, complete your purchase"). Signed-in
 * customers only (others go to /login and come back here). Delivery address prefilled from the
 * profile and editable (Switzerland, Liechtenstein only when the settings serve it; 4-digit postcode), promo code, payment method,
 * order summary with subtotal, discount, shipping fee, total and the VAT it contains. Placing the
 * order takes the stock and sends the customer to the payment page (or, for bank transfer, to
 * the confirmation with the QR-bill). Works without JavaScript.
 */
import { useState } from 'react';
import { Link, redirect, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Route } from './+types/payment';
import { findUser } from '../../core/accounts/index.ts';
import { getCart, cartTotals, applyPromoCode } from '../../core/cart/index.ts';
import { getSettings } from '../../core/config/index.ts';
import { availablePaymentMethods, createOrder } from '../../core/orders/index.ts';
import { cardOnlyRelease } from '../../core/releases/index.ts';
import { orderTotals } from '../../core/orders/browser.ts';
import { startPayment } from '../../core/payments/index.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { OrderSummary } from '../components/OrderSummary.tsx';
import { CheckoutLines } from '../components/checkout/CheckoutLines.tsx';
import { DeliveryForm } from '../components/checkout/DeliveryForm.tsx';
import { PromoForm } from '../components/checkout/PromoForm.tsx';
import { translate, translateError } from '../../core/i18n/index.ts';
import { pageAction, readForm } from '../lib/page-action.server.ts';
import { useFormat } from '../lib/format.ts';
import { pageMeta } from '../lib/meta.ts';
import { loginUrl } from '../lib/auth.server.ts';
import { consumeRateLimit } from '../../core/rate-limit/index.ts';

function requireUser(request: Request, auth: { userId: string; role: string } | null) {
  if (!auth) throw redirect(loginUrl(request));
  return auth;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = requireUser(request, context.auth);
  const { db } = context.shop;
  const user = await findUser(db, auth.userId);
  if (!user) throw redirect('/login?redirectTo=/payment');
  const settings = await getSettings(db);
  const cart = await getCart(db, auth.userId);
  const totals = await cartTotals(db, cart);
  // a release that takes card payment only (core/releases) leaves bank transfer out
  const cardOnly = await cardOnlyRelease(
    db,
    cart.lines.filter((l) => !l.box).map((l) => l.product.id),
  );
  return {
    title: translate(context.lang, 'checkout:payment.title'),
    closed: settings.shop_closed,
    methods: availablePaymentMethods(context.shop.env, settings).filter((m) => !cardOnly || m !== 'qr-bill'),
    liechtenstein: settings.deliverLiechtenstein,
    address: {
      firstName: user.firstName,
      lastName: user.lastName,
      street: user.street,
      postalCode: user.postalCode,
      city: user.city,
      country: user.country || 'CH',
    },
    lines: cart.lines.map((l) => ({
      id: l.product.id,
      name: l.product.name,
      packaging: l.product.packaging,
      count: l.count,
      lineTotal: l.lineTotal,
      box: l.box ? { items: l.box.items.map((i) => ({ name: i.name, count: i.count })), messageKind: l.box.messageKind, message: l.box.message } : null,
    })),
    summary: { ...orderTotals(cart.subtotal, totals.promoDiscount, settings, totals.bonus), promoCode: cart.promoCode },
    promoCode: cart.promoCode,
    promoProblem: totals.promoProblem ? translateError(context.lang, totals.promoProblem) : null,
    vatRate: settings.vatRateBasisPoints / 100,
    freeFrom: settings.freeShippingThreshold,
  };
}

export const meta: Route.MetaFunction = ({ data }) => [...pageMeta({ title: data?.title ?? 'Payment' }), { name: 'robots', content: 'noindex' }];

const PayForm = z.object({
  intent: z.literal('pay'),
  paymentMethod: z.string().max(20),
  firstName: z.string().max(80),
  lastName: z.string().max(80),
  street: z.string().max(120),
  postalCode: z.string().max(10),
  city: z.string().max(80),
  country: z.string().max(2),
});

type ActionResult = { intent: 'promo' | 'pay'; error?: string; fields?: Record<string, string>; ok?: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  const auth = requireUser(request, context.auth);
  const form = await request.formData();
  const { shop, lang } = context;
  // which form posted, read in the page action (a refused read is answered under the promo form)
  let intent: ActionResult['intent'] = 'promo';
  return pageAction(
    context,
    async () => {
      const posted = readForm(['intent', 'code'], form);
      intent = posted.intent === 'pay' ? 'pay' : 'promo';
      if (posted.intent === 'promo' || posted.intent === 'promo-remove') {
        // core looks the code up as typed (trimmed, upper case): an unknown one is refused there
        const code = posted.intent === 'promo-remove' ? '' : posted.code;
        await consumeRateLimit(shop, 'promo', context.clientIp ?? 'unknown', auth.userId); // guessing codes is throttled
        await applyPromoCode(shop.db, auth.userId, code, auth.userId);
        return { intent: 'promo', ok: true } satisfies ActionResult;
      }
      const { paymentMethod, intent: _intent, ...address } = readForm(PayForm, form);
      await consumeRateLimit(shop, 'order', context.clientIp ?? 'unknown', auth.userId); // orders hold stock: throttled
      const order = await createOrder(shop, { userId: auth.userId, paymentMethod, address, locale: lang });
      if (order.status === 'paid') return redirect(`/paymentsuccess?order=${order.code}`); // paid entirely with bonus (ADR 009)
      const start = await startPayment(shop, order.id, auth, context.origin);
      if ('redirectUrl' in start) return redirect(start.redirectUrl);
      return redirect(`/paymentsuccess?order=${order.code}`);
    },
    { extra: () => ({ intent }) },
  );
}

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout');
  const { price } = useFormat();
  const nav = useNavigation();
  const d = loaderData;
  const a = actionData as ActionResult | undefined;
  const busy = nav.state !== 'idle' && nav.formData?.get('intent') === 'pay';
  const fe = a?.intent === 'pay' ? (a.fields ?? {}) : {};
  const [method, setMethod] = useState<string>(d.methods[0] ?? 'sandbox');
  if (d.lines.length === 0)
    return (
      <div className="container">
        <h1>{t('payment.heading')}</h1>
        <EmptyState testId="payment-empty" text={t('payment.emptyCart')} linkText={t('history.shop')} />
      </div>
    );
  return (
    <div className="container checkout">
      <h1>{t('payment.heading')}</h1>
      {d.closed && (
        <p className="form-error" role="alert">
          {t('payment.closed')}
        </p>
      )}
      <div className="cart-layout">
        <div>
          <PromoForm promoCode={d.promoCode} promoProblem={d.promoProblem} error={a?.intent === 'promo' && a.error ? a.error : null} />
          <DeliveryForm
            address={d.address}
            liechtenstein={d.liechtenstein}
            methods={d.methods}
            fieldErrors={fe}
            error={a?.intent === 'pay' && a.error ? a.error : null}
            onMethod={setMethod}
          />
        </div>
        <div>
          <OrderSummary s={d.summary} vatRate={d.vatRate} freeFrom={d.freeFrom} />
          <CheckoutLines lines={d.lines} />
          <button
            type="submit"
            form="pay-form"
            className="btn"
            style={{ width: '100%' }}
            disabled={d.closed || busy || d.methods.length === 0}
            data-testid="pay"
          >
            {method === 'qr-bill' ? t('payment.placeOrder') : t('payment.pay', { total: price(d.summary.total) })}
          </button>
          <p style={{ marginTop: 12 }}>
            <Link to="/shopcart">{t('payment.backToCart')}</Link>
          </p>
        </div>
      </div>
    </div>
  );
}
