/**
 * Password fields: one password ({@link PasswordField}: log-in, profile, new user), and a new
 * password with its confirmation (registration, reset link, profile): the policy's hint under the
 * first field (at least 10 characters, `account:password.rules`) and each field's message from
 * the action.
 */
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../forms.tsx';

/**
 * A required password field; by default the user's current password (`autoComplete`
 * `current-password`; `new-password` for one being set, so that the browser offers to generate it).
 */
export function PasswordField({ autoComplete = 'current-password', ...field }: Omit<ComponentProps<typeof Field>, 'type' | 'required'>) {
  return <Field type="password" autoComplete={autoComplete} required {...field} />;
}

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
      <PasswordField name={name} label={t(label)} autoComplete="new-password" minLength={10} error={errors[name]} hint={t('password.rules')} />
      <PasswordField name="passwordConfirm" label={t('fields.passwordConfirm')} autoComplete="new-password" error={errors.passwordConfirm} />
    </>
  );
}
