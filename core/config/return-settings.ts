/**
 * The limits and choices of the return settings (`returnShipping`, `returnAddress`, `returnText`).
 * A file of plain constants, apart from the settings schema: the admin settings page reads them in
 * the browser, and a page that imports a value of `settings.ts` ships its zod schema (and zod) in
 * the storefront chunk every page loads.
 */

/** What happens with the item of an accepted return (setting `returnShipping`). */
export const RETURN_SHIPPING = ['send', 'keep'] as const;
/** Longest return address, characters (six lines of a parcel label). */
export const MAX_RETURN_ADDRESS = 300;
/** Longest return text per language, characters. */
export const MAX_RETURN_TEXT = 1000;
