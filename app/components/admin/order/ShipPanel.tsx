/**
 * Fulfilment on the admin's order page: the carrier and tracking number once shipped, else the
 * form that ships the order (which mails the customer), or why it cannot be shipped yet.
 */
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CARRIERS, DEFAULT_CARRIER } from '../../../../core/orders/browser.ts';
import { useFormat } from '../../../lib/format.ts';
import { HintedField, SelectField } from '../../forms.tsx';
import { OrderPanel } from './OrderPanel.tsx';
import type { OrderPanelProps } from './types.ts';

export function ShipPanel({ order: o, trackingUrl, canShip, problem, busy }: OrderPanelProps & { trackingUrl: string | null; canShip: boolean }) {
  const { t: ta } = useTranslation('adminshop');
  const { dateTime } = useFormat();
  return (
    <OrderPanel id="ship" title={ta('fulfil.title')}>
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
          <SelectField
            name="carrier"
            id="carrier"
            label={ta('fulfil.carrier')}
            defaultValue={DEFAULT_CARRIER}
            options={Object.entries(CARRIERS).map(([k, c]) => ({ value: k, label: c.name }))}
          />
          <HintedField
            id="trackingNumber"
            className="field field-grow"
            label={ta('fulfil.tracking')}
            hint={ta('fulfil.trackingHint')}
            hintId="tracking-hint"
            invalid={problem?.fields.trackingNumber}
          >
            {(control) => <input {...control} name="trackingNumber" required minLength={6} maxLength={60} autoComplete="off" />}
          </HintedField>
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
    </OrderPanel>
  );
}
