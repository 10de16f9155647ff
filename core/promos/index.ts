/**
 * The promos module's face (promo codes, their uses, referral codes): what other modules and
 * layers import of it; its other files are inner (docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './per-customer.ts';
export * from './referral-owners.ts';
export * from './referral.ts';
export * from './service.ts';
