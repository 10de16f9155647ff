/** "Pay now" for an unpaid card order: starts a new payment of the same order (core/payments/pay-now.ts). */
import { Form, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * The order's payment was not completed: a short note and the button that posts `intent=pay` to the
 * order page, which sends the customer to the provider's page. A plain form: works without scripts.
 * @param compact the history list's form (the button alone, the order code in its accessible name).
 */
export function PayNowForm({ code, error = null, compact = false }: { code: string; error?: string | null; compact?: boolean }) {
  const { t } = useTranslation('checkout');
  const nav = useNavigation();
  const action = `/client/historydetails?id=${encodeURIComponent(code)}`;
  const busy = nav.state !== 'idle' && nav.formData?.get('intent') === 'pay' && nav.formAction?.endsWith(action) === true;
  const button = (
    <button type="submit" className={`btn${compact ? ' btn-small' : ' btn-block'}`} disabled={busy} data-testid="pay-now">
      {t('payNow.button')}
      {compact && <span className="visually-hidden"> {code}</span>}
    </button>
  );
  if (compact)
    return (
      <Form method="post" action={action} className="pay-now-compact">
        <input type="hidden" name="intent" value="pay" />
        {button}
      </Form>
    );
  return (
    <section className="summary order-box pay-now" aria-labelledby="pay-now-h" data-testid="pay-now-box">
      <h2 id="pay-now-h">{t('payNow.title')}</h2>
      <p className="card-meta">{t('payNow.hint')}</p>
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value="pay" />
        {button}
      </Form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
