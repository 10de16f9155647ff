/**
 * The influencer module's face (the influencer bonus ledger (ADR 009)): what other modules and
 * layers import of it; its other files are inner (docs/decisions/018-module-faces.md).
 */
export {
  BONUS_ROLES,
  bonusBalance,
  bonusOnRefund,
  bonusOnTransition,
  lockSpendableBonus,
  recordOrderBonus,
  spendableBonus,
  type BonusBalance,
} from './bonus.ts';
