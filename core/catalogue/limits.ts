/** Catalogue constants shared by the admin pages and the services (pure; safe in the browser). */
import { PRODUCT_TEXT_COLUMNS } from './product-texts.ts';

/**
 * A cigar's strength, mildest first. Here rather than in service.ts (which re-exports it): the
 * admin product form needs the list in the browser, and importing it from service.ts took the
 * drizzle table definitions along (~15 KB brotli of drizzle-orm in that page's chunk).
 */
export const STRENGTHS = ['Mild', 'Mild-Medium', 'Medium', 'Medium-Full-bodied', 'Full-bodied'] as const;
export type Strength = (typeof STRENGTHS)[number];

/** The orders of the product list (the storefront's sort choice, also in the browser). */
export const SORTS = ['newest', 'price-asc', 'price-desc', 'name', 'strength'] as const;
/** The product categories (the storefront's category filter, also in the browser). */
export const CATEGORIES = ['cigar', 'rolling-tobacco', 'accessory'] as const;

/** Why stock changed. */
import { STOCK_REASONS } from '../db/browser.ts';
export { type StockReason } from '../db/browser.ts';
/** Reasons an admin may give for a stock adjustment (refund restocks are recorded by refunds). */
export const ADJUST_REASONS = STOCK_REASONS.filter((r) => r !== 'refund');

/** Largest photo accepted, bytes: a phone's full-resolution JPEG or PNG fits. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/**
 * Most pixels a photo may have (width x height, read from its header before anything is
 * decoded): a 40-megapixel phone's, more than any product or return photo needs. Decoding costs
 * memory and CPU in proportion to the pixels, not the file's size (a 10,000 x 10,000 PNG of one
 * colour is 380 KB), so this cap, not the byte limit, bounds what one photo costs.
 */
export const MAX_PHOTO_PIXELS = 40_000_000;
/** Most photo files one upload may carry. */
export const MAX_PHOTOS_PER_UPLOAD = 6;
/**
 * Largest request of one photo upload, bytes (the files together plus the form's other fields).
 * The page's script sends each photo in a request of its own, so this total only limits the plain
 * form (no scripts), whose body is held in memory while it is read: 50 MB keeps that bounded.
 */
export const MAX_PHOTO_UPLOAD_BYTES = 50 * 1024 * 1024;
/**
 * Largest CSV import file, bytes: the shop's own export of 10,000 products with descriptions in
 * five languages (about 1.5 KB a row) fits.
 */
export const MAX_CSV_BYTES = 20 * 1024 * 1024;
/** Most rows one CSV import accepts. */
export const CSV_MAX_ROWS = 10_000;

/** Languages with a description column in the product CSV. */
export const CSV_LANGS = ['en', 'de', 'fr', 'it', 'es'] as const;
/**
 * The product CSV columns, in order. `tasting_notes` separates notes with `|`; the per-language
 * columns (`name_de` … `tasting_notes_es`, product-texts.ts) come last.
 */
export const CSV_COLUMNS = [
  'sku',
  'category',
  'brand',
  'line',
  'name',
  'vitola',
  'length_mm',
  'ring_gauge',
  'wrapper',
  'binder',
  'filler',
  'origin',
  'strength',
  'packaging',
  'units_per_package',
  'price_chf',
  'discount_percent',
  'stock',
  'popular',
  'promotional',
  'active',
  ...CSV_LANGS.map((l) => `description_${l}`),
  'tasting_notes',
  ...PRODUCT_TEXT_COLUMNS,
] as const;
