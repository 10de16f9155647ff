/**
 * Business constants and limits of docs/product.md §9 ("Business constants and
 * limits"). Times in milliseconds unless the name says otherwise.
 */

/** Minimum customer age, years (the rule itself lives in core/accounts/age.ts). */
/** How long an age confirmation stays valid: 1 hour. */
export const AGE_CONFIRMATION_VALIDITY_MS = 60 * 60 * 1000;
/** Delay before the age gate appears after the configuration has loaded: 5 s. */
export const AGE_GATE_DELAY_MS = 5_000;
/** Delay before the cookie notice appears: 10 s. */
export const COOKIE_NOTICE_DELAY_MS = 10_000;
/** How long the snackbar shows a message: 4 s. */
export const SNACKBAR_MS = 4_000;
/** The language menu closes itself after 4 s. */
export const LANGUAGE_MENU_AUTOCLOSE_MS = 4_000;
/** The promotional banner alternates colours every second. */
export const PROMO_BANNER_BLINK_MS = 1_000;
/** Live search waits this long after the last keystroke (debounce). */
export const SEARCH_DEBOUNCE_MS = 200;
