/**
 * The promotional banner (docs/product.md §2): the shop's built-in text follows the
 * visitor's language, the free-delivery threshold of the settings and the delivery region;
 * a text the admin wrote is shown exactly as written.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_PROMO_TEXTS, DEFAULT_PROMO_TEXT } from '../../core/config/promo-text.ts';
import { serverI18n } from '../../core/i18n/resources.ts';
import { LOCALES } from '../../core/i18n/locales.ts';
import { PromoBanner } from './PromoBanner.tsx';

const render = (lang: string, text: string, freeFrom = 15_000, liechtenstein = false) =>
  renderToString(createElement(I18nextProvider, { i18n: serverI18n(lang) }, createElement(PromoBanner, { text, freeFrom, liechtenstein }))).replace(
    /[\u00a0\u202f]/g,
    ' ',
  );

describe('promotional banner', () => {
  it('shows the built-in text (present and former) in the visitor language, Switzerland only by default', () => {
    for (const text of BUILT_IN_PROMO_TEXTS) {
      expect(render('de', text)).toContain('Gratis Lieferung in der ganzen Schweiz ab CHF 150.00');
      expect(render('fr', text)).toMatch(/Livraison gratuite en Suisse dès 150\.00\s*CHF/);
      expect(render('de', text)).not.toContain('Liechtenstein');
    }
    expect(render('en', DEFAULT_PROMO_TEXT)).toContain('Free delivery in Switzerland from CHF 150.00');
  });

  it('takes the threshold from the settings in every language', () => {
    for (const lang of LOCALES) {
      const html = render(lang, DEFAULT_PROMO_TEXT, 12_990);
      expect(html, lang).toMatch(/129[.,]90/);
      expect(html, lang).not.toMatch(/150/);
    }
  });

  it('names Liechtenstein only while the setting is on', () => {
    expect(render('de', DEFAULT_PROMO_TEXT, 15_000, true)).toContain('Gratis Lieferung in die Schweiz und nach Liechtenstein ab CHF 150.00');
    expect(render('en', DEFAULT_PROMO_TEXT, 15_000, true)).toContain('Free delivery in Switzerland and Liechtenstein from CHF 150.00');
  });

  it("shows an admin's own text as written, and nothing for an empty one", () => {
    expect(render('de', 'Black Friday: 20 % auf Humidore')).toContain('Black Friday: 20 % auf Humidore');
    expect(render('de', '  ')).toBe('');
  });
});
