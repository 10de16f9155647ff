/** The order summary block: subtotal, discount, shipping fee, total and the VAT it contains. Money in Rappen. */
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format.ts';
import { SummaryRow } from './SummaryRow.tsx';

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
      <SummaryRow label={t('summary.subtotal')} value={price(s.subtotal)} testId="summary-subtotal" />
      {s.discount > 0 && (
        <SummaryRow
          label={`${t('summary.discount')}${s.promoCode ? ` (${s.promoCode})` : ''}`}
          value={<bdi dir="ltr">−{price(s.discount)}</bdi>}
          testId="summary-discount"
        />
      )}
      {(s.bonus ?? 0) > 0 && <SummaryRow label={ti('summary.bonus')} value={`−${price(s.bonus!)}`} testId="summary-bonus" />}
      <SummaryRow label={t('summary.shipping')} value={s.shippingFee === 0 ? t('summary.shippingFree') : price(s.shippingFee)} testId="summary-shipping" />
      <SummaryRow className="summary-total" label={t('summary.total')} value={price(s.total)} testId="summary-total" />
      <SummaryRow className="card-meta" label={t('summary.vat', { rate: vatRate.toFixed(1) })} value={price(s.vat)} testId="summary-vat" />
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
      <SummaryRow label={t('details.paymentMethod')} value={t(`method.${paymentMethod}`)} />
      <SummaryRow label={t('details.paymentStatus')} value={t(`paymentStatus.${paymentStatus}`)} testId="payment-status" />
      {children}
    </div>
  );
}
