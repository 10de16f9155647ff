/**
 * The product fields that carry the same names and values in the catalogue file
 * (`data/catalogue.json`, core/catalogue/import.ts), the admin's product form, the products table,
 * the API's product JSON and the product page: picked in one place, so the five stay in step.
 * Pure; safe in the browser.
 */

type IdentityField = 'sku' | 'category' | 'brand' | 'line' | 'name' | 'vitola';
type CompositionField = 'wrapper' | 'binder' | 'filler' | 'origin' | 'strength' | 'packaging';

/** What a product is called: SKU, category, brand, line, name and vitola (a cigar's size and shape). */
export function productIdentity<P extends Record<IdentityField, unknown>>(p: P): Pick<P, IdentityField> {
  return { sku: p.sku, category: p.category, brand: p.brand, line: p.line, name: p.name, vitola: p.vitola };
}

/** What a product is made of and how it is packed: wrapper, binder, filler, origin, strength, packaging. */
export function productComposition<P extends Record<CompositionField, unknown>>(p: P): Pick<P, CompositionField> {
  return { wrapper: p.wrapper, binder: p.binder, filler: p.filler, origin: p.origin, strength: p.strength, packaging: p.packaging };
}
