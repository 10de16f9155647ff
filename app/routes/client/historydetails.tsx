/**
 * Order details (/client/historydetails?id=<code or id>): the title includes the order code;
 * lines, order summary (subtotal, discount, shipping fee, total, VAT), payment status, delivery
 * address, status history and the invoice (or QR-bill) download. Own orders only: another
 * customer's order is "not found". Also the customer's own routine (docs/api.md, "Running the
 * shop day to day"): the parcel's tracking link, the documents (invoice, credit notes), cancelling
 * while unpaid, and a return request (damaged goods or a wrong item, up to 7 days after delivery,
 * with a message, up to 3 photos and, for a bank-transfer order, the IBAN for the refund), with
 * the returns asked so far. Forms work without JavaScript.
 */
import { redirect } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Route } from './+types/historydetails';
import { getOrderFor } from '../../../core/orders/index.ts';
import { OrderSummary, PaymentBox } from '../../components/OrderSummary.tsx';
import { SummaryRow } from '../../components/SummaryRow.tsx';
import { BoxContents, useBoxLineName } from '../../components/custombox/BoxContents.tsx';
import { OrderLinesTable } from '../../components/order/OrderLinesTable.tsx';
import { PostalAddress } from '../../components/order/PostalAddress.tsx';
import { BankTransferBox } from '../../components/order/BankTransferBox.tsx';
import { OrderAside } from '../../components/client/order/OrderAside.tsx';
import { ReturnsSection } from '../../components/client/order/ReturnsSection.tsx';
import { customerOrderPage } from '../../lib/customer-order.server.ts';
import { useFormat } from '../../lib/format.ts';
import { pageMeta } from '../../lib/meta.ts';
import { packagingLabel } from '../../../core/catalogue/browser.ts';
import { requireUser } from '../../lib/auth.server.ts';
import { MAX_RETURN_MESSAGE } from '../../../core/returns/browser.ts';
import { cancelOrderByCustomer, requestReturn, setReturnIban } from '../../../core/returns/index.ts';
import { formFiles, pageAction, readForm } from '../../lib/page-action.server.ts';
import { loaderGuard } from '../../lib/loader-guard.server.ts';
import { MAX_ID_LENGTH } from '../../../core/validation.ts';
import { mayPayNow, payNow } from '../../../core/payments/index.ts';
import { PayNowForm } from '../../components/client/order/PayNowForm.tsx';
import { beforeBody, checkReturnBeforeBody, countReturnRequest, mayCarryPhotos, readSmallForm } from '../../lib/return-request.server.ts';
import '../../styles/returns.css';
import { BackLink } from '../../components/BackLink.tsx';

export async function loader({ context, url }: Route.LoaderArgs) {
  if (!context.auth) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  const id = (url.searchParams.get('id') ?? '').slice(0, MAX_ID_LENGTH);
  const auth = context.auth;
  // someone else's order reads as an unknown one (its existence is not revealed)
  return loaderGuard(
    context,
    async () => {
      const order = await getOrderFor(context.shop, id, auth);
      return { ...(await customerOrderPage(context.shop.db, order, context.lang, url.searchParams.get('done'))), canPayNow: mayPayNow(order) };
    },
    { hide: 'all', notFound: { notFound: true } },
  );
}

type ActionResult = { intent: 'cancel' | 'return' | 'iban' | 'pay'; error: string; fields: Record<string, string> };

/**
 * The order page's forms (return, refund IBAN, cancel, pay): which one posted and its fields.
 * A message longer than core takes is cut a little beyond its limit, so core still names it too long.
 */
const ReturnForm = z.object({
  intent: z.string().default(''),
  returnId: z.string().default(''),
  iban: z.string().default(''),
  reason: z.string().default(''),
  message: z
    .string()
    .default('')
    .transform((m) => m.slice(0, MAX_RETURN_MESSAGE + 100)),
  photos: formFiles,
});

export async function action({ request, context }: Route.ActionArgs) {
  const auth = requireUser(context, request);
  const id = (new URL(request.url).searchParams.get('id') ?? '').slice(0, MAX_ID_LENGTH);
  const shop = context.shop;
  let intent: ActionResult['intent'] = 'return';
  return pageAction(
    context,
    async () => {
      // before the body is read (app/lib/return-request.server.ts): the customer's own order and,
      // for a body that may carry photos, the rate limit and the right to return it now
      const order = await beforeBody(request, () => getOrderFor(shop, id, { userId: auth.userId, role: 'Customer' }));
      const photosPossible = mayCarryPhotos(request);
      if (photosPossible) await checkReturnBeforeBody(request, shop, order, context.clientIp, auth.userId);
      const form = photosPossible ? await request.formData() : await readSmallForm(request);
      const f = readForm(ReturnForm, form);
      intent = f.intent === 'cancel' || f.intent === 'iban' || f.intent === 'pay' ? f.intent : 'return';
      const back = (done: string) => redirect(`/client/historydetails?id=${order.code}&done=${done}`);
      // a new payment of this same order at its provider (core/payments/pay-now.ts), not a new order
      if (intent === 'pay') return redirect((await payNow(shop, order.id, { userId: auth.userId, role: 'Customer' }, context.origin)).redirectUrl);
      if (intent === 'cancel') {
        await cancelOrderByCustomer(shop, order.id, auth.userId);
        return back('cancelled');
      }
      if (intent === 'iban') {
        await setReturnIban(shop, f.returnId.slice(0, MAX_ID_LENGTH), auth.userId, f.iban);
        return back('iban');
      }
      if (!photosPossible) await countReturnRequest(shop, context.clientIp, auth.userId);
      // a count per line of the order, named `line-<line id>`
      const lineNames = [...new Set(form.keys())].filter((k) => k.startsWith('line-'));
      const counts = readForm(lineNames, form);
      const lines = lineNames.map((k) => {
        const n = Number(counts[k] || '0');
        return { lineId: k.slice(5), count: Number.isFinite(n) ? n : -1 };
      });
      await requestReturn(shop, {
        orderId: order.id,
        userId: auth.userId,
        reason: f.reason,
        message: f.message,
        lines: lines.length ? lines : undefined,
        photos: await Promise.all(f.photos.map(async (p) => ({ bytes: new Uint8Array(await p.arrayBuffer()), name: p.name }))),
        // core checks the IBAN (ibantools) and names what is wrong with it
        iban: f.iban,
        requireIban: true,
      });
      return back('returned');
    },
    { extra: (): Pick<ActionResult, 'intent'> => ({ intent }) },
  );
}

export const meta: Route.MetaFunction = ({ data }) => [...pageMeta({ title: data?.title ?? 'Order' }), { name: 'robots', content: 'noindex' }];

export default function HistoryDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout');
  const boxName = useBoxLineName();
  const { price, date, dateTime } = useFormat();
  const o = loaderData.order;
  const invoice = o.paymentStatus === 'paid' && o.invoiceNumber;
  const qrBill = !invoice && o.paymentMethod === 'qr-bill' && o.status === 'pending_payment';
  return (
    <div className="container">
      <BackLink to="/client/history">{t('details.back')}</BackLink>
      <h1 data-testid="order-title">{t('details.title', { code: o.code })}</h1>
      <p className="card-meta">
        {t('details.placed', { date: dateTime(o.createdAt) })} ·{' '}
        <span className={`status-badge status-${o.status}`} data-testid="order-status">
          {t(`status.${o.status}`)}
        </span>
      </p>
      {loaderData.done && !actionData && (
        <p className="form-success" role="status" data-testid="order-done">
          {t(`returns.done_${loaderData.done}`)}
        </p>
      )}
      {loaderData.canPayNow && <PayNowForm code={o.code} error={actionData?.intent === 'pay' ? actionData.error : null} />}
      {/* a "pay now" refused because the order was paid, cancelled or expired meanwhile */}
      {!loaderData.canPayNow && actionData?.intent === 'pay' && (
        <p className="form-error" role="alert" data-testid="pay-now-refused">
          {actionData.error}
        </p>
      )}
      <div className="cart-layout">
        <div>
          <h2 className="checkout-h2">{t('details.items')}</h2>
          <OrderLinesTable
            lines={o.lines}
            item={(l) => (
              <>
                {l.box ? boxName(l.box) : l.name}
                <span className="card-meta" style={{ display: 'block' }}>
                  {t('details.sku')} {l.sku} · {l.box ? l.name : packagingLabel(l.packaging, t)}
                </span>
                {l.box && <BoxContents box={l.box} />}
              </>
            )}
          />
          <h2 className="checkout-h2" style={{ marginTop: 24 }}>
            {t('details.deliveryTo')}
          </h2>
          <PostalAddress
            style={{ fontStyle: 'normal' }}
            address={o.address}
            country={o.address.country === 'LI' ? t('payment.countryLI') : t('payment.countryCH')}
          />
          <h2 className="checkout-h2" style={{ marginTop: 24 }}>
            {t('details.timeline')}
          </h2>
          <ul className="timeline">
            {loaderData.events.map((e) => (
              <li key={e.id}>
                {dateTime(e.at)} — {t(`status.${e.status}`)}
              </li>
            ))}
          </ul>
          <ReturnsSection
            data={loaderData}
            returnProblem={actionData?.intent === 'return' ? actionData : null}
            ibanProblem={actionData?.intent === 'iban' ? actionData : null}
          />
        </div>
        <div>
          <OrderSummary s={o} vatRate={loaderData.vatRate} />
          <PaymentBox paymentMethod={o.paymentMethod} paymentStatus={o.paymentStatus}>
            {o.paidAmount > 0 && <SummaryRow label={t('details.paid')} value={`${price(o.paidAmount)}${o.paidAt ? ` · ${date(o.paidAt)}` : ''}`} />}
            {invoice && (
              <a className="btn btn-ghost" style={{ width: '100%', marginTop: 12 }} href={`/client/invoice?id=${o.code}`} data-testid="invoice-download">
                {t('details.invoice')}
              </a>
            )}
            {qrBill && (
              <>
                <a className="btn btn-ghost" style={{ width: '100%', marginTop: 12 }} href={`/client/invoice?id=${o.code}`} data-testid="qr-bill-download">
                  {t('details.qrBill')}
                </a>
                <p className="card-meta" data-testid="invoice-after-payment">
                  {t('transfer.invoiceAfterPayment')}
                </p>
              </>
            )}
          </PaymentBox>
          {loaderData.transfer && <BankTransferBox transfer={loaderData.transfer} />}
          <OrderAside data={loaderData} qrBillOffered={Boolean(qrBill)} cancelError={actionData?.intent === 'cancel' ? actionData.error : null} />
        </div>
      </div>
    </div>
  );
}
