/** Catalogue tables. Money is integer Rappen (docs/architecture.md, "Rules of the domain"). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, real, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, rappen } from './columns.ts';

/** Locale code -> text, e.g. `{ en: "…", de: "…" }`. */
export type LocalizedText = Partial<Record<string, string>>;
/** An image of a product: a path under the site root, e.g. `/images/products/x.webp`. */
/**
 * Uploaded photos also carry their id, intrinsic size and the widths rendered, so pages
 * can build AVIF/WebP/JPEG `srcset`s from `/media/products/<id>/<width>.<avif|webp|jpg>`.
 */
/**
 * A product's own texts in one language (CSV `name_de`, `wrapper_de` …, the admin's product form),
 * each over its English field; a field not given reads the English one (catalogue values then
 * through the value dictionary, core/catalogue/values.ts).
 */
export type ProductLanguageTexts = { name?: string; wrapper?: string; binder?: string; filler?: string; origin?: string; tastingNotes?: string[] };
/** {@link ProductLanguageTexts} by language code (`de`, `fr`, `it`, `es`). */
export type ProductTexts = Partial<Record<string, ProductLanguageTexts>>;

export type ProductImage = { path: string; alt?: string; id?: string; width?: number; height?: number; widths?: number[] };

export const products = pgTable(
  'products',
  {
    id: idColumn(),
    sku: text('sku').notNull().unique(),
    category: text('category', { enum: ['cigar', 'rolling-tobacco', 'accessory'] }).notNull(),
    brand: text('brand').notNull(),
    line: text('line').notNull(),
    name: text('name').notNull(),
    vitola: text('vitola'),
    /** Length in millimetres. */
    lengthMm: integer('length_mm'),
    /** Length in inches, as the catalogue states it. */
    lengthIn: real('length_in'),
    /** Ring gauge in 64ths of an inch. */
    ringGauge: integer('ring_gauge'),
    wrapper: text('wrapper'),
    binder: text('binder'),
    filler: text('filler'),
    origin: text('origin'),
    strength: text('strength', { enum: ['Mild', 'Mild-Medium', 'Medium', 'Medium-Full-bodied', 'Full-bodied'] }),
    packaging: text('packaging').notNull(),
    unitsPerPackage: integer('units_per_package').notNull().default(1),
    /** Price including VAT, in Rappen. */
    basePrice: rappen('base_price_rappen').notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    /** Stock level at or below which the shop gets a low-stock alert (core/jobs/low-stock.ts). */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    popular: boolean('popular').notNull().default(false),
    promotional: boolean('promotional').notNull().default(false),
    /** Listed in the shop; unlisted products stay for order history. */
    active: boolean('active').notNull().default(true),
    description: jsonb('description').$type<LocalizedText>().notNull().default({}),
    tastingNotes: jsonb('tasting_notes').$type<string[]>().notNull().default([]),
    /** The product's own texts per language over the English fields (migration 0031; core/catalogue/product-texts.ts). */
    texts: jsonb('texts').$type<ProductTexts>().notNull().default({}),
    images: jsonb('images').$type<ProductImage[]>().notNull().default([]),
    /** Lower-case, accent-free text searched with pg_trgm (name, brand, line, vitola, wrapper). */
    searchText: text('search_text').notNull().default(''),
    /** Part of the starting catalogue (data/catalogue.json) the first start imported (migration 0032). */
    seeded: boolean('seeded').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    check('products_stock_non_negative', sql`${t.stock} >= 0`),
    check('products_price_non_negative', sql`${t.basePrice} >= 0`),
    check('products_discount_range', sql`${t.discountPercent} between 0 and 100`),
    index('products_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('products_category').on(t.category),
  ],
);

export type ProductRow = typeof products.$inferSelect;
