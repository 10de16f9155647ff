/**
 * The two-factor part of /profile (admins): off → "Set up" with the current password; set-up
 * started → QR code, the secret as text and a field for the first code; just turned on → the ten
 * recovery codes, shown once; on → how many recovery codes are left, a form to turn it off with
 * the password and a code, and the switch that requires it of every admin.
 */
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Field, FormMessage } from '../forms.tsx';
import { PasswordField } from './NewPasswordFields.tsx';
import type { TwoFactorAnswer } from '../../lib/view-types.ts';

/** What a two-factor step of the profile action answers. */
export type { TwoFactorAnswer };

/**
 * `secretReadable` false: two-factor log-in is on, but this installation cannot decrypt the
 * authenticator secret (another session secret: a restore onto a new machine), so no app code
 * can match; the admin got in with a recovery code and is offered a new set-up.
 */
export type TwoFactorStatusView = { enabled: boolean; recoveryCodesLeft: number; secretReadable: boolean; requiredForAdmins: boolean; asked: boolean };

/** The secret in groups of four, easier to type into an app. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function TwoFactorSection({
  status,
  answer,
  error,
  fields,
  message,
  busy,
}: {
  status: TwoFactorStatusView;
  answer: TwoFactorAnswer | null;
  error: string | null;
  fields: Record<string, string>;
  message: string | null;
  busy: boolean;
}) {
  const { t } = useTranslation('account');
  const started = answer?.step === 'started' ? answer : null;
  const enabledNow = answer?.step === 'enabled' ? answer : null;
  return (
    <section aria-labelledby="two-factor-h" id="two-factor">
      <h2 id="two-factor-h">{t('twoFactor.title')}</h2>
      <p>{t('twoFactor.intro')}</p>
      {status.asked && !status.enabled && <p className="form-error">{t('twoFactor.requiredNotice')}</p>}
      <FormMessage error={error} success={started ? null : message} />
      {enabledNow ? (
        <div className="two-factor-codes">
          <p>
            <strong>{t('twoFactor.codesTitle')}</strong> {t('twoFactor.codesIntro')}
          </p>
          <ol className="recovery-codes" aria-label={t('twoFactor.codesTitle')}>
            {enabledNow.recoveryCodes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ol>
        </div>
      ) : started ? (
        <div className="two-factor-setup">
          <p>{t('twoFactor.scan')}</p>
          <img src={started.qrDataUrl} alt={t('twoFactor.qrAlt')} width={200} height={200} className="two-factor-qr" />
          <p>
            {t('twoFactor.secretText')} <code data-testid="totp-secret">{grouped(started.secret)}</code>
          </p>
          <Form method="post" className="account-form" noValidate>
            <input type="hidden" name="intent" value="twoFactorConfirm" />
            <Field
              name="otp"
              label={t('twoFactor.firstCode')}
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="one-time-code"
              maxLength={6}
              required
              error={fields.otp}
            />
            <button type="submit" className="btn" disabled={busy}>
              {t('twoFactor.confirm')}
            </button>
          </Form>
        </div>
      ) : !status.enabled || !status.secretReadable ? (
        <Form method="post" className="account-form">
          {status.enabled && (
            <p className="form-error" data-testid="two-factor-unreadable">
              {t('twoFactor.unreadableNotice')}
            </p>
          )}
          <input type="hidden" name="intent" value="twoFactorStart" />
          {/* an id of its own: the password-change form on the same page has a currentPassword field too */}
          <PasswordField id="two-factor-start-password" name="currentPassword" label={t('fields.currentPassword')} error={fields.currentPassword} />
          <button type="submit" className="btn" disabled={busy}>
            {t(status.enabled ? 'twoFactor.setUpAgain' : 'twoFactor.setUp')}
          </button>
        </Form>
      ) : null}
      {status.enabled && status.secretReadable && !started && !enabledNow && (
        <>
          <p className="card-meta">{t('twoFactor.on', { left: status.recoveryCodesLeft })}</p>
          <Form method="post" className="account-form" noValidate>
            <input type="hidden" name="intent" value="twoFactorDisable" />
            <PasswordField id="two-factor-off-password" name="currentPassword" label={t('fields.currentPassword')} error={fields.currentPassword} />
            <Field name="otp" label={t('twoFactor.codeToDisable')} autoComplete="one-time-code" required error={fields.otp} />
            <button type="submit" className="btn btn-ghost" disabled={busy || status.requiredForAdmins}>
              {t('twoFactor.disable')}
            </button>
          </Form>
        </>
      )}
      {(status.enabled || enabledNow) && (
        <Form method="post" className="account-form">
          <input type="hidden" name="intent" value="twoFactorPolicy" />
          <label className="checkbox">
            <input type="checkbox" name="required" defaultChecked={status.requiredForAdmins} /> {t('twoFactor.requireAll')}
          </label>
          <button type="submit" className="btn btn-ghost btn-small" disabled={busy}>
            {t('twoFactor.savePolicy')}
          </button>
        </Form>
      )}
    </section>
  );
}
