/** The return rules' numbers (pure; safe in the browser, where the form checks photos before sending). */

/** Days after delivery during which a return may be requested (the shop's terms). */
export const RETURN_WINDOW_DAYS = 7;
/** Days after shipping after which an order not marked delivered counts as delivered. */
export const ASSUMED_DELIVERY_DAYS = 3;
/** Most photos per return. */
export const MAX_RETURN_PHOTOS = 3;
/** Largest photo accepted, bytes (a phone photo is 3–15 MB). */
export const MAX_RETURN_PHOTO_BYTES = 15 * 1024 * 1024;
/** Longest message, characters. */
export const MAX_RETURN_MESSAGE = 2000;
