/**
 * The fields of the log-in's code step (app/routes/login.tsx), also shown where a confirmation
 * link meets an account with two-factor log-in (app/routes/confirm.tsx): the short-lived signed
 * token that stands for the checked password (core/accounts/code-step.ts), the e-mail and the
 * way back as hidden fields, and the code (an authenticator code or a recovery code). A plain
 * form post, so it works before and without scripts.
 */
import { useTranslation } from 'react-i18next';
import { Field } from '../forms.tsx';

export function CodeStepFields({ token, email, redirectTo, error }: { token: string; email: string; redirectTo: string; error?: string }) {
  const { t } = useTranslation('account');
  return (
    <>
      <input type="hidden" name="intent" value="code" />
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field
        name="otp"
        label={t('twoFactor.code')}
        hint={t('twoFactor.loginHint')}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        required
        error={error}
      />
    </>
  );
}
