/**
 * The invoices module's face (invoice and credit-note PDFs with the QR-bill, their fonts and
 * labels; the VAT report of a period and its journal CSV): what other modules and layers import
 * of it; its other files are inner (docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './credit-note.ts';
export * from './pdf.ts';
export * from './vat-journal.ts';
export * from './vat-report.ts';
