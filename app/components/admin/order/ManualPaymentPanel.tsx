/**
 * "Record a payment" on the admin's order page, for a bank-transfer (QR-bill) order not yet fully
 * paid: amount in CHF (`85.50`, `85,50` or `85`), the day it arrived (today in the shop's time
 * zone by default), how it came in (bank transfer, cash, TWINT to the shop's phone, other) and a
 * note. A plain POST form; the hidden one-time key makes a form sent twice record one payment.
 */
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format.ts';
import type { AdminOrderPage } from '../../../lib/admin-order.server.ts';
import { Field, SelectField } from '../../forms.tsx';
import { OrderPanel } from './OrderPanel.tsx';
import type { OrderPanelProps } from './types.ts';

type ManualPaymentForm = NonNullable<AdminOrderPage['manualPayment']>;

export function ManualPaymentPanel({
  order: o,
  form: f,
  problem,
  busy,
}: OrderPanelProps & { form: ManualPaymentForm; problem: (OrderPanelProps['problem'] & { values?: Record<string, string> }) | null }) {
  const { t: ta } = useTranslation('adminshop');
  const { price } = useFormat();
  const values = problem?.values ?? {};
  return (
    <OrderPanel id="payment" title={ta('manualPayment.title')}>
      <p className="card-meta">{ta('manualPayment.hint')}</p>
      <p data-testid="manual-payment-open">{ta('manualPayment.open', { amount: price(f.open), total: price(o.total) })}</p>
      <Form method="post" className="admin-form" data-testid="manual-payment-form">
        <input type="hidden" name="id" value={o.id} />
        <input type="hidden" name="intent" value="payment" />
        <input type="hidden" name="paymentKey" value={f.key} />
        {problem?.error && (
          <p className="form-error" role="alert" data-testid="manual-payment-error">
            {problem.error}
          </p>
        )}
        <div className="grid-2">
          <Field
            name="amount"
            id="payment-amount"
            label={ta('manualPayment.amount')}
            hint={ta('manualPayment.amountHint')}
            error={problem?.fields.amount}
            required
            inputMode="decimal"
            autoComplete="off"
            defaultValue={values.amount ?? ''}
          />
          <Field
            name="day"
            id="payment-day"
            type="date"
            label={ta('manualPayment.day')}
            error={problem?.fields.day}
            required
            max={f.today}
            defaultValue={values.day ?? f.today}
          />
          <SelectField
            name="method"
            id="payment-method"
            label={ta('manualPayment.method')}
            error={problem?.fields.method}
            defaultValue={values.method ?? 'bank_transfer'}
            options={f.methods.map((m) => ({ value: m, label: ta(`manualPayment.methods.${m}`) }))}
          />
          <Field
            name="note"
            id="payment-note"
            label={ta('manualPayment.note')}
            error={problem?.fields.note}
            maxLength={f.noteMax}
            defaultValue={values.note ?? ''}
          />
        </div>
        <button type="submit" className="btn btn-small" disabled={busy} data-testid="manual-payment-submit">
          {ta('manualPayment.submit')}
        </button>
      </Form>
    </OrderPanel>
  );
}
