/**
 * Fulfilment on the admin's order page: the carrier and tracking number once shipped, else the
 * form that ships the order (which mails the customer), or why it cannot be shipped yet.
 */
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CARRIERS, DEFAULT_CARRIER } from '../../../../core/orders/browser.ts';
import { useFormat } from '../../../lib/format.ts';
import type { AdminOrderPage } from '../../../lib/admin-order.server.ts';
import type { FormProblem } from './types.ts';

export function ShipPanel({
  order: o,
  trackingUrl,
  canShip,
  problem,
  busy,
}: {
  order: AdminOrderPage['order'];
  trackingUrl: string | null;
  canShip: boolean;
  problem: FormProblem | null;
  busy: boolean;
}) {
  const { t: ta } = useTranslation('adminshop');
  const { dateTime } = useFormat();
  return (
    <section aria-labelledby="ship-h" className="admin-panel" id="ship">
      <h2 id="ship-h" className="checkout-h2">
        {ta('fulfil.title')}
      </h2>
      {o.trackingNumber ? (
        <p data-testid="tracking">
          {ta('fulfil.shippedWith', {
            carrier: CARRIERS[o.carrier as keyof typeof CARRIERS]?.name ?? o.carrier,
            date: o.shippedAt ? dateTime(o.shippedAt) : '',
          })}{' '}
          {trackingUrl ? (
            <a href={trackingUrl} rel="noopener noreferrer" target="_blank">
              {o.trackingNumber}
            </a>
          ) : (
            o.trackingNumber
          )}
        </p>
      ) : canShip ? (
        <Form method="post" className="admin-inline-form" noValidate={false}>
          <input type="hidden" name="id" value={o.id} />
          <input type="hidden" name="intent" value="ship" />
          <div className="field">
            <label htmlFor="carrier">{ta('fulfil.carrier')}</label>
            <select id="carrier" name="carrier" defaultValue={DEFAULT_CARRIER}>
              {Object.entries(CARRIERS).map(([k, c]) => (
                <option key={k} value={k}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field field-grow">
            <label htmlFor="trackingNumber">{ta('fulfil.tracking')}</label>
            <input
              id="trackingNumber"
              name="trackingNumber"
              required
              minLength={6}
              maxLength={60}
              autoComplete="off"
              aria-invalid={problem?.fields.trackingNumber ? true : undefined}
              aria-describedby="tracking-hint"
            />
            <small id="tracking-hint" className="card-meta">
              {ta('fulfil.trackingHint')}
            </small>
          </div>
          <button type="submit" className="btn btn-small" disabled={busy}>
            {ta('fulfil.ship')}
          </button>
        </Form>
      ) : (
        <p className="card-meta">{o.status === 'pending_payment' ? ta('fulfil.needsPayment') : ta('fulfil.notShippable')}</p>
      )}
      {problem?.error && (
        <p className="form-error" role="alert">
          {problem.error}
        </p>
      )}
    </section>
  );
}
