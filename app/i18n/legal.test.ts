/**
 * The information pages' texts: the configuration is filled in (company, e-mail, fee and
 * free-delivery threshold in the locale's format), the policy statements are there in every
 * picker language, and locales without legal texts fall back to English.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../core/config/settings.ts';
import { legalPage } from './legal.server.ts';
import { PICKER_LOCALES } from '../../core/i18n/browser.ts';

const settings = { ...DEFAULT_SETTINGS, shippingFee: 1250, freeShippingThreshold: 129_900 };
const text = (p: ReturnType<typeof legalPage>) =>
  [p.title, p.intro, ...p.sections.flatMap((s) => [s.h, ...(s.p ?? []), ...(s.list ?? [])])].join('\n').replace(/[\u00a0\u202f]/g, ' ');

describe('legal pages', () => {
  it('shipping fills in the fee and the free-delivery threshold from configuration, per locale', () => {
    expect(text(legalPage('en', 'shipping', settings))).toContain('CHF 12.50');
    expect(text(legalPage('de', 'shipping', settings))).toMatch(/CHF 1[’']299\.00/);
    expect(text(legalPage('fr', 'shipping', settings))).toContain('1 299.00 CHF');
  });

  it('every picker language states 7 days, Switzerland, 18 and the company', () => {
    for (const lang of PICKER_LOCALES) {
      const returns = text(legalPage(lang, 'returns', settings));
      expect(returns, lang).toContain('7');
      expect(returns, lang).toContain(settings.email);
      const terms = text(legalPage(lang, 'terms', settings));
      expect(terms, lang).toContain('18');
      expect(terms, lang).toContain(settings.companyName);
      expect(text(legalPage(lang, 'policy', settings)), lang).toContain(settings.companyName);
      expect(legalPage(lang, 'policy', settings).updated, lang).toMatch(/2026/);
      expect(legalPage(lang, 'about', settings).updated).toBeNull();
    }
  });

  it('falls back to English where a language has no legal texts', () => {
    expect(legalPage('xx', 'policy', settings).title).toBe('Privacy policy');
    expect(legalPage('xx', 'policy', settings).sections.length).toBeGreaterThan(3);
  });

  it('the further locales have their own legal texts, with the same sections as English', () => {
    for (const lng of ['ar', 'ja', 'pl']) {
      const page = legalPage(lng, 'returns', settings);
      expect(page.title, lng).not.toBe('Returns and refunds');
      expect(page.sections.length, lng).toBe(legalPage('en', 'returns', settings).sections.length);
      expect(JSON.stringify(page), lng).toContain('7');
    }
  });
});
