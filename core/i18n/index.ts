/**
 * The i18n module's face (locales and the translation engine shared by pages, mails and errors):
 * what other modules and layers import of it; its other files are inner
 * (docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './browser.ts';
export * from './catalogue-check.ts';
export * from './resources.ts';
export * from './texts.ts';
