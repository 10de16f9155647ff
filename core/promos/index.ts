/**
 * The promos module's face (promo codes, their uses, referral codes): what other modules and
 * layers import of it; its other files are inner (docs/decisions/018-module-faces.md).
 */
export { assertCustomerMayRedeem } from './per-customer.ts';
export { referralOwners } from './referral-owners.ts';
export { ensureReferralPromo } from './referral.ts';
export {
  createPromo,
  evaluatePromo,
  findPromo,
  getPromo,
  listPromos,
  normalizePromoCode,
  promoDiscountFor,
  promoRefusal,
  promoTerms,
  releasePromoUse,
  takePromoUse,
  updatePromo,
  type PromoInput,
} from './service.ts';
