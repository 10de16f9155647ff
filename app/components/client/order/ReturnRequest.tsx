/**
 * The customer's return request (damaged goods or a wrong item, up to 7 days after delivery): the
 * reason, the units, a message, up to 3 photos and, for a bank-transfer order, the IBAN for the
 * refund; or why no return can be asked now. Works without JavaScript; with it, photos too many or
 * too large are refused before sending.
 */
import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAX_RETURN_MESSAGE, MAX_RETURN_PHOTO_BYTES, MAX_RETURN_PHOTOS } from '../../../../core/returns/browser.ts';
import { useFormat } from '../../../lib/format.ts';
import type { CustomerOrderPage } from '../../../lib/customer-order.server.ts';
import { HintedField } from '../../forms.tsx';

/** A refused form: the message and the translated problem of each field at fault. */
export type FormProblem = { error: string; fields: Record<string, string> };

export function ReturnRequest({
  eligibility: e,
  bankTransfer,
  problem: err,
}: {
  eligibility: CustomerOrderPage['eligibility'];
  bankTransfer: boolean;
  problem: FormProblem | null;
}) {
  const { t } = useTranslation('checkout');
  const { date } = useFormat();
  const nav = useNavigation();
  const busy = nav.state === 'submitting' && nav.formData?.get('intent') === 'return';
  const [photoError, setPhotoError] = useState<string | null>(null);
  const fieldErr = (name: string) =>
    err?.fields[name] ? (
      <p className="field-error" id={`${name}-error`}>
        {err.fields[name]}
      </p>
    ) : null;
  const onPhotos = (ev: React.ChangeEvent<HTMLInputElement>) => {
    const files = [...(ev.target.files ?? [])];
    const msg =
      files.length > MAX_RETURN_PHOTOS
        ? t('returns.photosTooMany', { max: MAX_RETURN_PHOTOS })
        : files.some((f) => f.size > MAX_RETURN_PHOTO_BYTES)
          ? t('returns.photosTooLarge', { max: MAX_RETURN_PHOTO_BYTES / 1024 / 1024 })
          : null;
    ev.target.setCustomValidity(msg ?? '');
    setPhotoError(msg);
  };
  return e.eligible ? (
    <Form method="post" encType="multipart/form-data" className="return-form" data-testid="return-form" aria-describedby="return-intro">
      <input type="hidden" name="intent" value="return" />
      <p id="return-intro">{t('returns.intro', { date: e.deadline ? date(e.deadline) : '' })}</p>
      {err?.error && !Object.keys(err.fields).length && (
        <p className="form-error" role="alert">
          {err.error}
        </p>
      )}
      <fieldset className="field" aria-describedby={err?.fields.reason ? 'reason-error' : 'reason-hint'}>
        <legend>{t('returns.reason')}</legend>
        {(['damaged', 'wrong_item'] as const).map((r) => (
          <label key={r} className="return-choice">
            <input type="radio" name="reason" value={r} required /> {t(`returns.reason_${r}`)}
          </label>
        ))}
        <small id="reason-hint" className="card-meta">
          {t('returns.reasonHint')}
        </small>
        {fieldErr('reason')}
      </fieldset>
      <fieldset className="field">
        <legend>{t('returns.items')}</legend>
        {e.lines.map((l) => (
          <div className="return-line" key={l.lineId}>
            <label htmlFor={`line-${l.lineId}`}>
              {l.name} <span className="card-meta">({t('returns.upTo', { n: l.left })})</span>
            </label>
            <input id={`line-${l.lineId}`} name={`line-${l.lineId}`} type="number" min={0} max={l.left} step={1} defaultValue={l.left} inputMode="numeric" />
          </div>
        ))}
        {fieldErr('lines')}
      </fieldset>
      <HintedField
        id="return-message"
        label={t('returns.message')}
        hint={t('returns.messageHint', { max: MAX_RETURN_MESSAGE })}
        hintId="message-hint"
        invalid={err?.fields.message}
        error={fieldErr('message')}
      >
        {(control) => <textarea {...control} name="message" required maxLength={MAX_RETURN_MESSAGE} rows={4} />}
      </HintedField>
      <HintedField
        id="return-photos"
        label={t('returns.photos')}
        hint={t('returns.photosHint', { max: MAX_RETURN_PHOTOS, mb: MAX_RETURN_PHOTO_BYTES / 1024 / 1024 })}
        hintId="photos-hint"
        invalid={err?.fields.photos || photoError}
        error={
          <>
            {photoError && <p className="field-error">{photoError}</p>}
            {fieldErr('photos')}
          </>
        }
      >
        {(control) => <input {...control} name="photos" type="file" accept="image/jpeg,image/png,image/webp" multiple onChange={onPhotos} />}
      </HintedField>
      {bankTransfer && (
        <HintedField
          id="return-iban"
          label={t('returns.iban')}
          hint={t('returns.ibanHint')}
          hintId="iban-hint"
          invalid={err?.fields.iban}
          error={fieldErr('iban')}
        >
          {(control) => (
            <input {...control} name="iban" required autoComplete="off" spellCheck={false} maxLength={42} placeholder="CH00 0000 0000 0000 0000 0" />
          )}
        </HintedField>
      )}
      <button type="submit" className="btn" disabled={busy} data-testid="return-submit">
        {busy ? t('returns.sending') : t('returns.submit')}
      </button>
    </Form>
  ) : (
    <p className="card-meta" data-testid="return-unavailable">
      {e.why === 'windowClosed' && e.deadline
        ? t('returns.windowClosed', { date: date(e.deadline) })
        : e.why === 'notShipped'
          ? t('returns.notShipped')
          : e.why === 'openReturn'
            ? t('returns.openReturn')
            : t('returns.nothingLeft')}
    </p>
  );
}
