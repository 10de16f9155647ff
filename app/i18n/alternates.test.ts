import { describe, expect, it } from 'vitest';
import { languageAlternates } from './alternates.ts';
import { LOCALES } from '../../core/i18n/browser.ts';

describe('languageAlternates', () => {
  it('lists every locale and x-default, keeping other query parameters and dropping a chosen lang', () => {
    const alts = languageAlternates('https://shop.example.ch', '/productdetail', '?id=abc&lang=fr');
    expect(alts.map((a) => a.hreflang)).toEqual([...LOCALES, 'x-default']);
    expect(alts.find((a) => a.hreflang === 'de')?.href).toBe('https://shop.example.ch/productdetail?id=abc&lang=de');
    expect(alts.find((a) => a.hreflang === 'pt-BR')?.href).toBe('https://shop.example.ch/productdetail?id=abc&lang=pt-BR');
    expect(alts.find((a) => a.hreflang === 'x-default')?.href).toBe('https://shop.example.ch/productdetail?id=abc');
  });
});
