/** Limits of the low-stock threshold, shared by the service and the admin form (no server code here: the page's bundle imports it). */

/** Highest threshold the admin may set (the stock's own limit). */
export const MAX_LOW_STOCK_THRESHOLD = 1_000_000;
