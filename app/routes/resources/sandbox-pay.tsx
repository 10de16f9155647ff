/**
 * The sandbox provider's hosted payment page (/sandbox-pay?order=&token=), outside the shop's
 * layout like a real provider's page. Approve, decline or cancel: the choice is confirmed to the
 * shop with a signed webhook through the same code as `POST /api/payment/webhook/sandbox`
 * (signature check, amount check, idempotent recording), then the customer is sent back to
 * /paymentsuccess or /paymenterror. The token in the link (an HMAC of the order id) keeps others'
 * orders out.
 */
import { data, Form, redirect } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/sandbox-pay';
import { getSettings } from '../../../core/config/index.ts';
import { DomainError } from '../../../core/errors.ts';
import { findOrder } from '../../../core/orders/index.ts';
import { receiveWebhook, checkSandboxPageToken, SANDBOX_SIGNATURE_HEADER, sandboxWebhook } from '../../../core/payments/index.ts';
import { useFormat } from '../../lib/format.ts';
import { readForm } from '../../lib/page-action.server.ts';

async function orderFromQuery(request: Request, context: Route.LoaderArgs['context']) {
  const url = new URL(request.url);
  const id = url.searchParams.get('order') ?? '';
  const token = url.searchParams.get('token') ?? '';
  if (!id || id.length > 64 || !token || !checkSandboxPageToken(context.shop, id, token)) return null;
  const order = await findOrder(context.shop.db, id);
  return order && order.paymentMethod === 'sandbox' ? order : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const order = await orderFromQuery(request, context);
  if (!order) throw data({ invalid: true }, { status: 404 });
  if (order.status === 'paid') throw redirect(`/paymentsuccess?order=${order.code}`);
  if (order.status !== 'pending_payment') throw redirect(`/paymenterror?order=${order.code}&reason=error`);
  const settings = await getSettings(context.shop.db);
  return { merchant: settings.companyName, code: order.code, total: order.total };
}

export const meta: Route.MetaFunction = () => [{ title: 'Sandbox Pay' }, { name: 'robots', content: 'noindex' }];

export async function action({ request, context }: Route.ActionArgs) {
  const order = await orderFromQuery(request, context);
  if (!order) throw data({ invalid: true }, { status: 404 });
  const form = await request.formData();
  let status: 'approved' | 'declined' | 'cancelled' = 'cancelled';
  try {
    // a refused read (a NUL character) fails the payment as a refused webhook does
    const { choice } = readForm(['choice'], form);
    status = choice === 'approve' ? 'approved' : choice === 'decline' ? 'declined' : 'cancelled';
    const hook = sandboxWebhook(context.shop, order, status);
    await receiveWebhook(context.shop, 'sandbox', hook.raw, new Headers({ 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: hook.signature }));
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    context.shop.log.warn({ err: e, order: order.code }, 'sandbox payment refused');
    return redirect(`/paymenterror?order=${order.code}&reason=error`);
  }
  if (status === 'approved') return redirect(`/paymentsuccess?order=${order.code}`);
  return redirect(`/paymenterror?order=${order.code}&reason=${status}`);
}

export default function SandboxPay({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout');
  const { price } = useFormat();
  return (
    <main id="main" className="container">
      <div className="sandbox-page" data-testid="sandbox-page">
        <p className="eyebrow">Sandbox Pay</p>
        <h1 style={{ fontSize: '1.6rem' }}>{t('sandbox.title')}</h1>
        <p className="card-meta">{t('sandbox.intro')}</p>
        <dl>
          <dt>{t('sandbox.merchant')}</dt>
          <dd>{loaderData.merchant}</dd>
          <dt>{t('sandbox.order')}</dt>
          <dd>{loaderData.code}</dd>
          <dt>{t('sandbox.amount')}</dt>
          <dd data-testid="sandbox-amount">
            <strong>{price(loaderData.total)}</strong>
          </dd>
        </dl>
        <Form method="post" className="sandbox-actions">
          <button type="submit" name="choice" value="approve" className="btn" data-testid="sandbox-approve">
            {t('sandbox.approve')}
          </button>
          <button type="submit" name="choice" value="decline" className="btn btn-ghost" data-testid="sandbox-decline">
            {t('sandbox.decline')}
          </button>
          <button type="submit" name="choice" value="cancel" className="btn btn-ghost" data-testid="sandbox-cancel">
            {t('sandbox.cancel')}
          </button>
        </Form>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation('checkout');
  return (
    <main id="main" className="container">
      <div className="sandbox-page">
        <h1 style={{ fontSize: '1.6rem' }}>Sandbox Pay</h1>
        <p>{t('sandbox.invalid')}</p>
        <a href="/">{t('sandbox.back')}</a>
      </div>
    </main>
  );
}
