/**
 * The returns module's face (customers' return requests, admin accept/refuse, return photos): what
 * other modules and layers import of it; its other files are inner (docs/decisions/017-module-
 * faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './browser.ts';
export * from './instructions.ts';
export * from './service.ts';
export { cancelOrderByCustomer } from './cancel.ts';
export { orderDocuments, orderTracking } from './documents.ts';
export { readReturnPhoto } from './photos.ts';
