/**
 * The data of the custom box builder (/custombox): the box models, one page of the single cigars
 * that match the visitor's search and filters, the cigars already chosen (wherever they are in the
 * list), and the minimum number of varieties and the text limits (core/custom-box). Money in
 * Rappen.
 *
 * The list is cut on the server so that a phone gets only its first screen's worth of cigars, not
 * all of them (400 and more): the search (name or brand), the filters (brand, strength, vitola) and
 * the page are query parameters, so that paging and searching work without JavaScript too (a GET of
 * the builder's form). The choices travel in the same form (`qty.<id>`, `boxID`, `messageKind`,
 * `message`), so they survive paging and searching: the loader reads them from the URL.
 */
import type { Db } from '../../core/db/index.ts';
import { boxModelName, boxOptions } from '../../core/custom-box/index.ts';
import { readValues, type BoxValues } from './box-form.ts';

/** Cigars on one page of the builder's list: about two phone screens. */
export const BOX_PAGE_SIZE = 12;

/** Lower case, without accents, for matching a search against names and brands. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Whether a cigar matches the builder's search and filters (every word of `q` in its brand or name). */
function matches(x: { name: string; brand: string | null; strength: string | null; vitola: string | null }, v: BoxValues, words: string[]): boolean {
  if (v.brand && x.brand !== v.brand) return false;
  if (v.strength && x.strength !== v.strength) return false;
  if (v.vitola && x.vitola !== v.vitola) return false;
  if (words.length === 0) return true;
  const text = fold(`${x.brand ?? ''} ${x.name}`);
  return words.every((w) => text.includes(w));
}

/**
 * The models, the page of varieties and the rules of the builder, as the page needs them.
 * @param search the page's query string (`URLSearchParams`): `q`, `brand`, `strength`, `vitola`,
 *   `page` (1-based; clamped to the pages there are) and the choices so far.
 * @param lang the page's language (the box models' default names).
 */
export async function boxBuilderData(db: Db, search: URLSearchParams, lang = 'en') {
  const o = await boxOptions(db);
  const values = readValues(search);
  const all = o.varieties.map((v) => ({
    id: v.id,
    name: v.name,
    brand: v.brand,
    packaging: v.packaging,
    stock: v.stock,
    strength: v.strength,
    vitola: v.vitola,
    lengthMm: v.lengthMm,
    ringGauge: v.ringGauge,
    wrapper: v.wrapper,
    unitPrice: v.unitPrice,
    basePrice: v.basePrice,
    discountPercent: v.discountPercent,
  }));
  const words = fold(values.q).split(/\s+/).filter(Boolean);
  const found = all.filter((x) => matches(x, values, words));
  const pages = Math.max(1, Math.ceil(found.length / BOX_PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1));
  const varieties = found.slice((page - 1) * BOX_PAGE_SIZE, page * BOX_PAGE_SIZE);
  const onPage = new Set(varieties.map((x) => x.id));
  const distinct = (list: (string | null)[]) => [...new Set(list.filter((x): x is string => Boolean(x)))].sort((a, b) => a.localeCompare(b));
  return {
    min: o.minVarieties,
    limits: o.messageLimits,
    // the shop's default model names in the page's language ("Zedernholzkiste für 10 Zigarren"), an owner's own as written
    models: o.models.map((m) => ({ id: m.id, name: boxModelName(m, lang), capacity: m.capacity, price: m.price, drawing: m.drawing })),
    /** This page's cigars. */
    varieties,
    /** The chosen cigars that are not on this page (their counts go with the form as hidden fields). */
    chosen: all.filter((x) => values.qty[x.id] && !onPage.has(x.id)),
    /** The choices and filters the URL carries (a GET of the builder's form). */
    values,
    page,
    pages,
    /** Cigars matching the search and filters, on all pages. */
    found: found.length,
    /** Single cigars in stock, before any search. */
    offered: all.length,
    brands: distinct(all.map((x) => x.brand)),
    vitolas: distinct(all.map((x) => x.vitola)),
  };
}

/** What {@link boxBuilderData} returns. */
export type BoxBuilderData = Awaited<ReturnType<typeof boxBuilderData>>;
/** One single cigar of the builder. */
export type BoxBuilderVariety = BoxBuilderData['varieties'][number];
