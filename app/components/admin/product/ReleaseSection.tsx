/**
 * Release day on the admin's product page: the release time (in the shop's time zone), the limit
 * per customer, whether bank transfer is accepted and for how long it holds the units; a link to
 * the release as it sells, and ending the release rules. Works without JavaScript.
 */
import { Form, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAX_RELEASE_BANK_TRANSFER_HOURS, MAX_RELEASE_LIMIT, type ReleaseSettings } from '../../../../core/releases/browser.ts';
import { localTimeIn } from '../../../../core/i18n/browser.ts';
import { CheckboxField, Field, WholeNumberField } from '../../forms.tsx';
import { useShopTimeZone } from '../../../lib/format.ts';

/** A refused release form: its message, the problem of each field at fault, and what was typed. */
type Problem = { error?: string; fields: Record<string, string>; values?: Record<string, string> };

export function ReleaseSection({
  productId,
  release,
  problem,
  busy,
}: {
  productId: string;
  release: ReleaseSettings | null;
  problem: Problem | null;
  busy: boolean;
}) {
  const { t } = useTranslation('adminshop');
  const timeZone = useShopTimeZone();
  const typed = problem?.values ?? {};
  const value = (name: string, saved: string) => typed[name] ?? saved;
  const f = problem?.fields ?? {};
  /** A whole number of the release from 1 to `max`: its label and hint are `release.<key>` and `release.<key>Hint`. */
  const whole = (name: 'perCustomerLimit' | 'bankTransferHours', key: 'limit' | 'hours', max: number) => (
    <WholeNumberField
      name={name}
      label={t(`release.${key}`)}
      min={1}
      max={max}
      hint={t(`release.${key}Hint`)}
      defaultValue={value(name, release?.[name]?.toString() ?? '')}
      error={f[name]}
    />
  );
  return (
    <section className="section admin-panel" aria-labelledby="release-h" id="release">
      <h2 id="release-h">{t('release.title')}</h2>
      <p className="card-meta">{t('release.hint')}</p>
      {problem?.error && (
        <p className="form-error" role="alert">
          {problem.error}
        </p>
      )}
      <Form method="post" className="form-grid">
        <input type="hidden" name="intent" value="release" />
        <Field
          name="opensAt"
          label={t('release.opensAt', { zone: timeZone })}
          type="datetime-local"
          required
          defaultValue={value('opensAt', release ? localTimeIn(release.opensAt, timeZone) : '')}
          error={f.opensAt}
        />
        {whole('perCustomerLimit', 'limit', MAX_RELEASE_LIMIT)}
        <CheckboxField
          name="allowBankTransfer"
          label={t('release.bankTransfer')}
          defaultChecked={problem?.values ? typed.allowBankTransfer === 'on' : (release?.allowBankTransfer ?? true)}
        />
        {whole('bankTransferHours', 'hours', MAX_RELEASE_BANK_TRANSFER_HOURS)}
        <div className="toolbar">
          <button type="submit" className="btn btn-small" disabled={busy}>
            {t('release.save')}
          </button>
          {release && (
            <Link to={`/admin/releases?id=${encodeURIComponent(productId)}`} className="btn btn-ghost btn-small">
              {t('release.view')}
            </Link>
          )}
        </div>
      </Form>
      {release && (
        <Form method="post">
          <input type="hidden" name="intent" value="releaseRemove" />
          <button type="submit" className="btn btn-ghost btn-danger btn-small" disabled={busy}>
            {t('release.remove')}
          </button>
        </Form>
      )}
    </section>
  );
}
