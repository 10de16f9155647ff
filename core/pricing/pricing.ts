/**
 * Price rules (docs/architecture.md, "Rules of the domain"; docs/product.md §7):
 * - unit price = base price reduced by `discount_percent` percent, rounded to the nearest
 *   0.05 CHF (5 Rappen, the Swiss price convention; halves round up);
 * - line total = unit price x count; subtotal = sum of line totals;
 * - prices include Swiss VAT; the VAT contained in a gross amount is gross x rate / (1 + rate),
 *   rounded to the Rappen (half up).
 */

/** Rounds Rappen to the nearest multiple of 5 Rappen (0.05 CHF), halves up. */
export function roundTo5Rappen(rappen: number): number {
  return Math.floor((rappen + 2.5) / 5) * 5;
}

/**
 * Unit price after discount, in Rappen.
 * @param basePrice Rappen, integer >= 0.
 * @param discountPercent integer 0..100.
 * @throws {RangeError} for out-of-range input.
 */
export function unitPrice(basePrice: number, discountPercent: number): number {
  if (!Number.isInteger(basePrice) || basePrice < 0) throw new RangeError(`basePrice must be integer Rappen >= 0`);
  if (!Number.isInteger(discountPercent) || discountPercent < 0 || discountPercent > 100) throw new RangeError(`discountPercent must be an integer 0..100`);
  if (discountPercent === 0) return basePrice;
  // exact integer arithmetic: basePrice * (100 - d) / 100, then to 5 Rappen
  const discountedTimes100 = basePrice * (100 - discountPercent);
  return roundTo5Rappen(discountedTimes100 / 100);
}

/** Line total in Rappen: unit price x count. */
export function lineTotal(basePrice: number, discountPercent: number, count: number): number {
  if (!Number.isInteger(count) || count < 0) throw new RangeError('count must be an integer >= 0');
  return unitPrice(basePrice, discountPercent) * count;
}

/** A line as the pricing functions need it. Money in Rappen. */
export type PricedLine = { basePrice: number; discountPercent: number; count: number };

/** Subtotal in Rappen of lines. */
export function subtotal(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, l) => sum + lineTotal(l.basePrice, l.discountPercent, l.count), 0);
}

/**
 * VAT contained in a gross (VAT-inclusive) amount, in Rappen, half up.
 * @param gross Rappen.
 * @param rateBasisPoints e.g. 810 for 8.1 % (Swiss standard rate since 1 January 2024, MWSTG art. 25).
 */
export function vatContained(gross: number, rateBasisPoints = 810): number {
  // gross * r / (10000 + r), rounded half up, in integers
  const num = gross * rateBasisPoints;
  const den = 10_000 + rateBasisPoints;
  return Math.floor((2 * num + den) / (2 * den));
}
