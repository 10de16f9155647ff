/** The payment side of the admin's order page: paid, refunded, invoice number, each payment and refund movement, the invoice PDF. */
import { useTranslation } from 'react-i18next';
import { PaymentBox } from '../../OrderSummary.tsx';
import { SummaryRow } from '../../SummaryRow.tsx';
import { useFormat } from '../../../lib/format.ts';
import type { AdminOrderPage } from '../../../lib/admin-order.server.ts';

export function AdminPaymentBox({ order: o, payments }: { order: AdminOrderPage['order']; payments: AdminOrderPage['payments'] }) {
  const { t } = useTranslation('checkout');
  const { t: ta } = useTranslation('adminshop');
  const { price, date, dateTime } = useFormat();
  return (
    <PaymentBox paymentMethod={o.paymentMethod} paymentStatus={o.paymentStatus}>
      <SummaryRow label={t('details.paid')} value={price(o.paidAmount)} />
      {o.refundedAmount > 0 && <SummaryRow label={ta('refund.refunded')} value={`−${price(o.refundedAmount)}`} testId="refunded-amount" />}
      {o.invoiceNumber && <SummaryRow label={t('admin.invoiceNo')} value={o.invoiceNumber} />}
      <ul className="timeline">
        {payments.map((p) => (
          <li key={p.id}>
            {p.manual ? (
              <>
                {p.manual.day ? date(`${p.manual.day}T12:00:00Z`) : dateTime(p.at)} · {ta('manualPayment.entry')} ·{' '}
                {ta(`manualPayment.methods.${p.manual.method}`)}
              </>
            ) : (
              <>
                {dateTime(p.at)} · {p.provider} <code>{p.providerRef}</code>
              </>
            )}{' '}
            · {price(p.amount)} ·{' '}
            {p.status === 'refund'
              ? ta('refund.movement')
              : t(`admin.payment_${p.status === 'overpaid' ? 'overpaid' : p.status === 'unmatched' ? 'unmatched' : 'captured'}`)}
            {p.manual?.note ? ` · ${p.manual.note}` : ''}
          </li>
        ))}
      </ul>
      {(o.invoiceNumber || (o.paymentMethod === 'qr-bill' && o.status === 'pending_payment')) && (
        <a className="btn btn-ghost btn-small" href={`/client/invoice?id=${o.code}`}>
          {ta('orders.invoicePdf')}
        </a>
      )}
    </PaymentBox>
  );
}
