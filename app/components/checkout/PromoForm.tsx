/** The promo code form of the payment step: the code applied (or why it does not apply) with its remove button, or the field to enter one. */
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';

export function PromoForm({ promoCode, promoProblem, error }: { promoCode: string | null; promoProblem: string | null; error: string | null }) {
  const { t } = useTranslation('checkout');
  return (
    <Form method="post" className="checkout-promo" aria-labelledby="promo-h">
      <h2 id="promo-h" className="checkout-h2">
        {t('promo.label')}
      </h2>
      {promoCode ? (
        <div className="checkout-promo-row">
          <p className={promoProblem ? 'field-error' : 'form-success'} data-testid="promo-state" style={{ margin: 0, flex: 1 }}>
            {promoProblem ? t('promo.notApplying', { code: promoCode, reason: promoProblem }) : t('promo.applied', { code: promoCode })}
          </p>
          <button type="submit" name="intent" value="promo-remove" className="btn btn-small btn-ghost">
            {t('promo.remove')}
          </button>
        </div>
      ) : (
        <div className="checkout-promo-row">
          <label htmlFor="f-code" className="visually-hidden">
            {t('promo.label')}
          </label>
          <input id="f-code" name="code" maxLength={32} autoComplete="off" style={{ textTransform: 'uppercase' }} aria-invalid={error ? true : undefined} />
          <button type="submit" name="intent" value="promo" className="btn btn-small btn-ghost">
            {t('promo.apply')}
          </button>
        </div>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid="promo-error">
          {error}
        </p>
      )}
    </Form>
  );
}
