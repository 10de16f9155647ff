/**
 * The orders module's browser face (checkout, order codes, status changes, refunds, fulfilment,
 * hoarding rules): the part pages may run in the browser. Reaches no Drizzle, database driver,
 * node: module or other server package (checked by .dependency-cruiser-browser.cjs;
 * docs/decisions/018-module-faces.md).
 */
export { CARRIERS, DEFAULT_CARRIER, trackingUrl } from './carriers.ts';
export { ORDER_STATUSES, transitionRefusal, TRANSITIONS } from './status.ts';
export { orderTotals } from './summary.ts';
