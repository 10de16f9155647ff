/** Moved to core/i18n/locales.ts; kept so imports from the UI stay short. */
export * from '../../core/i18n/browser.ts';
