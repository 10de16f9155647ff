/**
 * An order's money summary, in Rappen: subtotal, promo discount, influencer
 * bonus spent (ADR 009), shipping fee (free when the subtotal after the promo discount reaches the
 * threshold; both from the shop settings), total, and the Swiss VAT the total contains (8.1 %,
 * core/pricing vatContained). The bonus is a deduction like the discount: it lowers the total and
 * so the VAT; it does not cost the customer free shipping.
 */
import type { ShopSettings } from '../config/browser.ts';
import { vatContained, shippingFeeFor } from '../pricing/browser.ts';

export type OrderTotals = { subtotal: number; discount: number; bonus: number; shippingFee: number; total: number; vat: number };

/** @param bonus influencer bonus to deduct, Rappen; capped at the subtotal after the discount. */
export function orderTotals(
  subtotal: number,
  discount: number,
  settings: Pick<ShopSettings, 'shippingFee' | 'freeShippingThreshold' | 'vatRateBasisPoints'>,
  bonus = 0,
): OrderTotals {
  const d = Math.min(Math.max(0, discount), subtotal);
  const afterDiscount = subtotal - d;
  const b = Math.min(Math.max(0, bonus), afterDiscount);
  const shippingFee = shippingFeeFor(subtotal, d, settings);
  const total = afterDiscount - b + shippingFee;
  return { subtotal, discount: d, bonus: b, shippingFee, total, vat: vatContained(total, settings.vatRateBasisPoints) };
}
