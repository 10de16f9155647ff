/**
 * Display formats in the visitor's locale (prices in CHF with 2 decimals, dates). Dates and times
 * are in the shop's time zone (the root loader's configuration), never the runtime's: the server
 * renders in UTC, the browser in its own zone, and both must write the same text
 * (docs/decisions/021-shop-time-zone.md).
 */
import { useRouteLoaderData } from 'react-router';
import { useFixedT } from '../i18n/useFixedT.ts';
import { formatChf } from '../../core/pricing/browser.ts';
import { DEFAULT_TIME_ZONE, formatDate, formatDateTime, intlLocale } from '../../core/i18n/browser.ts';
import type { RootData } from '../root.tsx';

/** The shop's time zone from the root loader data ({@link DEFAULT_TIME_ZONE} on a page without it). */
export function useShopTimeZone(): string {
  const root = useRouteLoaderData('root') as RootData | undefined;
  return root?.config.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * Rappen -> "CHF 12.50" in the current language's style; for pieces that show prices only and
 * may render outside the data router (the promo banner).
 */
export function usePrice(): (rappen: number) => string {
  const { i18n } = useFixedT();
  const locale = intlLocale(i18n.language);
  return (rappen: number) => formatChf(rappen, locale);
}

/** Formatting functions bound to the current language and the shop's time zone. */
export function useFormat() {
  const { i18n } = useFixedT();
  const locale = intlLocale(i18n.language);
  const timeZone = useShopTimeZone();
  return {
    /** Rappen -> "CHF 12.50" in the locale's style. */
    price: (rappen: number) => formatChf(rappen, locale),
    /** A date ("28 Nov 2026") in the shop's time zone. */
    date: (d: string | Date) => formatDate(d, locale, timeZone),
    /** A date and time ("28 Nov 2026, 11:39") in the shop's time zone. */
    dateTime: (d: string | Date) => formatDateTime(d, locale, timeZone),
    number: (n: number) => new Intl.NumberFormat(locale).format(n),
    /** The shop's time zone (IANA name). */
    timeZone,
  };
}
