/**
 * Payment step (/payment, "finish payment, complete your purchase"). Signed-in
 * customers only (others go to /login and come back here). Delivery address prefilled from the
 * profile and editable (Switzerland, Liechtenstein only when the settings serve it; 4-digit postcode), promo code, payment method,
 * order summary with subtotal, discount, shipping fee, total and the VAT it contains. Placing the
 * order takes the stock and sends the customer to the payment page (or, for bank transfer, to
 * the confirmation with the QR-bill). Works without JavaScript.
 */
import { useState } from 'react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Route } from './+types/payment';
import { findUser } from '../../core/accounts/index.ts';
import { getCart } from '../../core/cart/index.ts';
import { cartTotals } from '../../core/cart/index.ts';
import { getSettings } from '../../core/config/index.ts';
import { availablePaymentMethods, createOrder } from '../../core/orders/index.ts';
import { orderTotals } from '../../core/orders/browser.ts';
import { startPayment } from '../../core/payments/index.ts';
import { applyPromoCode } from '../../core/cart/index.ts';
import { OrderSummary } from '../components/OrderSummary.tsx';
import { BoxContents, useBoxLineName } from '../components/custombox/BoxContents.tsx';
import { translate, translateError } from '../i18n/resources.server.ts';
import { pageAction, readForm } from '../lib/page-action.server.ts';
import { useFormat } from '../lib/format.ts';
import { pageMeta } from '../lib/meta.ts';
import { loginUrl } from '../lib/auth.server.ts';
import { consumeRateLimit } from '../../core/rate-limit/index.ts';
import { packagingLabel } from '../../core/catalogue/browser.ts';

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
  return {
    title: translate(context.lang, 'checkout:payment.title'),
    closed: settings.shop_closed,
    methods: availablePaymentMethods(context.shop.env, settings),
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
  const intent = form.get('intent') === 'pay' ? 'pay' : 'promo';
  return pageAction(
    context,
    async () => {
      if (form.get('intent') === 'promo' || form.get('intent') === 'promo-remove') {
        const code = form.get('intent') === 'promo-remove' ? '' : String(form.get('code') ?? '').slice(0, 32);
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

function Field({
  name,
  label,
  value,
  error,
  ...rest
}: { name: string; label: string; value: string; error?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <input
        id={`f-${name}`}
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `e-${name}` : undefined}
        required
        {...rest}
      />
      {error && (
        <p className="field-error" id={`e-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout');
  const { price } = useFormat();
  const boxName = useBoxLineName();
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
        <div className="empty" data-testid="payment-empty">
          <p>{t('payment.emptyCart')}</p>
          <Link to="/client/products" className="btn">
            {t('history.shop')}
          </Link>
        </div>
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
          <Form method="post" className="checkout-promo" aria-labelledby="promo-h">
            <h2 id="promo-h" className="checkout-h2">
              {t('promo.label')}
            </h2>
            {d.promoCode ? (
              <div className="checkout-promo-row">
                <p className={d.promoProblem ? 'field-error' : 'form-success'} data-testid="promo-state" style={{ margin: 0, flex: 1 }}>
                  {d.promoProblem ? t('promo.notApplying', { code: d.promoCode, reason: d.promoProblem }) : t('promo.applied', { code: d.promoCode })}
                </p>
                <button type="submit" name="intent" value="promo-remove" className="btn btn-small btn-ghost">
                  {t('promo.remove')}
                </button>
              </div>
            ) : (
              <div className="checkout-promo-row">
                <label htmlFor="f-code" className="visually-hidden">
                  {t('promo.label')}
                </label>
                <input
                  id="f-code"
                  name="code"
                  maxLength={32}
                  autoComplete="off"
                  style={{ textTransform: 'uppercase' }}
                  aria-invalid={a?.intent === 'promo' && a.error ? true : undefined}
                />
                <button type="submit" name="intent" value="promo" className="btn btn-small btn-ghost">
                  {t('promo.apply')}
                </button>
              </div>
            )}
            {a?.intent === 'promo' && a.error && (
              <p className="field-error" role="alert" data-testid="promo-error">
                {a.error}
              </p>
            )}
          </Form>

          <Form method="post" id="pay-form" aria-labelledby="delivery-h">
            <input type="hidden" name="intent" value="pay" />
            <h2 id="delivery-h" className="checkout-h2">
              {t('payment.delivery')}
            </h2>
            <p className="card-meta">{t('payment.deliveryNote', { context: d.liechtenstein ? 'li' : undefined })}</p>
            <div className="checkout-grid">
              <Field
                name="firstName"
                label={t('payment.firstName')}
                value={d.address.firstName}
                error={fe.firstName}
                autoComplete="given-name"
                maxLength={80}
              />
              <Field name="lastName" label={t('payment.lastName')} value={d.address.lastName} error={fe.lastName} autoComplete="family-name" maxLength={80} />
            </div>
            <Field name="street" label={t('payment.street')} value={d.address.street} error={fe.street} autoComplete="street-address" maxLength={120} />
            <div className="checkout-grid">
              <Field
                name="postalCode"
                label={t('payment.postalCode')}
                value={d.address.postalCode}
                error={fe.postalCode}
                autoComplete="postal-code"
                inputMode="numeric"
                pattern="\d{4}"
                maxLength={4}
              />
              <Field name="city" label={t('payment.city')} value={d.address.city} error={fe.city} autoComplete="address-level2" maxLength={80} />
            </div>
            <div className="field">
              <label htmlFor="f-country">{t('payment.country')}</label>
              <select id="f-country" name="country" defaultValue={d.address.country === 'LI' && d.liechtenstein ? 'LI' : 'CH'}>
                <option value="CH">{t('payment.countryCH')}</option>
                {d.liechtenstein && <option value="LI">{t('payment.countryLI')}</option>}
              </select>
              {fe.country && <p className="field-error">{fe.country}</p>}
            </div>

            <fieldset className="checkout-methods">
              <legend className="checkout-h2">{t('payment.method')}</legend>
              {d.methods.length === 0 && (
                <p className="form-error" role="alert" data-testid="no-payment-method">
                  {t('readiness.noPaymentMethod')}
                </p>
              )}
              {d.methods.map((m, i) => (
                <label key={m} className="checkout-method">
                  <input type="radio" name="paymentMethod" value={m} defaultChecked={i === 0} onChange={() => setMethod(m)} data-testid={`method-${m}`} />
                  <span>
                    <strong>{t(m === 'qr-bill' ? 'payment.methodQrBill' : m === 'datatrans' ? 'payment.methodDatatrans' : 'payment.methodSandbox')}</strong>
                    <span className="card-meta" style={{ display: 'block' }}>
                      {t(m === 'qr-bill' ? 'payment.methodQrBillHint' : m === 'datatrans' ? 'payment.methodDatatransHint' : 'payment.methodSandboxHint')}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
            {a?.intent === 'pay' && a.error && (
              <p className="form-error" role="alert" data-testid="pay-error">
                {a.error}
              </p>
            )}
            <p className="card-meta">{t('payment.adultNote')}</p>
          </Form>
        </div>
        <div>
          <OrderSummary s={d.summary} vatRate={d.vatRate} freeFrom={d.freeFrom} />
          <ul className="checkout-lines" aria-label={t('summary.items', { count: d.lines.reduce((n, l) => n + l.count, 0) })}>
            {d.lines.map((l) => (
              <li key={l.id}>
                <span>
                  {l.box ? (
                    boxName(l.box)
                  ) : (
                    <>
                      {l.count} × {l.name} <span className="card-meta">{packagingLabel(l.packaging, t)}</span>
                    </>
                  )}
                  {l.box && <BoxContents box={l.box} />}
                </span>
                <span>{price(l.lineTotal)}</span>
              </li>
            ))}
          </ul>
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
