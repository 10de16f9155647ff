/**
 * An order's money summary (issue 5, item 1), in Rappen: subtotal, promo discount, influencer
 * bonus spent (ADR 009), shipping fee (free when the subtotal after the promo discount reaches the
 * threshold; both from the shop settings), total, and the Swiss VAT the total contains (8.1 %,
 * core/pricing vatContained). The bonus is a deduction like the discount: it lowers the total and
 * so the VAT; it does not cost the customer free shipping.
 */
import type { ShopSettings } from '../config/settings.ts';
import { vatContained } from '../pricing/pricing.ts';

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
  const shippingFee = subtotal === 0 || afterDiscount >= settings.freeShippingThreshold ? 0 : settings.shippingFee;
  const total = afterDiscount - b + shippingFee;
  return { subtotal, discount: d, bonus: b, shippingFee, total, vat: vatContained(total, settings.vatRateBasisPoints) };
}

/**
 * The delivery figures shown with a cart (api-contract, `GET /api/cart/carts` `shipping`), in
 * Rappen: the fee the order would pay now (0 for an empty cart, nothing to deliver), the goods
 * value from which delivery is free (the admin's setting) and what is still missing to reach it
 * (0 when reached). The same rule as {@link orderTotals}: the subtotal after the promo discount
 * counts; an influencer bonus does not cost free delivery.
 */
export type ShippingFigures = { fee: number; freeFrom: number; remaining: number };

export function shippingFigures(
  subtotal: number,
  discount: number,
  settings: Pick<ShopSettings, 'shippingFee' | 'freeShippingThreshold' | 'vatRateBasisPoints'>,
): ShippingFigures {
  const { shippingFee } = orderTotals(subtotal, discount, settings);
  const afterDiscount = subtotal - Math.min(Math.max(0, discount), subtotal);
  return { fee: shippingFee, freeFrom: settings.freeShippingThreshold, remaining: Math.max(0, settings.freeShippingThreshold - afterDiscount) };
}
