/** Packaging texts of the catalogue in the visitor's language (core/catalogue/packaging.ts). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverI18n } from '../i18n/resources.ts';
import { packagingLabel } from './packaging.ts';

describe('packaging label', () => {
  it('translates the catalogue shapes with their numbers', () => {
    const de = serverI18n('de').getFixedT(null, 'catalogue');
    expect(packagingLabel('Box of 25', de)).toBe('Kiste à 25');
    expect(packagingLabel('Pouch 30 g', de)).toBe('Beutel 30 g');
    expect(packagingLabel('Piece', de)).toBe('Stück');
    expect(packagingLabel('Single', de)).toBe('Einzeln');
    const ru = serverI18n('ru').getFixedT(null, 'cart');
    expect(packagingLabel('Pack of 4', ru)).toBe('Упаковка (4 шт.)');
    const en = serverI18n('en').getFixedT(null, 'checkout');
    expect(packagingLabel('Bundle of 20', en)).toBe('Bundle of 20');
  });

  it('shows any other text as written', () => {
    const fr = serverI18n('fr').getFixedT(null, 'catalogue');
    expect(packagingLabel('Cabinet selection 50', fr)).toBe('Cabinet selection 50');
  });

  it('every catalogue packaging has a translation', () => {
    const catalogue: unknown = JSON.parse(readFileSync(new URL('../../data/catalogue.json', import.meta.url), 'utf8'));
    const products = (Array.isArray(catalogue) ? catalogue : (catalogue as { products: { packaging: string }[] }).products) as { packaging: string }[];
    const ja = serverI18n('ja').getFixedT(null, 'catalogue');
    for (const p of products) expect(packagingLabel(p.packaging, ja), p.packaging).not.toBe(p.packaging);
  });
});
