/**
 * The custom-box module's face (box models, boxes in carts, box stock in orders (ADR 008)): what
 * other modules and layers import of it; its other files are inner (docs/decisions/017-module-
 * faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './browser.ts';
export * from './cart-lines.ts';
export * from './model-name-text.ts';
export * from './order.ts';
export * from './service.ts';
