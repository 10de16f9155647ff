/**
 * The catalogue module's face (products, import, admin management, photos, list/detail/home
 * sections, live search, sitemap): what other modules and layers import of it; its other files are
 * inner (docs/decisions/018-module-faces.md).
 */
// The shop's pages: products, lists, search, sitemap
export { getProduct, homeSections, listProducts, searchProducts } from './service.ts';
export { getProductCached } from './product-cache.ts';
export { listedProductDates } from './sitemap.ts';
export { nameInLanguage, PRODUCT_TEXT_FIELDS, productInLanguage, productTextColumn } from './product-texts.ts';
export { CATEGORIES, MAX_PHOTO_PIXELS, SORTS, STRENGTHS } from './limits.ts';
// The back office: product form, list and bulk actions, stock, CSV
export { ProductInputSchema, saveProduct } from './admin.ts';
export {
  archiveStartingCatalogue,
  BULK_ACTIONS,
  bulkUpdateProducts,
  countBulkChange,
  listAdminProducts,
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  PRODUCT_SOURCES,
  PRODUCT_STATES,
  PRODUCT_STOCK_FILTERS,
  startingCatalogueCounts,
  type BulkTarget,
  type ProductListQuery,
} from './bulk.ts';
export { adjustStock, decodeCsvFile, importProductsCsv, productForEdit, productsCsv, removeProduct, type CsvEncoding, type CsvImportResult } from './manage.ts';
export { CSV_COLUMN_SPECS, csvTemplate } from './csv-columns.ts';
// Imports: the starting catalogue and CSV drafts
export { CatalogueValidationError, importCatalogue, type ImportProblem } from './import.ts';
export { readImportDraft, removeImportDrafts, saveImportDraft } from './import-drafts.ts';
// Photos
export { addProductPhoto, invoicePhotos, readPhotoFile, readPhotoHeader, renderPhoto, tooManyPixels, updateProductPhotos } from './photos.ts';
export { mediaRoot, photoStore } from './photo-store.ts';
export { addPhotosBySku, matchPhotoUpload, type BulkPhotoFile, type BulkPhotoResult } from './bulk-photo-upload.ts';
export { isZipFile, MAX_BULK_PHOTO_FILES, MAX_BULK_PHOTO_UPLOAD_BYTES, unzipPhotoFiles } from './bulk-photos.ts';
