/**
 * The custom box's fixed rules, plain values only (the lists stored in columns come from the data
 * layer, core/db/schema/values.ts), so that pages can use them in the browser.
 * Source: docs/product.md §4/§5 ("a minimum of 5 cigars is required"); the text limits are ours
 * (ADR 008).
 */

/** Fewest different varieties a box may hold. */
export const MIN_VARIETIES = 5;

/** The drawings a box model can be shown with (SVG drawn by the shop; no image files needed). */
export { BOX_DRAWINGS } from '../db/browser.ts';

/** Kinds of personal text a box carries: a gift card inside, or an engraving on the lid. */
import type { BoxMessageKind } from '../db/browser.ts';
export { BOX_MESSAGE_KINDS, type BoxMessageKind } from '../db/browser.ts';

/** Longest text, in characters, of a gift card and of an engraving on the lid. */
export const MESSAGE_LIMITS: Record<BoxMessageKind, number> = { card: 200, engraving: 30 };
