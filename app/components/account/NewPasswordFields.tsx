/**
 * A new password and its confirmation (registration, reset link, profile): the policy's hint
 * under the first field (at least 10 characters, `account:password.rules`) and each field's
 * message from the action.
 */
import { useTranslation } from 'react-i18next';
import { Field } from '../forms.tsx';

/**
 * @param name the form name of the new password (`password`, or `newPassword` on the profile);
 *   the confirmation is always `passwordConfirm`.
 * @param label `account` catalogue key of the first field's label.
 * @param errors field messages of the action, by form name.
 */
export function NewPasswordFields({ name, label, errors }: { name: string; label: string; errors: Record<string, string | undefined> }) {
  const { t } = useTranslation('account');
  return (
    <>
      <Field name={name} type="password" label={t(label)} autoComplete="new-password" required minLength={10} error={errors[name]} hint={t('password.rules')} />
      <Field name="passwordConfirm" type="password" label={t('fields.passwordConfirm')} autoComplete="new-password" required error={errors.passwordConfirm} />
    </>
  );
}
