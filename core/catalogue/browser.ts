/**
 * The catalogue module's browser face (products, import, admin management, photos,
 * list/detail/home sections, live search, sitemap): the part pages may run in the browser. Reaches
 * no Drizzle, database driver, node: module or other server package (checked by .dependency-
 * cruiser-browser.cjs; docs/decisions/018-module-faces.md).
 */
export { isZipFile, MAX_BULK_PHOTO_FILES, MAX_BULK_PHOTO_UPLOAD_BYTES, MAX_PHOTOS, unzipPhotoFiles, type PhotoMatch } from './bulk-photos.ts';
export type { CsvColumnSpec } from './csv-columns.ts';
export { productComposition, productIdentity } from './fields.ts';
export {
  ADJUST_REASONS,
  CATEGORIES,
  CSV_MAX_ROWS,
  MAX_CSV_BYTES,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  MAX_PHOTO_UPLOAD_BYTES,
  MAX_PHOTOS_PER_UPLOAD,
  SORTS,
  STRENGTHS,
} from './limits.ts';
export { packagingLabel } from './packaging.ts';
export { PRODUCT_TEXT_FIELDS, productTextColumn } from './product-texts.ts';
export { catalogueValue, catalogueValues } from './values.ts';
