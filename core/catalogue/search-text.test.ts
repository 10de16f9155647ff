import { describe, expect, it } from 'vitest';
import { normalizeSearchText, productSearchText, searchTextWithNames } from './search-text.ts';

describe('normalizeSearchText', () => {
  it('lower-cases and removes accents', () => {
    expect(normalizeSearchText('Partagás Serie D No. 4')).toBe('partagas serie d no 4');
    expect(normalizeSearchText('AÑEJADO 7 AÑOS')).toBe('anejado 7 anos');
    expect(normalizeSearchText('Café Crème Zürich')).toBe('cafe creme zurich');
    expect(normalizeSearchText('Selección San Andrés')).toBe('seleccion san andres');
  });

  it('folds punctuation and runs of spaces to one space and trims', () => {
    expect(normalizeSearchText('  E.P. Carrillo — INCH No.60  ')).toBe('e p carrillo inch no 60');
    expect(normalizeSearchText('Connecticut Shade (Ecuador)')).toBe('connecticut shade ecuador');
    expect(normalizeSearchText("o'liva%_\\")).toBe('o liva');
  });

  it('turns text without letters or digits into the empty string', () => {
    expect(normalizeSearchText('')).toBe('');
    expect(normalizeSearchText(' %%__ -- ')).toBe('');
  });

  it('agrees for composed and decomposed input', () => {
    expect(normalizeSearchText('Partage\u0301s')).toBe(normalizeSearchText('Partagés'));
  });
});

describe('productSearchText', () => {
  it('joins name, brand, line, vitola and wrapper, without repeating identical parts', () => {
    expect(
      productSearchText({ name: 'Macanudo Café Hyde Park', brand: 'Macanudo', line: 'Café', vitola: 'Corona', wrapper: 'Connecticut Shade (Ecuador)' }),
    ).toBe('macanudo cafe hyde park macanudo cafe corona connecticut shade ecuador');
    expect(productSearchText({ name: 'Boveda 69%', brand: 'Boveda', line: 'Boveda', vitola: null, wrapper: null })).toBe('boveda 69 boveda');
  });
});

describe('searchTextWithNames', () => {
  it("adds the owner's names in other languages, normalised, once each, and only those not already there", () => {
    expect(searchTextWithNames('owner blend test casa', { de: { name: 'Hausmischung' }, fr: { name: 'Mélange Maison' }, it: { name: 'hausmischung' } })).toBe(
      'owner blend test casa hausmischung melange maison',
    );
    expect(searchTextWithNames('owner blend', { de: { name: 'Owner Blend' }, es: {} })).toBe('owner blend');
    expect(searchTextWithNames('owner blend', null)).toBe('owner blend');
  });
});
