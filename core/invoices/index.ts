/**
 * The invoices module's face (invoice and credit-note PDFs with the QR-bill, their fonts and
 * labels; the VAT report of a period and its journal CSV): what other modules and layers import
 * of it; its other files are inner (docs/decisions/018-module-faces.md).
 */
export { creditNotePdf } from './credit-note.ts';
export { invoicePdf } from './pdf.ts';
export { journalCsv, journalRows, vatJournalCsv } from './vat-journal.ts';
export { parseDayRange, parsePeriod, periodDays, previousQuarter, summarise, VAT_PERIODS, vatDocuments, vatReport } from './vat-report.ts';
