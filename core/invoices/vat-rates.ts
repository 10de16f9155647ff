/**
 * The Swiss VAT rates an order's documents print, and the rate of an order. Pure. Money in Rappen,
 * rates in basis points (810 = 8.1 %).
 */
import { vatContained } from '../pricing/browser.ts';

/**
 * Swiss VAT rates in basis points (810 = 8.1 %) and the ESTV form's tax cipher (Ziffer) of each:
 * 303/313/343 for the rates since 1 January 2024, 302/312/342 for the rates before (MWSTG art. 25).
 */
export const VAT_CIPHERS: Readonly<Record<number, string>> = { 810: '303', 260: '313', 380: '343', 770: '302', 250: '312', 370: '342' };

/**
 * The rate an order's stored VAT was computed at: the shop's rate when it explains the stored
 * amount, else the first Swiss rate that does (an order from before a rate change), else the
 * shop's rate. Orders store their VAT (`orders.vat_rappen`) but not their rate, and an invoice or
 * credit note must state the rate of the supply (MWSTG art. 26 al. 2 let. f), not today's.
 * @param order.total the order's gross total, Rappen; `order.vat` the VAT it contains.
 * @param shopRate the shop's current rate.
 */
export function orderVatRate(order: { total: number; vat: number }, shopRate: number): number {
  for (const r of [shopRate, ...Object.keys(VAT_CIPHERS).map(Number)]) if (vatContained(order.total, r) === order.vat) return r;
  return shopRate;
}
