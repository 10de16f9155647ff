/** Catalogue values in the reader's language through the `catalogue:values` dictionary. */
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { serverI18n } from '../i18n/resources.ts';
import { LOCALES } from '../i18n/locales.ts';
import { catalogueValue, catalogueValueKey, catalogueValues } from './values.ts';

const t = (lng: string) => serverI18n(lng as 'de').t;

describe('catalogueValue', () => {
  it('translates whole values, lists and parts in parentheses; keeps unknown parts as written', () => {
    const de = t('de');
    expect(catalogueValue('Cameroon', de)).toBe('Kamerun');
    expect(catalogueValue('Dominican Republic', de)).toBe('Dominikanische Republik');
    expect(catalogueValue('Dominican Republic, Nicaragua', de)).toBe('Dominikanische Republik, Nicaragua');
    expect(catalogueValue('Sun Grown (Ecuador)', de)).toBe('sonnengereift (Ecuador)');
    expect(catalogueValue('Habano (Nicaragua)', t('fr'))).toBe('Habano (Nicaragua)');
    expect(catalogueValue('Connecticut Broadleaf Maduro (USA)', de)).toBe('Connecticut Broadleaf Maduro (Vereinigte Staaten)');
    expect(catalogueValue('Cubra, Mata Fina (Brazil), San Vicente, Olor, Piloto (Dominican Republic)', de)).toBe(
      'Cubra, Mata Fina (Brasilien), San Vicente, Olor, Piloto (Dominikanische Republik)',
    );
    expect(catalogueValue('Box-pressed Robusto', de)).toBe('Robusto, gepresst');
    expect(catalogueValue('Pyramid', t('es'))).toBe('Pirámide');
    expect(catalogueValue('Something new', de)).toBe('Something new');
    expect(catalogueValue(null, de)).toBe('');
    expect(catalogueValues(['cedar', 'cocoa', 'unheard-of'], de)).toEqual(['Zeder', 'Kakao', 'unheard-of']);
    expect(catalogueValue('Dominican Republic, Peru', t('ar'))).toBe('جمهورية الدومينيكان، بيرو');
    expect(catalogueValue('Cameroon', t('en'))).toBe('Cameroon');
  });

  it('keys drop accents and separators', () => {
    expect(catalogueValueKey('San Andrés')).toBe('san-andres');
    expect(catalogueValueKey("Criollo '98")).toBe('criollo-98');
  });

  it('every tasting note and origin of data/catalogue.json has an entry in every locale; German differs from English', () => {
    const file = JSON.parse(fs.readFileSync('data/catalogue.json', 'utf8')) as { products: Record<string, unknown>[] };
    const notes = new Set(file.products.flatMap((p) => (p.tasting_notes as string[]) ?? []));
    for (const lng of LOCALES) for (const n of notes) expect(serverI18n(lng).exists(`catalogue:values.${catalogueValueKey(n)}`), `${lng} ${n}`).toBe(true);
    for (const n of notes) expect(catalogueValue(n, t('de')), n).not.toBe(n);
    for (const o of new Set(file.products.map((p) => p.origin as string | null).filter((o) => o && o !== 'Nicaragua')))
      expect(catalogueValue(o, t('de')), String(o)).not.toBe(o);
  });
});
