/**
 * The jobs module's browser face (scheduled jobs (expiry, reminders, low stock, retention,
 * outbox), once across processes): the part pages may run in the browser. Reaches no Drizzle,
 * database driver, node: module or other server package (checked by .dependency-cruiser-
 * browser.cjs; docs/decisions/018-module-faces.md).
 */
export { MAX_LOW_STOCK_THRESHOLD } from './limits.ts';
