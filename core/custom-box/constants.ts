/**
 * The custom box's fixed rules, free of imports so that pages can use them in the browser.
 * Source: specification §4/§5 ("a minimum of 5 cigars is required"); the text limits are ours
 * (ADR 008).
 */

/** Fewest different varieties a box may hold. */
export const MIN_VARIETIES = 5;

/** The drawings a box model can be shown with (SVG drawn by the shop; no image files needed). */
export const BOX_DRAWINGS = ['cedar', 'mahogany', 'ebony', 'leather'] as const;
export type BoxDrawing = (typeof BOX_DRAWINGS)[number];

/** Kinds of personal text a box carries: a gift card inside, or an engraving on the lid. */
export const BOX_MESSAGE_KINDS = ['card', 'engraving'] as const;
export type BoxMessageKind = (typeof BOX_MESSAGE_KINDS)[number];

/** Longest text, in characters, of a gift card and of an engraving on the lid. */
export const MESSAGE_LIMITS: Record<BoxMessageKind, number> = { card: 200, engraving: 30 };
