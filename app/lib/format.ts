/** Display formats in the visitor's locale (prices in CHF with 2 decimals, dates). */
import { useFixedT } from '../i18n/useFixedT.ts';
import { formatChf } from '../../core/pricing/browser.ts';
import { intlLocale } from '../i18n/locales.ts';

/** Formatting functions bound to the current language. */
export function useFormat() {
  const { i18n } = useFixedT();
  const locale = intlLocale(i18n.language);
  return {
    /** Rappen -> "CHF 12.50" in the locale's style. */
    price: (rappen: number) => formatChf(rappen, locale),
    date: (d: string | Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(d)),
    dateTime: (d: string | Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(d)),
    number: (n: number) => new Intl.NumberFormat(locale).format(n),
  };
}
