/**
 * The returns part of the customer's order page: the returns asked so far (with the IBAN form of a
 * bank-transfer order's open return that has none) and, while allowed, the return request form.
 */
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format.ts';
import { ReturnPhotos } from '../../order/ReturnPhotos.tsx';
import type { CustomerOrderPage } from '../../../lib/customer-order.server.ts';
import { ReturnRequest, type FormProblem } from './ReturnRequest.tsx';

export function ReturnsSection({
  data: d,
  returnProblem,
  ibanProblem: ibanErr,
}: {
  data: CustomerOrderPage;
  returnProblem: FormProblem | null;
  ibanProblem: FormProblem | null;
}) {
  const { t } = useTranslation('checkout');
  const { date, price } = useFormat();
  return (
    <section className="order-returns" aria-labelledby="returns-h" id="returns">
      <h2 id="returns-h" className="checkout-h2">
        {t('returns.title')}
      </h2>
      {d.returns.length > 0 && (
        <ul className="return-list" data-testid="returns">
          {d.returns.map((r) => (
            <li key={r.id} className="return-item">
              <p>
                <span className={`status-badge return-${r.status}`} data-testid="return-status">
                  {t(`returns.status_${r.status}`)}
                </span>{' '}
                {t(`returns.reason_${r.reason}`)} · {t('returns.requestedOn', { date: date(r.createdAt) })}
              </p>
              <p className="card-meta">{r.lines.map((l) => `${l.count}× ${l.name}`).join(', ')}</p>
              <p className="return-message">{r.message}</p>
              <ReturnPhotos photos={r.photos} />
              {r.status === 'refused' && r.note && <p data-testid="return-refused">{t('returns.refusedWhy', { note: r.note })}</p>}
              {r.status === 'accepted' && r.refunded !== null && <p>{t('returns.refunded', { amount: price(r.refunded) })}</p>}
              {d.bankTransfer && r.iban && <p className="card-meta">{t('returns.ibanGiven', { iban: r.iban })}</p>}
              {d.bankTransfer && r.status === 'requested' && !r.iban && (
                <Form method="post" className="return-iban-form">
                  <input type="hidden" name="intent" value="iban" />
                  <input type="hidden" name="returnId" value={r.id} />
                  <p>{t('returns.ibanMissing')}</p>
                  <div className="field">
                    <label htmlFor={`iban-${r.id}`}>{t('returns.iban')}</label>
                    <input
                      id={`iban-${r.id}`}
                      name="iban"
                      required
                      autoComplete="off"
                      inputMode="text"
                      spellCheck={false}
                      maxLength={42}
                      aria-invalid={ibanErr?.fields.iban ? true : undefined}
                    />
                    {ibanErr?.fields.iban && <p className="field-error">{ibanErr.fields.iban}</p>}
                  </div>
                  <button type="submit" className="btn btn-small">
                    {t('returns.ibanSave')}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <ReturnRequest eligibility={d.eligibility} bankTransfer={d.bankTransfer} problem={returnProblem} />
    </section>
  );
}
