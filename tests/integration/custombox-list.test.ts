/**
 * The custom box builder's list a page at a time (app/lib/custom-box.server.ts): the search by name
 * or brand, the filters, the pages, and the choices the query string carries. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOX_PAGE_SIZE, boxBuilderData } from '../../app/lib/custom-box.server.ts';
import type { Shop } from '../../core/shop.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;

beforeAll(async () => {
  ({ shop } = await openTestSuite());
});
afterAll(() => shop?.close());

const list = (query: string) => boxBuilderData(shop.db, new URLSearchParams(query));

describe('the custom box list', () => {
  it('sends one page of the single cigars, the pages in order, and clamps the page', async () => {
    const first = await list('');
    expect(first.varieties).toHaveLength(Math.min(BOX_PAGE_SIZE, first.offered));
    expect(first.pages).toBe(Math.ceil(first.offered / BOX_PAGE_SIZE));
    expect(first.found).toBe(first.offered);
    const ids = new Set<string>();
    for (let page = 1; page <= first.pages; page++) for (const x of (await list(`page=${page}`)).varieties) ids.add(x.id);
    expect(ids.size).toBe(first.offered);
    expect((await list('page=999')).page).toBe(first.pages);
    expect((await list('page=-3')).page).toBe(1);
    expect((await list('page=abc')).page).toBe(1);
  });

  it('searches every word in the brand or name, without regard to case or accents, and filters by brand and strength', async () => {
    const all = await list('');
    const brand = all.brands[0];
    const byBrand = await list(`brand=${encodeURIComponent(brand)}`);
    expect(byBrand.found).toBeGreaterThan(0);
    expect(byBrand.varieties.every((x) => x.brand === brand)).toBe(true);
    const searched = await list(`q=${encodeURIComponent(brand.toUpperCase())}`);
    expect(searched.found).toBeGreaterThanOrEqual(byBrand.found);
    const x = all.varieties[0];
    const word = x.name.split(' ').at(-1)!;
    const both = await list(`q=${encodeURIComponent(`${x.brand} ${word}`)}`);
    expect(both.varieties.map((v) => v.id)).toContain(x.id);
    const mild = await list('strength=Mild');
    expect(mild.varieties.every((v) => v.strength === 'Mild')).toBe(true);
    const none = await list('q=zzzznotacigar');
    expect(none.found).toBe(0);
    expect(none.varieties).toEqual([]);
    expect(none.pages).toBe(1);
  });

  it('reads the choices from the query string and sends the chosen cigars of other pages', async () => {
    const all = await list('');
    const onFirst = all.varieties[0];
    const last = (await list(`page=${all.pages}`)).varieties.at(-1)!;
    const d = await list(`qty.${onFirst.id}=2&qty.${last.id}=1&qty.nothing=0&messageKind=engraving&message=M.R.&boxID=abc`);
    expect(d.values.qty).toEqual({ [onFirst.id]: 2, [last.id]: 1 });
    expect(d.values).toMatchObject({ messageKind: 'engraving', message: 'M.R.', boxID: 'abc' });
    expect(d.chosen.map((x) => x.id)).toEqual([last.id]);
  });
});
