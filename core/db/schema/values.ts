/**
 * The value lists stored in text columns (a column's allowed values, checked by the services):
 * part of the data layer so that the tables import nothing from the modules. Plain constants,
 * safe in the browser; each module re-exports its own lists (`core/accounts/roles.ts`,
 * `core/orders/status.ts`, `core/custom-box/constants.ts`, `core/catalogue/limits.ts`).
 */

/** Roles of a user (`users.role`). */
export const ROLES = ['Customer', 'Influencer', 'Admin'] as const;
export type Role = (typeof ROLES)[number];

/** Every state of an order (`orders.status`); the transitions are core/orders/status.ts. */
export const ORDER_STATUSES = ['pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'expired', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The drawings a box model can be shown with (`custom_box_models.drawing`; SVG drawn by the shop). */
export const BOX_DRAWINGS = ['cedar', 'mahogany', 'ebony', 'leather'] as const;
export type BoxDrawing = (typeof BOX_DRAWINGS)[number];

/** Kinds of personal text a box carries (`cart_boxes.message_kind`): a gift card inside, or an engraving on the lid. */
export const BOX_MESSAGE_KINDS = ['card', 'engraving'] as const;
export type BoxMessageKind = (typeof BOX_MESSAGE_KINDS)[number];

/** Why stock changed (`stock_movements.reason`). */
export const STOCK_REASONS = ['delivery', 'count', 'damage', 'return', 'correction', 'refund'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
