/**
 * The custom-box module's browser face (box models, boxes in carts, box stock in orders (ADR
 * 008)): the part pages may run in the browser. Reaches no Drizzle, database driver, node: module
 * or other server package (checked by .dependency-cruiser-browser.cjs; docs/decisions/018-module-
 * faces.md).
 */
export { BOX_DRAWINGS, BOX_MESSAGE_KINDS, MIN_VARIETIES, type BoxMessageKind } from './constants.ts';
