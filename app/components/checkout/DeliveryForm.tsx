/**
 * The payment step's delivery and payment form (\`#pay-form\`; its submit button sits beside the
 * order summary): the delivery address prefilled from the profile (Switzerland, Liechtenstein only
 * when the shop delivers there; 4-digit postcode) and the payment method.
 */
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The delivery address as prefilled from the profile. */
export type DeliveryAddress = { firstName: string; lastName: string; street: string; postalCode: string; city: string; country: string };

export function DeliveryForm({
  address,
  liechtenstein,
  methods,
  fieldErrors: fe,
  error,
  onMethod,
}: {
  address: DeliveryAddress;
  /** The shop delivers to Liechtenstein too. */
  liechtenstein: boolean;
  /** The payment methods offered, the first one chosen. */
  methods: string[];
  fieldErrors: Record<string, string>;
  error: string | null;
  onMethod: (method: string) => void;
}) {
  const { t } = useTranslation('checkout');
  return (
    <Form method="post" id="pay-form" aria-labelledby="delivery-h">
      <input type="hidden" name="intent" value="pay" />
      <h2 id="delivery-h" className="checkout-h2">
        {t('payment.delivery')}
      </h2>
      <p className="card-meta">{t('payment.deliveryNote', { context: liechtenstein ? 'li' : undefined })}</p>
      <div className="checkout-grid">
        <Field name="firstName" label={t('payment.firstName')} value={address.firstName} error={fe.firstName} autoComplete="given-name" maxLength={80} />
        <Field name="lastName" label={t('payment.lastName')} value={address.lastName} error={fe.lastName} autoComplete="family-name" maxLength={80} />
      </div>
      <Field name="street" label={t('payment.street')} value={address.street} error={fe.street} autoComplete="street-address" maxLength={120} />
      <div className="checkout-grid">
        <Field
          name="postalCode"
          label={t('payment.postalCode')}
          value={address.postalCode}
          error={fe.postalCode}
          autoComplete="postal-code"
          inputMode="numeric"
          pattern="\d{4}"
          maxLength={4}
        />
        <Field name="city" label={t('payment.city')} value={address.city} error={fe.city} autoComplete="address-level2" maxLength={80} />
      </div>
      <div className="field">
        <label htmlFor="f-country">{t('payment.country')}</label>
        <select id="f-country" name="country" defaultValue={address.country === 'LI' && liechtenstein ? 'LI' : 'CH'}>
          <option value="CH">{t('payment.countryCH')}</option>
          {liechtenstein && <option value="LI">{t('payment.countryLI')}</option>}
        </select>
        {fe.country && <p className="field-error">{fe.country}</p>}
      </div>

      <fieldset className="checkout-methods">
        <legend className="checkout-h2">{t('payment.method')}</legend>
        {methods.length === 0 && (
          <p className="form-error" role="alert" data-testid="no-payment-method">
            {t('readiness.noPaymentMethod')}
          </p>
        )}
        {methods.map((m, i) => (
          <label key={m} className="checkout-method">
            <input type="radio" name="paymentMethod" value={m} defaultChecked={i === 0} onChange={() => onMethod(m)} data-testid={`method-${m}`} />
            <span>
              <strong>{t(m === 'qr-bill' ? 'payment.methodQrBill' : m === 'datatrans' ? 'payment.methodDatatrans' : 'payment.methodSandbox')}</strong>
              <span className="card-meta" style={{ display: 'block' }}>
                {t(m === 'qr-bill' ? 'payment.methodQrBillHint' : m === 'datatrans' ? 'payment.methodDatatransHint' : 'payment.methodSandboxHint')}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="form-error" role="alert" data-testid="pay-error">
          {error}
        </p>
      )}
      <p className="card-meta">{t('payment.adultNote')}</p>
    </Form>
  );
}

/** A required text field with its label and its error, the input pointing at the error. */
function Field({
  name,
  label,
  value,
  error,
  ...rest
}: { name: string; label: string; value: string; error?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <input
        id={`f-${name}`}
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `e-${name}` : undefined}
        required
        {...rest}
      />
      {error && (
        <p className="field-error" id={`e-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}
