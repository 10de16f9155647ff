/**
 * The customer's returns on the admin's order page: reason, message, photos and IBAN of each
 * request; while open, the forms that accept it (refund, credit note, restock if ticked) or refuse
 * it with a reason.
 */
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';
import { rappenToDecimalString } from '../../../../core/pricing/browser.ts';
import { useFormat } from '../../../lib/format.ts';
import { ReturnPhotos } from '../../order/ReturnPhotos.tsx';
import type { AdminOrderPage } from '../../../lib/admin-order.server.ts';
import { HintedField } from '../../forms.tsx';
import { CreditNoteLink, OrderPanel } from './OrderPanel.tsx';
import type { FormProblem } from './types.ts';

type AdminReturn = AdminOrderPage['returns'][number];
/** A refused accept or refuse form of one return. */
export type ReturnProblem = FormProblem & { intent: string };

/** The customer's returns: the request, and accept / refuse forms while it is open. */
export function AdminReturns({
  returns,
  orderId,
  problemOf,
  busy,
}: {
  returns: AdminReturn[];
  orderId: string;
  /** The refused accept / refuse form of a return, if its last answer was one. */
  problemOf: (returnId: string) => ReturnProblem | null;
  busy: boolean;
}) {
  const { t: ta } = useTranslation('adminshop');
  const { t } = useTranslation('checkout');
  const { price, dateTime } = useFormat();
  if (returns.length === 0) return null;
  return (
    <OrderPanel id="returns" title={ta('returns.title')}>
      <ul className="return-list" data-testid="admin-returns">
        {returns.map((r) => {
          const err = problemOf(r.id);
          return (
            <li key={r.id} className="return-item">
              <p>
                <span className={`status-badge return-${r.status}`} data-testid="admin-return-status">
                  {t(`returns.status_${r.status}`)}
                </span>{' '}
                <strong>{t(`returns.reason_${r.reason}`)}</strong> · {dateTime(r.createdAt)}
              </p>
              <p className="card-meta">{r.lines.map((l) => `${l.count}× ${l.sku} ${l.name}`).join(', ')}</p>
              <p className="return-message">{r.message}</p>
              <ReturnPhotos photos={r.photos} />
              {r.iban ? (
                <p>
                  {ta('returns.iban')}: <code data-testid="admin-return-iban">{r.iban}</code>
                </p>
              ) : null}
              {r.status !== 'requested' && (
                <p className="card-meta">
                  {r.decidedAt ? dateTime(r.decidedAt) : ''}
                  {r.note ? ` · ${r.note}` : ''}
                  <CreditNoteLink number={r.creditNote} />
                  {r.restock ? ` · ${ta('refund.restocked')}` : ''}
                </p>
              )}
              {r.status === 'requested' && (
                <div className="admin-return-forms">
                  <Form method="post" className="admin-form">
                    <input type="hidden" name="id" value={orderId} />
                    <input type="hidden" name="returnId" value={r.id} />
                    <input type="hidden" name="intent" value="return-accept" />
                    <HintedField
                      id={`ret-amount-${r.id}`}
                      label={ta('returns.amount')}
                      hint={ta('returns.amountHint', { amount: price(r.suggested) })}
                      hintId={`ret-amount-hint-${r.id}`}
                      invalid={err?.intent === 'return-accept' && err.fields.amount}
                    >
                      {(control) => <input {...control} name="amount" required inputMode="decimal" defaultValue={rappenToDecimalString(r.suggested)} />}
                    </HintedField>
                    <div className="field field-check">
                      <label>
                        <input type="checkbox" name="restock" defaultChecked={r.reason === 'wrong_item'} style={{ width: 'auto', minHeight: 0 }} />{' '}
                        {ta('refund.restock')}
                      </label>
                    </div>
                    <div className="field">
                      <label htmlFor={`ret-note-${r.id}`}>{ta('returns.note')}</label>
                      <input id={`ret-note-${r.id}`} name="note" maxLength={500} />
                    </div>
                    <button type="submit" className="btn btn-small" disabled={busy} data-testid="return-accept">
                      {ta('returns.accept')}
                    </button>
                  </Form>
                  <Form method="post" className="admin-form">
                    <input type="hidden" name="id" value={orderId} />
                    <input type="hidden" name="returnId" value={r.id} />
                    <input type="hidden" name="intent" value="return-refuse" />
                    <div className="field">
                      <label htmlFor={`ret-why-${r.id}`}>{ta('returns.refuseReason')}</label>
                      <textarea
                        id={`ret-why-${r.id}`}
                        name="note"
                        required
                        maxLength={500}
                        rows={3}
                        aria-invalid={err?.intent === 'return-refuse' && err.fields.note ? true : undefined}
                      />
                    </div>
                    <button type="submit" className="btn btn-small btn-ghost" disabled={busy} data-testid="return-refuse">
                      {ta('returns.refuse')}
                    </button>
                  </Form>
                </div>
              )}
              {err && (
                <p className="form-error" role="alert">
                  {err.error || (err.fields.amount === 'amount' ? ta('refund.amountInvalid') : Object.values(err.fields)[0])}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </OrderPanel>
  );
}
