/** Beside the order summary on the customer's order page: the parcel's tracking link, the documents (invoice, credit notes) and cancelling while unpaid. */
import { Form, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CustomerOrderPage } from '../../../lib/customer-order.server.ts';

/**
 * Tracking, documents and the cancel button, beside the order summary. While the order's QR-bill
 * is offered for download (unpaid bank transfer) and no document exists yet, the documents box is
 * left out: the payment box says the invoice follows the payment.
 */
export function OrderAside({ data: d, cancelError, qrBillOffered = false }: { data: CustomerOrderPage; cancelError: string | null; qrBillOffered?: boolean }) {
  const { t } = useTranslation('checkout');
  const busy = useNavigation().state === 'submitting';
  const cancelErr = cancelError;
  return (
    <>
      {d.tracking && (
        <section className="summary order-box" aria-labelledby="tracking-h" data-testid="tracking">
          <h2 id="tracking-h">{t('returns.trackingTitle')}</h2>
          <p className="card-meta">{t('returns.trackingWith', { carrier: d.tracking.carrierName, number: d.tracking.number })}</p>
          {d.tracking.url && (
            <a className="btn btn-ghost btn-block" href={d.tracking.url} rel="noopener noreferrer" target="_blank" data-testid="tracking-link">
              {t('returns.trackingLink')}
            </a>
          )}
        </section>
      )}
      {!(qrBillOffered && d.documents.length === 0) && (
        <section className="summary order-box" aria-labelledby="docs-h">
          <h2 id="docs-h">{t('returns.documents')}</h2>
          {d.documents.length === 0 ? (
            <p className="card-meta">{t('returns.noDocuments')}</p>
          ) : (
            <ul className="order-docs" data-testid="documents">
              {d.documents.map((doc) => (
                <li key={doc.url}>
                  <a href={doc.url} data-testid={`doc-${doc.kind}`}>
                    {t(doc.kind === 'invoice' ? 'returns.docInvoice' : 'returns.docCreditNote', { number: doc.number })}
                  </a>
                  <span className="card-meta"> · PDF</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {d.canCancel && (
        <section className="summary order-box" aria-labelledby="cancel-h">
          <h2 id="cancel-h">{t('returns.cancelTitle')}</h2>
          <p className="card-meta">{t('returns.cancelHint')}</p>
          <details className="order-cancel">
            <summary className="btn btn-ghost btn-block">{t('returns.cancelOpen')}</summary>
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <p>{t('returns.cancelConfirmText')}</p>
              <button type="submit" className="btn btn-danger btn-block" disabled={busy} data-testid="cancel-order">
                {t('returns.cancelConfirm')}
              </button>
            </Form>
          </details>
          {cancelErr && (
            <p className="form-error" role="alert">
              {cancelErr}
            </p>
          )}
        </section>
      )}
    </>
  );
}
