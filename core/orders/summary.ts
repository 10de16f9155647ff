/**
 * An order's money summary (issue 5, item 1), in Rappen: subtotal, promo discount, shipping fee
 * (free when the subtotal after discount reaches the threshold; both from the shop settings),
 * total, and the Swiss VAT the total contains (8.1 %, core/pricing vatContained).
 */
import type { ShopSettings } from '../config/settings.ts';
import { vatContained } from '../pricing/pricing.ts';

export type OrderTotals = { subtotal: number; discount: number; shippingFee: number; total: number; vat: number };

export function orderTotals(subtotal: number, discount: number, settings: Pick<ShopSettings, 'shippingFee' | 'freeShippingThreshold' | 'vatRateBasisPoints'>): OrderTotals {
  const d = Math.min(Math.max(0, discount), subtotal);
  const afterDiscount = subtotal - d;
  const shippingFee = subtotal === 0 || afterDiscount >= settings.freeShippingThreshold ? 0 : settings.shippingFee;
  const total = afterDiscount + shippingFee;
  return { subtotal, discount: d, shippingFee, total, vat: vatContained(total, settings.vatRateBasisPoints) };
}
