/**
 * The product fields of a cart line as the cart's prepared statements read them: the
 * cart read (core/cart/service.ts `getCart`) and the add statements (core/cart/add-statement.ts)
 * select {@link productColumns} and turn each row into a {@link CartLineProduct} with
 * {@link productOfRow}.
 */
import { sql } from 'drizzle-orm';
import { products, type ProductRow } from '../db/index.ts';

/** The product fields a cart line shows. Money in Rappen, lengths in mm. */
export type CartLineProduct = Pick<
  ProductRow,
  'id' | 'sku' | 'name' | 'images' | 'basePrice' | 'discountPercent' | 'packaging' | 'stock' | 'brand' | 'vitola' | 'lengthMm' | 'ringGauge' | 'category'
>;

/** The product's columns of {@link productColumns} as a prepared statement reads them (numbers of `bigint` may be strings). */
export type CartProductRow = {
  id: string;
  sku: string;
  name: string;
  images: unknown;
  base_price: number | string;
  discount_percent: number | string;
  packaging: string;
  stock: number | string;
  brand: string;
  vitola: string | null;
  length_mm: number | string | null;
  ring_gauge: number | string | null;
  category: ProductRow['category'];
};

/** The product columns a cart line shows, snake_case as {@link CartProductRow} (for `select`). */
export const productColumns = sql`${products.id} as id, ${products.sku} as sku, ${products.name} as name, ${products.images} as images,
  ${products.basePrice} as base_price, ${products.discountPercent} as discount_percent, ${products.packaging} as packaging,
  ${products.stock} as stock, ${products.brand} as brand, ${products.vitola} as vitola, ${products.lengthMm} as length_mm,
  ${products.ringGauge} as ring_gauge, ${products.category} as category`;

const numberOrNull = (v: number | string | null) => (v === null ? null : Number(v));

/** The cart line's product fields of a prepared statement's row ({@link CartProductRow}), typed as Drizzle reads them. */
export function productOfRow(r: CartProductRow): CartLineProduct {
  return {
    id: r.id,
    sku: r.sku,
    name: r.name,
    images: (typeof r.images === 'string' ? JSON.parse(r.images) : r.images) as CartLineProduct['images'],
    basePrice: Number(r.base_price),
    discountPercent: Number(r.discount_percent),
    packaging: r.packaging,
    stock: Number(r.stock),
    brand: r.brand,
    vitola: r.vitola,
    lengthMm: numberOrNull(r.length_mm),
    ringGauge: numberOrNull(r.ring_gauge),
    category: r.category,
  };
}
