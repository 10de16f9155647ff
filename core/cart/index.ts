/**
 * The cart module's face (anonymous and user carts, stock caps, merge, promo code and box lines,
 * totals): what other modules and layers import of it; its other files are inner
 * (docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './boxes.ts';
export * from './buy-now.ts';
export * from './promo.ts';
export * from './service.ts';
export * from './session-cart.ts';
export * from './totals.ts';
export * from './view.ts';
