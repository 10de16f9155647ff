/** The order summary block: subtotal, discount, shipping fee, total and the VAT it contains. Money in Rappen. */
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format.ts';

export type SummaryNumbers = { subtotal: number; discount: number; bonus?: number; shippingFee: number; total: number; vat: number; promoCode?: string | null };

export function OrderSummary({ s, vatRate, freeFrom, title }: { s: SummaryNumbers; vatRate: number; freeFrom?: number | null; title?: string }) {
  const { t } = useTranslation('checkout');
  const { t: ti } = useTranslation('influencer');
  const { price } = useFormat();
  return (
    <aside className="summary" aria-labelledby="order-summary-h" data-testid="order-summary">
      <h2 id="order-summary-h" style={{ fontSize: '1.4rem' }}>
        {title ?? t('summary.title')}
      </h2>
      <div className="summary-row">
        <span>{t('summary.subtotal')}</span>
        <span data-testid="summary-subtotal">{price(s.subtotal)}</span>
      </div>
      {s.discount > 0 && (
        <div className="summary-row">
          <span>
            {t('summary.discount')}
            {s.promoCode ? ` (${s.promoCode})` : ''}
          </span>
          <span data-testid="summary-discount">
            <bdi dir="ltr">−{price(s.discount)}</bdi>
          </span>
        </div>
      )}
      {(s.bonus ?? 0) > 0 && (
        <div className="summary-row">
          <span>{ti('summary.bonus')}</span>
          <span data-testid="summary-bonus">−{price(s.bonus!)}</span>
        </div>
      )}
      <div className="summary-row">
        <span>{t('summary.shipping')}</span>
        <span data-testid="summary-shipping">{s.shippingFee === 0 ? t('summary.shippingFree') : price(s.shippingFee)}</span>
      </div>
      <div className="summary-row summary-total">
        <span>{t('summary.total')}</span>
        <span data-testid="summary-total">{price(s.total)}</span>
      </div>
      <div className="summary-row card-meta">
        <span>{t('summary.vat', { rate: vatRate.toFixed(1) })}</span>
        <span data-testid="summary-vat">{price(s.vat)}</span>
      </div>
      {freeFrom != null && s.shippingFee > 0 && <p className="card-meta">{t('summary.freeFrom', { amount: price(freeFrom) })}</p>}
    </aside>
  );
}

/**
 * The payment block of an order page (customer history and admin details): method and payment
 * status, then whatever the page adds (amount paid, invoice links, payments received).
 */
export function PaymentBox({ paymentMethod, paymentStatus, children }: { paymentMethod: string; paymentStatus: string; children?: React.ReactNode }) {
  const { t } = useTranslation('checkout');
  return (
    <div className="summary" style={{ marginTop: 16 }}>
      <h2 style={{ fontSize: '1.2rem' }}>{t('details.payment')}</h2>
      <div className="summary-row">
        <span>{t('details.paymentMethod')}</span>
        <span>{t(`method.${paymentMethod}`)}</span>
      </div>
      <div className="summary-row">
        <span>{t('details.paymentStatus')}</span>
        <span data-testid="payment-status">{t(`paymentStatus.${paymentStatus}`)}</span>
      </div>
      {children}
    </div>
  );
}
