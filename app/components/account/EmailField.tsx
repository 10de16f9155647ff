/**
 * The visitor's own e-mail address on the account forms (log-in, registration, reset request,
 * confirmation, first admin): a required `email` field labelled "E-mail" in the visitor's
 * language, which the browser may fill with the visitor's address (`autoComplete` `email`).
 */
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../forms.tsx';

/** @param field the rest of a {@link Field}: the action's `error`, a `defaultValue`… */
export function EmailField(field: Omit<ComponentProps<typeof Field>, 'name' | 'type' | 'label' | 'required'>) {
  const { t } = useTranslation('account');
  return <Field name="email" type="email" label={t('fields.email')} autoComplete="email" required {...field} />;
}
