/**
 * The promotional banner (specification section 2): the shop's built-in text follows the
 * visitor's language; a text the admin wrote is shown exactly as written.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_PROMO_TEXTS, DEFAULT_PROMO_TEXT } from '../../core/config/promo-text.ts';
import { serverI18n } from '../../core/i18n/resources.ts';
import { PromoBanner } from './PromoBanner.tsx';

const render = (lang: string, text: string) => renderToString(createElement(I18nextProvider, { i18n: serverI18n(lang) }, createElement(PromoBanner, { text })));

describe('promotional banner', () => {
  it('shows the built-in text (present and former) in the visitor language', () => {
    for (const text of BUILT_IN_PROMO_TEXTS) {
      expect(render('de', text)).toContain('Gratis Lieferung in die Schweiz und nach Liechtenstein ab CHF 150');
      expect(render('fr', text)).toContain('Livraison gratuite en Suisse et au Liechtenstein');
    }
    expect(render('en', DEFAULT_PROMO_TEXT)).toContain(DEFAULT_PROMO_TEXT);
  });

  it("shows an admin's own text as written, and nothing for an empty one", () => {
    expect(render('de', 'Black Friday: 20 % auf Humidore')).toContain('Black Friday: 20 % auf Humidore');
    expect(render('de', '  ')).toBe('');
  });
});
