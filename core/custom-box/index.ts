/**
 * The custom-box module's face (box models, boxes in carts, box stock in orders (ADR 008)): what
 * other modules and layers import of it; its other files are inner (docs/decisions/018-module-
 * faces.md).
 */
export type { BoxMessageKind } from './constants.ts';
export { boxCartLines, boxImagePath, clearBoxLines, moveBoxLines, removeBoxLine, type CartBoxDetails } from './cart-lines.ts';
export { boxModelName } from './model-name-text.ts';
export { boxReservations, boxStockReturns, takeBoxLine } from './order.ts';
export { boxOptions, checkBox, listBoxModels, saveBoxModel, type CreateBoxInput } from './service.ts';
