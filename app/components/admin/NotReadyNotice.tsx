/**
 * The dashboard's "not ready to sell" notice: the seller fields that still hold the seeded
 * examples (core/config/readiness.ts), and whether bank transfer is off because the IBAN is the
 * example. Nothing is shown once the owner has saved their own data.
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
};
const NAMES: Record<string, string> = { whatsapp: 'WhatsApp', telegram: 'Telegram', facebook: 'Facebook', instagram: 'Instagram' };

export function NotReadyNotice({ exampleFields, bankTransferOff }: { exampleFields: string[]; bankTransferOff: boolean }) {
  const { t } = useTranslation('adminshop');
  const { t: ta } = useTranslation('admin');
  if (exampleFields.length === 0) return null;
  return (
    <section className="admin-panel not-ready" role="status" aria-labelledby="not-ready-h" data-testid="not-ready">
      <h2 id="not-ready-h">{t('readiness.title')}</h2>
      <p>{t('readiness.intro')}</p>
      <ul className="not-ready-fields">
        {exampleFields.map((f) => (
          <li key={f}>{LABEL_KEYS[f] ? ta(LABEL_KEYS[f]) : (NAMES[f] ?? f)}</li>
        ))}
      </ul>
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
