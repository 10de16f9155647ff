/**
 * The catalogue module's face (products, import, admin management, photos, list/detail/home
 * sections, live search, sitemap): what other modules and layers import of it; its other files are
 * inner (docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './admin.ts';
export * from './browser.ts';
export * from './bulk-photo-upload.ts';
export * from './bulk.ts';
export * from './import-drafts.ts';
export * from './import.ts';
export * from './manage.ts';
export * from './photo-store.ts';
export * from './photos.ts';
export * from './product-cache.ts';
export * from './service.ts';
export * from './sitemap.ts';
