/**
 * Live search: case-, accent- and small-typo-tolerant over name, brand, line,
 * vitola and wrapper, best match first; an empty query finds nothing. A small fixture catalogue
 * proves accents ("partagas" finds "Partagás"); the real one proves typos ("fuentte").
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importCatalogue } from '../../core/catalogue/import.ts';
import { products } from '../../core/db/schema/catalogue.ts';
import { searchProducts } from '../../core/catalogue/service.ts';
import { SEARCH_FIXTURE } from '../helpers/catalogue.ts';
import { useTestSuite } from '../helpers/suite.ts';

describe('search on a fixture catalogue', () => {
  const t = useTestSuite({ catalogue: null }, async ({ shop }) => {
    await importCatalogue(shop.db, SEARCH_FIXTURE);
  });
  const names = async (q: string) => (await searchProducts(t.shop.db, q)).map((h) => h.name);

  it('is accent-insensitive both ways', async () => {
    expect(await names('partagas')).toEqual(['Partagás Serie D No. 4', 'Partagás Serie P No. 2']);
    expect(await names('Partagás')).toEqual(['Partagás Serie D No. 4', 'Partagás Serie P No. 2']);
    expect(await names('piramide')).toEqual(['Partagás Serie P No. 2']);
  });

  it('is case-insensitive', async () => {
    expect(await names('PARTAGAS SERIE D')).toEqual(['Partagás Serie D No. 4']);
    expect(await names('oLiVa')).toEqual(['Oliva Serie V Melanio Figurado']);
  });

  it('tolerates a small typo', async () => {
    expect((await names('partagaz'))[0]).toMatch(/^Partagás/);
    expect((await names('upman'))[0]).toBe('H. Upmann Magnum 54');
    expect((await names('macanduo maduro'))[0]).toBe('Macanudo Maduro Hampton Court');
  });

  it('searches brand, line, vitola and wrapper too', async () => {
    expect(await names('Sumatra')).toEqual(['Oliva Serie V Melanio Figurado']); // wrapper
    expect(await names('melanio')).toEqual(['Oliva Serie V Melanio Figurado']); // line
    expect(await names('broadleaf')).toEqual(['Macanudo Maduro Hampton Court']); // wrapper
    expect(await names('corona')).toEqual(['Macanudo Maduro Hampton Court']); // vitola
    expect((await names('robusto extra'))[0]).toBe('H. Upmann Magnum 54'); // vitola
  });

  it('does not search descriptions or tasting notes', async () => {
    expect(await names('cedar')).toEqual([]);
    expect(await names('fixture cigar')).toEqual([]);
  });

  it('puts the best match first', async () => {
    expect((await names('serie d no 4'))[0]).toBe('Partagás Serie D No. 4');
    expect((await names('serie p'))[0]).toBe('Partagás Serie P No. 2');
    expect((await names('serie v'))[0]).toBe('Oliva Serie V Melanio Figurado');
  });

  it('finds nothing for an empty or blank query, or one of only punctuation', async () => {
    expect(await searchProducts(t.shop.db, '')).toEqual([]);
    expect(await searchProducts(t.shop.db, '   ')).toEqual([]);
    expect(await searchProducts(t.shop.db, '%%__')).toEqual([]);
  });

  it('treats LIKE wildcards and quotes as text, folding punctuation to spaces', async () => {
    expect(await names('%')).toEqual([]);
    expect(await names('_a%')).toEqual([]);
    expect(await names("'; drop table products; --")).toEqual([]);
    expect(await names("o'liva")).toEqual(['Oliva Serie V Melanio Figurado']);
  });

  it('needs every word to match, in any order', async () => {
    expect(await names('serie melanio')).toEqual(['Oliva Serie V Melanio Figurado']);
    expect(await names('melanio serie')).toEqual(['Oliva Serie V Melanio Figurado']);
    expect(await names('partagas magnum')).toEqual([]);
  });

  it('answers name and packaging for each hit, and skips unlisted products', async () => {
    const [hit] = await searchProducts(t.shop.db, 'oliva');
    expect(hit).toMatchObject({ name: 'Oliva Serie V Melanio Figurado', packaging: 'Single' });
    await t.shop.db.update(products).set({ active: false }).where(eq(products.id, hit.id));
    expect(await names('oliva')).toEqual([]);
  });
});

describe('search on the real catalogue', () => {
  const t = useTestSuite();
  const names = async (q: string, limit?: number) => (await searchProducts(t.shop.db, q, limit)).map((h) => h.name);

  it('"fuentte" finds Fuente', async () => {
    const hits = await names('fuentte');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((n) => /Fuente/.test(n))).toBe(true);
  });

  it('"cafe" finds the Macanudo Café line and "anejado" finds Añejado', async () => {
    const cafe = await names('cafe');
    expect(cafe.length).toBe(4);
    expect(cafe.every((n) => n.startsWith('Macanudo Café'))).toBe(true);
    expect((await names('anejado 7 anos'))[0]).toBe('VegaFina Añejado 7 Años Robusto Extra PigTail');
  });

  it('puts the closest product first', async () => {
    expect((await names('opusx robusto'))[0]).toBe('Fuente Fuente OpusX Robusto');
    expect((await names('davidoff late hour churchill'))[0]).toBe('Davidoff Winston Churchill The Late Hour Churchill');
    expect((await names('hemingway signature'))[0]).toBe('Arturo Fuente Hemingway Signature');
  });

  it('includes out-of-stock products and respects the limit', async () => {
    expect(await names('opusx double')).toContain('Fuente Fuente OpusX Double Robusto');
    expect(await names('robusto', 3)).toHaveLength(3);
  });

  it('finds nothing for unrelated text', async () => {
    expect(await names('zzzqqq')).toEqual([]);
  });
});
