/**
 * Refunds on the admin's order page: the refunds so far (a Datatrans refund whose outcome is
 * unknown shows as pending, to retry with the same reference or resolve by hand), then the form
 * for a full or partial refund with the returned units and whether they go back into stock.
 */
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';
import { rappenToDecimalString } from '../../../../core/pricing/browser.ts';
import { useFormat } from '../../../lib/format.ts';
import type { AdminOrderPage } from '../../../lib/admin-order.server.ts';
import { HintedField } from '../../forms.tsx';
import { CreditNoteLink, OrderPanel } from './OrderPanel.tsx';
import type { OrderPanelProps } from './types.ts';

type Refund = AdminOrderPage['refunds'][number];

export function RefundPanel({
  order: o,
  refunds,
  returned,
  refundable,
  problem,
  busy,
}: OrderPanelProps & {
  refunds: Refund[];
  returned: Record<string, number>;
  /** What can still be refunded, in Rappen. */
  refundable: number;
}) {
  const { t: ta } = useTranslation('adminshop');
  const { price } = useFormat();
  return (
    <OrderPanel id="refund" title={ta('refund.title')}>
      {refunds.length > 0 && (
        <ul className="timeline" data-testid="refunds">
          {refunds.map((r) => (
            <RefundItem key={r.id} r={r} orderId={o.id} busy={busy} />
          ))}
        </ul>
      )}
      {refundable > 0 ? (
        <Form method="post" className="admin-form admin-refund-form">
          <input type="hidden" name="id" value={o.id} />
          <input type="hidden" name="intent" value="refund" />
          <p className="card-meta">
            {ta('refund.available', { amount: price(refundable) })}
            {o.paymentMethod === 'datatrans' ? ` ${ta('refund.viaDatatrans')}` : ` ${ta('refund.manual')}`}
          </p>
          <fieldset>
            <legend>{ta('refund.returnedItems')}</legend>
            {o.lines.map((l) => {
              const left = l.count - (returned[l.id] ?? 0);
              return (
                <div className="field admin-line-count" key={l.id}>
                  <label htmlFor={`line-${l.id}`}>
                    {l.name} <span className="card-meta">({ta('refund.upTo', { n: left })})</span>
                  </label>
                  <input
                    id={`line-${l.id}`}
                    name={`line-${l.id}`}
                    type="number"
                    min={0}
                    max={left}
                    step={1}
                    defaultValue={0}
                    inputMode="numeric"
                    disabled={left === 0}
                  />
                </div>
              );
            })}
            <div className="field field-check">
              <label>
                <input type="checkbox" name="restock" defaultChecked style={{ width: 'auto', minHeight: 0 }} /> {ta('refund.restock')}
              </label>
            </div>
          </fieldset>
          <div className="grid-2">
            <HintedField id="amount" label={ta('refund.amount')} hint={ta('refund.amountHint')} invalid={problem?.fields.amount}>
              {(control) => <input {...control} name="amount" required inputMode="decimal" defaultValue={rappenToDecimalString(refundable)} />}
            </HintedField>
            <div className="field">
              <label htmlFor="reason">{ta('refund.reason')}</label>
              <input id="reason" name="reason" maxLength={500} />
            </div>
          </div>
          <button type="submit" className="btn btn-small" disabled={busy}>
            {ta('refund.submit')}
          </button>
        </Form>
      ) : (
        <p className="card-meta">{o.paidAmount > 0 ? ta('refund.allRefunded') : ta('refund.nothingPaid')}</p>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {problem.error || ta('refund.amountInvalid')}
        </p>
      )}
    </OrderPanel>
  );
}

/** One refund: amount, units, credit note; a pending one with its retry / resolve buttons. */
function RefundItem({ r, orderId, busy }: { r: Refund; orderId: string; busy: boolean }) {
  const { t: ta } = useTranslation('adminshop');
  const { price, dateTime } = useFormat();
  return (
    <li data-status={r.status} className={r.status === 'pending' ? 'refund-pending' : undefined}>
      {r.status === 'pending' && (
        <>
          <strong className="status-badge status-pending_payment">{ta('refundState.pending')}</strong>{' '}
        </>
      )}
      {r.status === 'failed' && <strong>{ta('refundState.failed')} · </strong>}
      {dateTime(r.at)} · −{price(r.amount)} · {r.lines.map((l) => `${l.count}× ${l.sku}`).join(', ') || ta('refund.noItems')}
      {r.restock ? ` · ${ta('refund.restocked')}` : ''}
      {r.reason ? ` · ${r.reason}` : ''}
      <CreditNoteLink number={r.creditNoteNumber} />
      {r.status === 'failed' && r.message ? ` · ${r.message}` : ''}
      {r.status === 'pending' && (
        <>
          <span className="card-meta" style={{ display: 'block' }}>
            {ta('refundState.pendingHint', { key: r.key ?? '', message: r.message ?? '—' })}
          </span>
          <span className="admin-actions">
            <Form method="post" style={{ display: 'inline' }}>
              <input type="hidden" name="id" value={orderId} />
              <input type="hidden" name="refundId" value={r.id} />
              <button className="btn btn-small" name="intent" value="refund-retry" disabled={busy}>
                {ta('refundState.retry')}
              </button>
            </Form>
            <Form method="post" style={{ display: 'inline' }}>
              <input type="hidden" name="id" value={orderId} />
              <input type="hidden" name="refundId" value={r.id} />
              <input type="hidden" name="intent" value="refund-resolve" />
              <button className="btn btn-small btn-ghost" name="outcome" value="refunded" disabled={busy}>
                {ta('refundState.markRefunded')}
              </button>{' '}
              <button className="btn btn-small btn-ghost" name="outcome" value="not_refunded" disabled={busy}>
                {ta('refundState.markNotRefunded')}
              </button>
            </Form>
          </span>
        </>
      )}
    </li>
  );
}
