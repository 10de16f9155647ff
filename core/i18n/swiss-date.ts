/**
 * Dates on e-mails and documents: `dd.mm.yyyy` in Europe/Zurich in every language (the Swiss
 * convention; the shop, its invoices and its payment deadlines are Swiss).
 */

/** A date as `dd.mm.yyyy` (Swiss convention), in Europe/Zurich. */
export function swissDate(d: Date): string {
  return new Intl.DateTimeFormat('de-CH', { timeZone: 'Europe/Zurich', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
}
