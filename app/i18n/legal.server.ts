/**
 * The information pages' texts (namespace `legal`), resolved on the server in the page's
 * language with the shop's configuration filled in, so the browser receives only the page it
 * shows (the `legal` namespace is not sent to the client).
 */
import type { ShopSettings } from '../../core/config/browser.ts';
import { formatChf } from '../../core/pricing/browser.ts';
import { intlLocale } from '../../core/i18n/browser.ts';
import { serverI18n } from '../../core/i18n/index.ts';

/** One section of an information page: a heading, paragraphs and/or a bulleted list. */
type LegalSection = { h: string; p?: string[]; list?: string[] };
/** The information pages kept in the `legal` namespace. */
export type LegalPageName = 'policy' | 'terms' | 'returns' | 'shipping' | 'about' | 'readme';
export type LegalPage = { title: string; description: string; intro: string; sections: LegalSection[]; updated: string | null };

/** When the legal texts (policy, terms, returns, shipping) were last revised. */
const LEGAL_TEXTS_REVISED = '2026-11-20';
const DATED: LegalPageName[] = ['policy', 'terms', 'returns', 'shipping'];

/**
 * Values the texts may interpolate: company, address, e-mail, fee and threshold (formatted CHF),
 * and the sentences naming the delivery region (`legal:region.*`; the `_li` variants while
 * Liechtenstein is delivered to, ADR 014).
 */
function legalParams(lang: string, s: ShopSettings): Record<string, string> {
  const locale = intlLocale(lang);
  const base = {
    company: s.companyName,
    address: s.dir,
    email: s.email,
    vat: s.vatNumber,
    fee: formatChf(s.shippingFee, locale),
    threshold: formatChf(s.freeShippingThreshold, locale),
  };
  const t = serverI18n(lang).getFixedT(lang, 'legal');
  const context = s.deliverLiechtenstein ? 'li' : undefined;
  return {
    ...base,
    regionTerms: t('region.terms', { context }),
    regionWhere: t('region.where', { context }),
    regionIntro: t('region.intro', { context }),
    regionReadme: t('region.readme', { context }),
    regionDescription: t('region.description', { ...base, context }),
  };
}

/** The page `name` in `lang` (English where a text is missing), configuration filled in. */
export function legalPage(lang: string, name: LegalPageName, settings: ShopSettings): LegalPage {
  const t = serverI18n(lang).getFixedT(lang, 'legal');
  const params = legalParams(lang, settings);
  const sections = t(`${name}.sections`, { ...params, returnObjects: true }) as unknown;
  return {
    title: t(`${name}.title`, params),
    description: t(`${name}.description`, params),
    intro: t(`${name}.intro`, params),
    sections: Array.isArray(sections) ? (sections as LegalSection[]) : [],
    updated: DATED.includes(name)
      ? t('updated', { date: new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(LEGAL_TEXTS_REVISED)) })
      : null,
  };
}
