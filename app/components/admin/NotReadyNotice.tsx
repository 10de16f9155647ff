/**
 * The dashboard's "not ready to sell" notice: the seller fields that still hold the seeded
 * examples (core/config/readiness.ts), whether bank transfer is off because the IBAN is the
 * example, and stored seller fields that break the save-time checks (core/config/seller.ts: an
 * IBAN or UID a QR-bill or invoice cannot carry), each with its message. Nothing is shown once
 * the owner has saved valid data of their own.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Labels of the example fields: the settings page's own labels (names of services as they are). */
const LABEL_KEYS: Record<string, string> = {
  iban: 'settings.iban',
  vatNumber: 'settings.vatNumber',
  dir: 'settings.dir',
  street: 'settings.street',
  buildingNumber: 'settings.buildingNumber',
  postalCode: 'settings.postalCode',
  city: 'settings.city',
  email: 'settings.email',
};
const NAMES: Record<string, string> = { whatsapp: 'WhatsApp', telegram: 'Telegram', facebook: 'Facebook', instagram: 'Instagram' };

export function NotReadyNotice({
  exampleFields,
  invalidFields = [],
  bankTransferOff,
}: {
  exampleFields: string[];
  /** Field name and the `errors` key of its message. */
  invalidFields?: [string, string][];
  bankTransferOff: boolean;
}) {
  const { t } = useTranslation('adminshop');
  const { t: ta } = useTranslation('admin');
  const { t: te } = useTranslation('errors');
  if (exampleFields.length === 0 && invalidFields.length === 0) return null;
  const label = (f: string) => (LABEL_KEYS[f] ? ta(LABEL_KEYS[f]) : (NAMES[f] ?? f));
  return (
    <section className="admin-panel not-ready" role="status" aria-labelledby="not-ready-h" data-testid="not-ready">
      <h2 id="not-ready-h">{t('readiness.title')}</h2>
      {invalidFields.length > 0 && (
        <>
          <p className="form-error">{t('readiness.invalidIntro')}</p>
          <ul className="not-ready-fields" data-testid="not-ready-invalid">
            {invalidFields.map(([f, key]) => (
              <li key={f}>
                <strong>{label(f)}</strong>: {te(key)}
              </li>
            ))}
          </ul>
        </>
      )}
      {exampleFields.length > 0 && (
        <>
          <p>{t('readiness.intro')}</p>
          <ul className="not-ready-fields">
            {exampleFields.map((f) => (
              <li key={f}>{label(f)}</li>
            ))}
          </ul>
        </>
      )}
      {exampleFields.includes('iban') && (
        <p className={bankTransferOff ? 'form-error' : 'card-meta'} data-testid="not-ready-iban">
          {bankTransferOff ? t('readiness.bankTransferOff') : t('readiness.bankTransferLater')}
        </p>
      )}
      <p>
        <Link to="/admin/settings" className="btn">
          {t('readiness.action')}
        </Link>
      </p>
    </section>
  );
}
