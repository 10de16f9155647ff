/**
 * The pricing module's browser face (integer Rappen, discounts rounded to 5 Rappen, VAT contained,
 * shipping): the part pages may run in the browser. Reaches no Drizzle, database driver, node:
 * module or other server package (checked by .dependency-cruiser-browser.cjs;
 * docs/decisions/018-module-faces.md).
 */
export { chfToRappen, formatChf, parseChfInput, rappenToChf, rappenToDecimalString } from './money.ts';
export { lineTotal, roundTo5Rappen, unitPrice, vatContained } from './pricing.ts';
export { shippingFeeFor, shippingFigures, type ShippingFigures } from './shipping.ts';
