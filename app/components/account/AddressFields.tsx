/**
 * Delivery address fields (Switzerland, and Liechtenstein while the settings serve it, ADR 014;
 * 4-digit postcode). Errors keyed like the API (`address.postalCode`). A stored Liechtenstein
 * address stays selectable so that editing other fields does not change it silently.
 */
import { useTranslation } from 'react-i18next';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../../root.tsx';
import { Field, SelectField } from '../forms.tsx';

export type AddressValues = { street: string; postalCode: string; city: string; country: string };

export function AddressFields({ errors, values }: { errors: Record<string, string>; values?: AddressValues }) {
  const { t } = useTranslation('account');
  const root = useRouteLoaderData('root') as RootData | undefined;
  const liechtenstein = Boolean(root?.config.deliverLiechtenstein) || values?.country === 'LI';
  return (
    <>
      <Field name="street" label={t('fields.street')} autoComplete="street-address" required defaultValue={values?.street} error={errors['address.street']} />
      <div className="field-row">
        <Field
          name="postalCode"
          label={t('fields.postalCode')}
          autoComplete="postal-code"
          inputMode="numeric"
          pattern="[0-9]{4}"
          maxLength={4}
          required
          defaultValue={values?.postalCode}
          error={errors['address.postalCode']}
        />
        <Field name="city" label={t('fields.city')} autoComplete="address-level2" required defaultValue={values?.city} error={errors['address.city']} />
      </div>
      <SelectField name="country" label={t('fields.country')} defaultValue={values?.country ?? 'CH'} autoComplete="country" error={errors['address.country']}>
        <option value="CH">{t('countries.CH')}</option>
        {liechtenstein && <option value="LI">{t('countries.LI')}</option>}
      </SelectField>
    </>
  );
}
