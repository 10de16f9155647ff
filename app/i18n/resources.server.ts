/** Moved to core/i18n/resources.ts; kept for the UI's server modules. */
export * from '../../core/i18n/index.ts';
