/**
 * The delivery fee rule (docs/product.md §7: free delivery above a threshold; both amounts
 * are the admin's settings), in Rappen: an order whose goods total after the promo discount
 * reaches `freeShippingThreshold` ships free, an empty one costs nothing, any other pays
 * `shippingFee`. An influencer bonus does not cost free delivery (ADR 009).
 */

/** The two settings the rule reads, Rappen. */
export type ShippingRule = { shippingFee: number; freeShippingThreshold: number };

/** The delivery figures shown with a cart (docs/api.md `shipping`), Rappen. */
export type ShippingFigures = { fee: number; freeFrom: number; remaining: number };

/**
 * The delivery fee of an order, Rappen.
 * @param subtotal goods total before the discount; @param discount promo discount (capped at the subtotal).
 */
export function shippingFeeFor(subtotal: number, discount: number, rule: ShippingRule): number {
  const afterDiscount = subtotal - Math.min(Math.max(0, discount), subtotal);
  return subtotal === 0 || afterDiscount >= rule.freeShippingThreshold ? 0 : rule.shippingFee;
}

/**
 * The fee the order would pay now, the threshold from which delivery is free, and what is still
 * missing to reach it (0 when reached), Rappen.
 */
export function shippingFigures(subtotal: number, discount: number, rule: ShippingRule): ShippingFigures {
  const afterDiscount = subtotal - Math.min(Math.max(0, discount), subtotal);
  return {
    fee: shippingFeeFor(subtotal, discount, rule),
    freeFrom: rule.freeShippingThreshold,
    remaining: Math.max(0, rule.freeShippingThreshold - afterDiscount),
  };
}
