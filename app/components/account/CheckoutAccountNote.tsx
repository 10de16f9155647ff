/**
 * Why an order needs an account, where checkout meets an anonymous visitor (the cart page, the
 * log-in page reached from checkout): the shop sells tobacco to adults only and delivers to a
 * checked address, so the specification keeps payment for registered customers. Creating an
 * account is the first action; it keeps the way back to checkout (`registerTo` carries
 * `redirectTo`), and the cart follows the account.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function CheckoutAccountNote({ registerTo, loginTo }: { registerTo: string; loginTo?: string }) {
  const { t } = useTranslation('account');
  return (
    <section className="callout checkout-account" aria-labelledby="checkout-account-h" data-testid="checkout-account">
      <h2 id="checkout-account-h" style={{ fontSize: '1.15rem', marginTop: 0 }}>
        {t('checkoutAccount.title')}
      </h2>
      <ul>
        <li>{t('checkoutAccount.age')}</li>
        <li>{t('checkoutAccount.delivery')}</li>
        <li>{t('checkoutAccount.history')}</li>
      </ul>
      <p className="card-meta">{t('checkoutAccount.cart')}</p>
      <p className="button-row">
        <Link to={registerTo} className="btn" data-testid="checkout-register">
          {t('checkoutAccount.create')}
        </Link>
        {loginTo && (
          <Link to={loginTo} className="btn btn-ghost">
            {t('checkoutAccount.logIn')}
          </Link>
        )}
      </p>
      {!loginTo && <p className="card-meta">{t('checkoutAccount.haveAccount')}</p>}
    </section>
  );
}
